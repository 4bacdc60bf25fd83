#!/bin/sh
# bench/conflict.sh - a loop that cannot run in parallel (bench/progs/
# conflict_lasso.c: every iteration writes the whole shared residual; with
# PROG=gauss_seidel, bench/progs/gauss_seidel.c: every row reads the x its
# band's other rows write, ROWS BAND SWEEPS; with PROG=bellman_ford,
# bench/progs/bellman_ford.c: a sparse relaxation whose plan has little
# parallelism and whose reconnaissance costs many sweeps, NODES DEGREE
# MAX_SWEEPS; with PROG=stencil_3d, bench/progs/stencil_3d.c: a 3-D stencil over
# ping-pong arrays, whose tasks only the records show apart, SIDE LAYERS STEPS)
# built with plain cc and with stradscc, run at 1x1, 1x2, 2x1 and 4x1 (processes x
# threads), alternating, ROUNDS rounds; prints each run's wall time and the
# median ratio to the plain build (target <= 1.1, first call included: the
# driver runs such a loop alone). Checks that every run prints the plain
# build's result.
# Usage: bench/conflict.sh [ROWS COLUMNS SWEEPS ROUNDS]  (default 20000 800 8 3)
# BUILD names the build folder (default build). Record the output in
# docs/benchmarks.md.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
N=${1:-20000} D=${2:-800} S=${3:-8} R=${4:-3}
PROG=${PROG:-conflict_lasso}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 "$ROOT/bench/progs/$PROG.c" -o "$tmp/seq" -lm
"$BUILD/bin/stradscc" -O2 "$ROOT/bench/progs/$PROG.c" -o "$tmp/par" -lm
now() { date +%s.%N; }
"$tmp/seq" "$N" "$D" "$S" >"$tmp/ref"
for r in $(seq "$R"); do
    for cfg in seq 1x1 1x2 2x1 4x1; do
        t0=$(now)
        if [ "$cfg" = seq ]; then
            "$tmp/seq" "$N" "$D" "$S" >"$tmp/out"
        else
            "$BUILD/bin/strads-run" -n "${cfg%x*}" --threads "${cfg#*x}" "$tmp/par" "$N" "$D" "$S" \
                >"$tmp/out" 2>/dev/null
        fi
        t1=$(now)
        cmp -s "$tmp/ref" "$tmp/out" || { echo "conflict.sh: $cfg printed another result" >&2; exit 1; }
        echo "$cfg $(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}')" | tee -a "$tmp/times"
    done
done
echo "median wall time / plain build:"
seqm=$(awk '$1 == "seq" {print $2}' "$tmp/times" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
for cfg in 1x1 1x2 2x1 4x1; do
    m=$(awk -v c="$cfg" '$1 == c {print $2}' "$tmp/times" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
    echo "  $cfg $(awk -v a="$m" -v b="$seqm" 'BEGIN {printf "%.2f", a / b}')"
done
