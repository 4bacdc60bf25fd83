#!/bin/sh
# equiv-metric.sh STRADSCC STRADS_RUN NPROCS TOL KEY all|last SRC.c [args...]
# - a sample's quality metric: the number that follows the word KEY on the
# program's output lines, from the plain-cc build and from the stradscc build
# run with `strads-run -n NPROCS`, agree within relative tolerance TOL
# (|par - ref| <= TOL * |ref|), on every such line (all) or on the last one
# (last). Both builds must also be -Wall -Wextra clean (gnu11).
set -eu
stradscc=$1
run=$2
np=$3
tol=$4
key=$5
which=$6
src=$7
shift 7
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -std=gnu11 -O2 -Wall -Wextra -Werror -Wno-unknown-pragmas "$src" -o "$dir/ref" -lm
"$stradscc" -std=gnu11 -O2 -Wall -Wextra -Werror "$src" -o "$dir/par" -lm
"$dir/ref" "$@" >"$dir/ref.out"
"$run" -n "$np" "$dir/par" "$@" >"$dir/par.out"
cat "$dir/par.out"
pick() {
    awk -v key="$key" '{ for (i = 1; i < NF; i++) if ($i == key) print $(i + 1) }' "$1"
}
pick "$dir/ref.out" >"$dir/ref.val"
pick "$dir/par.out" >"$dir/par.val"
if [ "$which" = last ]; then
    tail -n 1 "$dir/ref.val" >"$dir/ref.tmp" && mv "$dir/ref.tmp" "$dir/ref.val"
    tail -n 1 "$dir/par.val" >"$dir/par.tmp" && mv "$dir/par.tmp" "$dir/par.val"
fi
nref=$(wc -l <"$dir/ref.val")
npar=$(wc -l <"$dir/par.val")
if [ "$nref" -eq 0 ] || [ "$nref" -ne "$npar" ]; then
    echo "FAIL: '$key' appears on $nref lines of the sequential output, $npar of the parallel one"
    exit 1
fi
paste "$dir/ref.val" "$dir/par.val" | awk -v tol="$tol" -v key="$key" '
    {
        d = $1 - $2; if (d < 0) d = -d
        m = $1 < 0 ? -$1 : $1
        r = m > 0 ? d / m : d
        if (r > worst) worst = r
        if (d > tol * m) { print "FAIL: " key " " $1 " (cc) vs " $2 " (strads), relative " r; bad = 1 }
    }
    END { printf "%s: %d value(s), largest relative difference %.3g (tolerance %s)\n", key, NR, worst, tol; exit bad }'
