#!/bin/sh
# pagerank.sh STRADSCC STRADS_RUN NPROCS TOL [args...]
# - samples/pagerank: the plain-cc build and the stradscc build run with
# `strads-run -n NPROCS` on the same graph give rank vectors whose L1
# distance is at most TOL, and the same 10 vertices of highest rank in the
# same order. Both builds must be -Wall -Wextra clean (gnu11).
set -eu
stradscc=$1
run=$2
np=$3
tol=$4
shift 4
src=$(dirname "$0")/../../samples/pagerank/pagerank.c
. "$(dirname "$0")/builds.sh"
"$dir/ref" "$@" "$dir/ref.txt" >"$dir/ref.out"
"$run" -n "$np" "$dir/par" "$@" "$dir/par.txt" >"$dir/par.out"
echo "== cc build"
cat "$dir/ref.out"
echo "== stradscc build, strads-run -n $np"
cat "$dir/par.out"
bad=0
if [ "$(grep '^top10' "$dir/ref.out")" != "$(grep '^top10' "$dir/par.out")" ]; then
    echo "FAIL: the top 10 vertices differ"
    bad=1
fi
paste "$dir/ref.txt" "$dir/par.txt" | awk -v tol="$tol" '
    NF != 2 { print "FAIL: the rank files differ in length"; exit 1 }
    { d = $1 - $2; l1 += d < 0 ? -d : d; n++ }
    END { ok = n > 0 && l1 <= tol
          printf "%s: L1 distance of %d ranks %.3g, tolerance %s\n", ok ? "ok" : "FAIL", n, l1, tol
          exit !ok }' || bad=1
exit $bad
