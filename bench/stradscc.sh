#!/bin/sh
# bench/stradscc.sh [REPS] - compile-time cost of the frontend, in one run:
#   * stradscc -O2 -c end to end vs cc -O2 -c on the same annotated sources
#     (target: <= 1.5x), per file and overall, in CPU
#     time and in wall time, the way a build runs it: through stradsc's
#     compile server (frontend/serve.h), which keeps libclang loaded;
#   * the same without the server (STRADSCC_SERVER=0: every file loads
#     libclang, as the first file of a build does), in wall time;
#   * where stradscc's time goes: stradsc run directly, then cc -O2 of its
#     output ("cc gen"; stradscc runs nothing else for -c);
#   * stradsc time per thousand lines of the translation unit it parses
#     (the user's file plus every header it includes, counted with cc -E).
# Every measurement is the mean of REPS back-to-back runs (default 5). No
# cache is involved: every run translates and compiles from scratch.
# CPU time is user + system of the command and its children, and for served
# runs also of the server's workers (its children, read from /proc; a
# worker's warm-up counts where it happens: in the measurement during which
# a worker retired and a new one started): on a loaded machine the wall time of a 50 ms compile varies
# by 2x, its CPU time much less (the loader's page faults count as system
# time, so libclang's start-up is included where it happens). Wall time is
# what a user waits for; judge it on an otherwise idle machine.
# Overall: "mean" is the mean of the per-file ratios, "sum" the ratio of the
# summed times, each over the samples (samples/*) and over all files.
# ICOUNT=1: count instructions instead (valgrind's callgrind over the command
# and its children, one run, columns in millions, no wall time, no server):
# deterministic, so the ratios do not move with the machine's load, but page
# faults (libclang's start-up) cost nothing there.
# SOURCES="a.c b.c" measures only those files.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
REPS=${1:-5}
[ -x "$BUILD/bin/stradscc" ] || { echo "build first: cmake --build $BUILD" >&2; exit 2; }
tmp=$(mktemp -d)
# a compile server of this run's own, gone with it
export XDG_RUNTIME_DIR="$tmp/run" STRADSCC_SERVER_IDLE=600
mkdir -m 700 "$XDG_RUNTIME_DIR"
server_pid() { pgrep -o -f "stradsc --serve $XDG_RUNTIME_DIR/" || true; }
trap 'p=$(server_pid); [ -z "$p" ] || kill "$p"; rm -rf "$tmp"' EXIT
# CPU seconds of the server's workers: those it reaped and those alive
server_cpu() {
    p=$(server_pid)
    [ -n "$p" ] || { echo 0; return; }
    for f in "/proc/$p/stat" $(pgrep -P "$p" | sed 's|.*|/proc/&/stat|'); do
        [ -r "$f" ] && cat "$f"
    done 2>/dev/null | awk -v hz="$(getconf CLK_TCK)" -v srv="$p" '{
        pid = $1; sub(/^.*\) /, "")
        t += (pid == srv) ? $14 + $15 : $12 + $13 } END { print t / hz }'
}

# measure CMD...: "CPU WALL", seconds per run of CMD over REPS back-to-back
# runs (CPU: user + system of the command and its children, and of the
# server's workers).
measure() {
    c0=$(server_cpu)
    t0=$(date +%s%N)
    cpu=$(
        i=0
        while [ $i -lt "$REPS" ]; do
            "$@" >/dev/null 2>&1
            i=$((i + 1))
        done
        times
    )
    t1=$(date +%s%N)
    c1=$(server_cpu)
    echo "$cpu" | tail -1 | awk -v n="$REPS" -v w="$((t1 - t0))" -v sc="$c0 $c1" '{
        split($1, u, "m"); split($2, s, "m"); split(sc, c, " ")
        printf "%.4f %.4f\n", (u[1] * 60 + u[2] + s[1] * 60 + s[2] + c[2] - c[1]) / n, w / 1e9 / n }'
}
if [ "${ICOUNT:-0}" = 1 ]; then
    command -v valgrind >/dev/null || { echo "ICOUNT=1 needs valgrind" >&2; exit 2; }
    measure() {
        rm -f "$tmp"/cg.*
        valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$tmp/cg.%p" \
            "$@" >/dev/null 2>&1
        cat "$tmp"/cg.* | awk '/^summary:/ { s += $2 } END { printf "%.1f 0\n", s / 1e6 }'
    }
    unit=M what=instr
    export STRADSCC_SERVER=0 # callgrind follows children, not the server's workers
else
    unit=s what=cpu
fi
printf "%-22s %6s %9s %9s %9s %9s %6s %9s %9s %6s %9s %6s\n" source lines "stradsc" "cc gen" \
    "cc -O2" "stradscc" "ratio" "cc wall" "scc wall" "ratio" "direct" "ratio"
printf "%-22s %6s %9s %9s %9s %9s %6s %9s %9s %6s %9s %6s\n" "" "" "$what $unit" "$what $unit" \
    "$what $unit" "$what $unit" "$what" "s" "s" "wall" "wall s" "wall"
for src in ${SOURCES:-"$ROOT"/samples/*/*.c "$ROOT"/test/frontend/golden/*.c "$ROOT"/test/frontend/w2v/*.c}; do
    [ -f "$src" ] || continue
    grep -q "pragma strads" "$src" || continue
    case $src in "$ROOT"/samples/*) kind=sample ;; *) kind=test ;; esac
    lines=$(cc -E "$src" -I"$ROOT/include" 2>/dev/null | wc -l)
    set -- $(measure "$BUILD/bin/stradsc" "$src" -I"$ROOT/include" -o "$tmp/out.c")
    t_sc=$1
    set -- $(measure cc -O2 -c "$tmp/out.c" -I"$ROOT/include" -iquote "$(dirname "$src")" -o "$tmp/g.o")
    t_gen=$1
    set -- $(measure cc -O2 -c "$src" -I"$ROOT/include" -o "$tmp/a.o")
    t_cc=$1 w_cc=$2
    # served: one untimed run first, so the server is up (a build's first file)
    "$BUILD/bin/stradscc" -O2 -c "$src" -I"$ROOT/include" -o "$tmp/b.o" >/dev/null 2>&1
    set -- $(measure "$BUILD/bin/stradscc" -O2 -c "$src" -I"$ROOT/include" -o "$tmp/b.o")
    t_scc=$1 w_scc=$2
    w_dir=0
    if [ "$unit" = s ]; then
        set -- $(STRADSCC_SERVER=0 measure "$BUILD/bin/stradscc" -O2 -c "$src" -I"$ROOT/include" \
            -o "$tmp/b.o")
        w_dir=$2
    fi
    echo "$kind $lines $t_sc $t_cc $t_scc $t_gen $w_cc $w_scc $w_dir" >>"$tmp/all"
    awk -v f="$(basename "$src")" -v l="$lines" -v sc="$t_sc" -v g="$t_gen" -v c="$t_cc" \
        -v x="$t_scc" -v wc="$w_cc" -v wx="$w_scc" -v wd="$w_dir" -v unit="$unit" 'BEGIN {
        printf "%-22s %6d %9.3f %9.3f %9.3f %9.3f %6.2f", f, l, sc, g, c, x, (c > 0 ? x / c : 0)
        if (unit == "s") printf " %9.3f %9.3f %6.2f %9.3f %6.2f", wc, wx, (wc > 0 ? wx / wc : 0),
            wd, (wc > 0 ? wd / wc : 0)
        printf "\n" }'
done
awk -v unit="$unit" -v what="$what" '{ l += $2; s += $3; c += $4; x += $5; g += $6; wc += $7; wx += $8; n++
       rc += $5 / $4; if ($7 > 0) rw += $8 / $7 }
     $1 == "sample" { sn++; sc += $4; sx += $5; swc += $7; swx += $8; swd += $9
       src += $5 / $4; if ($7 > 0) { srw += $8 / $7; srd += $9 / $7 } }
     END {
    if (unit == "s")
        printf "\nstradsc: %.1f ms CPU per 1000 lines (incl. system headers)\n", 1000 * s / (l / 1000)
    else
        printf "\nstradsc: %.1f M instructions per 1000 lines (incl. system headers)\n", s / (l / 1000)
    printf "stradscc / cc -O2 (target <= 1.5):\n"
    if (sn) {
        printf "  samples (%d files): %s mean %.2f sum %.2f", sn, what, src / sn, sx / sc
        if (unit == "s") printf "; wall mean %.2f sum %.2f", srw / sn, swx / swc
        if (unit == "s") printf "\n  samples without the server (STRADSCC_SERVER=0): wall mean %.2f sum %.2f",
            srd / sn, swd / swc
    }
    printf "\n  all (%d files):     %s mean %.2f sum %.2f", n, what, rc / n, x / c
    if (unit == "s") printf "; wall mean %.2f sum %.2f", rw / n, wx / wc
    printf "\nall files: stradsc = %.2f x cc -O2, cc of the generated file = %.2f x cc -O2\n",
        s / c, g / c }' "$tmp/all"
