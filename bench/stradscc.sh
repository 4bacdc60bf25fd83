#!/bin/sh
# bench/stradscc.sh [REPS] - compile-time cost of the frontend, in one run:
#   * stradsc time per thousand lines of the translation unit it parses
#     (the user's file plus every header it includes, counted with cc -E);
#   * stradscc -O2 end to end vs cc -O2 on the same annotated sources
#     (target of the frontend issue: <= 1.5x).
# Every measurement is the mean of REPS back-to-back runs (default 5).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
REPS=${1:-5}
[ -x "$BUILD/bin/stradscc" ] || { echo "build first: cmake --build $BUILD" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# cpu CMD...: seconds per run of CMD, the mean over REPS runs (wall time of
# back-to-back runs: /usr/bin/time's 10 ms resolution is too coarse here)
cpu() {
    t0=$(date +%s%N)
    i=0
    while [ $i -lt "$REPS" ]; do
        "$@" >/dev/null 2>&1
        i=$((i + 1))
    done
    echo "$t0 $(date +%s%N) $REPS" | awk '{ printf "%.4f\n", ($2 - $1) / 1e9 / $3 }'
}
printf "%-28s %8s %10s %10s %10s %8s\n" source lines "stradsc s" "cc -O2 s" "stradscc s" ratio
for src in "$ROOT"/samples/sgdmf/sgdmf.c "$ROOT"/test/frontend/golden/*.c "$ROOT"/test/frontend/w2v/*.c; do
    [ -f "$src" ] || continue
    grep -q "pragma strads" "$src" || continue
    lines=$(cc -E "$src" -I"$ROOT/include" 2>/dev/null | wc -l)
    t_sc=$(cpu "$BUILD/bin/stradsc" "$src" -o "$tmp/out.c")
    t_cc=$(cpu cc -O2 -c "$src" -o "$tmp/a.o")
    t_scc=$(cpu "$BUILD/bin/stradscc" -O2 -c "$src" -o "$tmp/b.o")
    printf "%-28s %8d %10.3f %10.3f %10.3f %8.2f\n" "$(basename "$src")" "$lines" "$t_sc" "$t_cc" "$t_scc" \
        "$(awk -v a="$t_scc" -v b="$t_cc" 'BEGIN { print (b > 0 ? a / b : 0) }')"
    echo "$lines $t_sc $t_cc $t_scc" >>"$tmp/all"
done
awk '{ l += $1; s += $2; c += $3; x += $4 } END {
    printf "\nstradsc: %.1f ms per 1000 lines (incl. system headers); stradscc / cc -O2 = %.2f (target <= 1.5)\n",
           1000 * s / (l / 1000), x / c }' "$tmp/all"
