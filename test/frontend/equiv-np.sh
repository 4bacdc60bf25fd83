#!/bin/sh
# equiv-np.sh STRADSCC STRADS_RUN NPROCS TOL SRC.c [args...] - the annotated
# program run on NPROCS processes prints the same lines as its plain-cc build,
# every number within relative tolerance TOL (async_for runs in another
# serializable order and sync_for averages models, so bits differ).
set -eu
stradscc=$1
run=$2
np=$3
tol=$4
src=$5
shift 5
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -O2 -w "$src" -o "$dir/ref" -lm
"$stradscc" -O2 "$src" -o "$dir/par" -lm
"$dir/ref" "$@" >"$dir/ref.out"
"$run" -n "$np" "$dir/par" "$@" >"$dir/par.out"
paste -d '\n' "$dir/ref.out" "$dir/par.out" | awk -v tol="$tol" '
    NR % 2 == 1 { split($0, a); n = NF; line = $0; next }
    {
        if (NF != n) { print "FAIL: line shapes differ: " line " | " $0; bad = 1; next }
        for (i = 1; i <= NF; i++) {
            if (a[i] ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) {
                d = a[i] - $i; if (d < 0) d = -d
                m = a[i] < 0 ? -a[i] : a[i]; if (m < 1) m = 1
                if (d > tol * m) { print "FAIL: " a[i] " vs " $i " in: " $0; bad = 1 }
            } else if (a[i] != $i) { print "FAIL: " a[i] " vs " $i; bad = 1 }
        }
    }
    END { exit bad }'
cat "$dir/par.out"
