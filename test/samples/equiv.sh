#!/bin/sh
# equiv.sh STRADSCC STRADS_RUN NPROCS SRC.c CHECKS [args...]
# - a sample's quality metrics from the plain-cc build and from the stradscc
# build run with `strads-run -n NPROCS`, on the same arguments, agree within
# their tolerances. CHECKS is a space-separated list of KEY:TOL items: the
# metric is the number that follows the word KEY on the last output line
# where KEY appears, and the two builds agree when |par - ref| <= TOL * |ref|
# (TOL 0: exactly). Both builds must be -Wall -Wextra clean (gnu11).
set -eu
stradscc=$1
run=$2
np=$3
src=$4
checks=$5
shift 5
. "$(dirname "$0")/builds.sh"
"$dir/ref" "$@" >"$dir/ref.out"
"$run" -n "$np" "$dir/par" "$@" >"$dir/par.out"
echo "== cc build"
cat "$dir/ref.out"
echo "== stradscc build, strads-run -n $np"
cat "$dir/par.out"
bad=0
for c in $checks; do
    key=${c%%:*}
    tol=${c#*:}
    last() {
        awk -v key="$key" '{ for (i = 1; i < NF; i++) if ($i == key) v = $(i + 1) }
                           END { if (v == "") exit 1; print v }' "$1"
    }
    if ! ref=$(last "$dir/ref.out") || ! par=$(last "$dir/par.out"); then
        echo "FAIL: no '$key' in the output of both builds"
        bad=1
        continue
    fi
    awk -v r="$ref" -v p="$par" -v tol="$tol" -v key="$key" 'BEGIN {
        d = r - p; if (d < 0) d = -d
        m = r < 0 ? -r : r
        ok = d <= tol * m
        printf "%s: %s %s (cc) vs %s (strads), relative %.3g, tolerance %s\n",
               (ok ? "ok" : "FAIL"), key, r, p, (m > 0 ? d / m : d), tol
        exit !ok }' || bad=1
done
exit $bad
