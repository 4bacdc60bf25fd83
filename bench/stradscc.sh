#!/bin/sh
# bench/stradscc.sh [REPS] - compile-time cost of the frontend, in one run:
#   * stradsc time per thousand lines of the translation unit it parses
#     (the user's file plus every header it includes, counted with cc -E);
#   * stradscc -O2 end to end vs cc -O2 on the same annotated sources
#     (target of the frontend issue: <= 1.5x), over the samples and over
#     all files;
#   * where stradscc's time goes: stradsc, then cc -O2 of its output ("cc
#     gen"; stradscc runs nothing else for -c).
# Every measurement is the mean of REPS back-to-back runs (default 5). No
# cache is involved: every run translates and compiles from scratch.
# ICOUNT=1: count instructions instead (valgrind's callgrind over the command
# and its children, one run, columns in millions): deterministic, so the
# ratios do not move with the machine's load, but page faults (libclang's
# start-up) cost nothing there.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
REPS=${1:-5}
[ -x "$BUILD/bin/stradscc" ] || { echo "build first: cmake --build $BUILD" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# cpu CMD...: CPU seconds (user + system, the command and its children) per
# run of CMD, the mean over REPS back-to-back runs. CPU time, not wall time:
# on this shared machine the wall time of a 50 ms compile varies by 2x with
# the load, its CPU time much less (the loader's page faults count as
# system time, so libclang's start-up cost is included).
cpu() {
    (
        i=0
        while [ $i -lt "$REPS" ]; do
            "$@" >/dev/null 2>&1
            i=$((i + 1))
        done
        times
    ) | tail -1 | awk -v n="$REPS" '{
        split($1, u, "m"); split($2, s, "m")
        printf "%.4f\n", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) / n }'
}
if [ "${ICOUNT:-0}" = 1 ]; then
    command -v valgrind >/dev/null || { echo "ICOUNT=1 needs valgrind" >&2; exit 2; }
    cpu() {
        rm -f "$tmp"/cg.*
        valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$tmp/cg.%p" \
            "$@" >/dev/null 2>&1
        cat "$tmp"/cg.* | awk '/^summary:/ { s += $2 } END { printf "%.1f\n", s / 1e6 }'
    }
    unit=M
else
    unit=s
fi
printf "%-28s %8s %10s %10s %10s %10s %8s\n" source lines "stradsc $unit" "cc gen $unit" \
    "cc -O2 $unit" "stradscc $unit" ratio
# SOURCES="a.c b.c" measures only those files.
for src in ${SOURCES:-"$ROOT"/samples/*/*.c "$ROOT"/test/frontend/golden/*.c "$ROOT"/test/frontend/w2v/*.c}; do
    [ -f "$src" ] || continue
    grep -q "pragma strads" "$src" || continue
    case $src in "$ROOT"/samples/*) kind=sample ;; *) kind=test ;; esac
    lines=$(cc -E "$src" -I"$ROOT/include" 2>/dev/null | wc -l)
    t_sc=$(cpu "$BUILD/bin/stradsc" "$src" -I"$ROOT/include" -o "$tmp/out.c")
    t_gen=$(cpu cc -O2 -c "$tmp/out.c" -I"$ROOT/include" -iquote "$(dirname "$src")" -o "$tmp/g.o")
    t_cc=$(cpu cc -O2 -c "$src" -I"$ROOT/include" -o "$tmp/a.o")
    t_scc=$(cpu "$BUILD/bin/stradscc" -O2 -c "$src" -I"$ROOT/include" -o "$tmp/b.o")
    printf "%-28s %8d %10.3f %10.3f %10.3f %10.3f %8.2f\n" "$(basename "$src")" "$lines" "$t_sc" \
        "$t_gen" "$t_cc" "$t_scc" "$(awk -v a="$t_scc" -v b="$t_cc" 'BEGIN { print (b > 0 ? a / b : 0) }')"
    echo "$kind $lines $t_sc $t_cc $t_scc $t_gen" >>"$tmp/all"
done
awk -v unit="$unit" '{ l += $2; s += $3; c += $4; x += $5; g += $6 }
     $1 == "sample" { sc += $4; sx += $5 }
     END {
    if (unit == "s")
        printf "\nstradsc: %.1f ms per 1000 lines (incl. system headers)\n", 1000 * s / (l / 1000)
    else
        printf "\nstradsc: %.1f M instructions per 1000 lines (incl. system headers)\n", s / (l / 1000)
    printf "stradscc / cc -O2 = %.2f on the samples, %.2f on all files (target <= 1.5)\n", sx / sc, x / c
    printf "all files: stradsc = %.2f x cc -O2, cc of the generated file = %.2f x cc -O2\n", s / c, g / c }' "$tmp/all"
