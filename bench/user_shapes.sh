#!/bin/sh
# bench/user_shapes.sh - loop shapes of users' programs that the engine's
# own samples do not have, each against its plain cc build in one run:
#   mg_levels   a flat 3-D grid's slabs, u[(i3 * n + i2) * n + i1], smoothed
#               level by level on 6 grid sizes (NPB MG's V-cycle)
#   block_wave  16x16 blocks of a 1024 x 1024 matrix, one per iteration,
#               the block row picked by a step that changes every call
#               (Rodinia lud, nw)
#   srad_stencil  a 1024 x 1024 diffusion step, flat images indexed
#               i * cols + j, neighbours through index arrays (Rodinia srad)
#   layer_cycle one dense layer's sync_for called for nine layers a step,
#               pointers into one activation dvector (llm.c's matmul)
#   scatter_sum a CSC scatter y[row[j]] += x[c] under aggregate(y: sum)
#               (PageRank as users write it with sync_for)
# Each built with cc -O2 and stradscc -O2, run plain and at 1x2, 2x1 and
# -n 1 (processes x threads), alternating, ROUNDS rounds (default 3);
# prints the median wall seconds and the ratio to the plain build's, and
# checks that every run printed the plain build's checksum.
# Usage: bench/user_shapes.sh [PROG...]; BUILD names the build folder.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD:-$ROOT/build}/bin
ROUNDS=${ROUNDS:-3}
PROGS=${*:-mg_levels block_wave srad_stencil layer_cycle scatter_sum}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
echo "user_shapes: $ROUNDS rounds, $(nproc) cores, commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
printf '%-11s %8s %14s %14s %14s\n' program plain_s 1x2 2x1 "-n 1"
status=0
for p in $PROGS; do
    cc -O2 -w "$ROOT/bench/progs/$p.c" -o "$tmp/$p.seq"
    "$B/stradscc" -O2 "$ROOT/bench/progs/$p.c" -o "$tmp/$p.par" 2>/dev/null
    "$tmp/$p.seq" >"$tmp/$p.want"
    : >"$tmp/times"
    for r in $(seq "$ROUNDS"); do
        for cfg in seq 1x2 2x1 def; do
            t0=$(now)
            case $cfg in
            seq) "$tmp/$p.seq" >"$tmp/out" ;;
            def) "$B/strads-run" -n 1 "$tmp/$p.par" >"$tmp/out" 2>/dev/null ;;
            *) "$B/strads-run" -n "${cfg%x*}" --threads "${cfg#*x}" "$tmp/$p.par" >"$tmp/out" 2>/dev/null ;;
            esac || { echo "$p $cfg: failed"; status=1; }
            t1=$(now)
            cmp -s "$tmp/out" "$tmp/$p.want" || { echo "$p $cfg: output differs from the plain build's"; status=1; }
            echo "$cfg $(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}')" >>"$tmp/times"
        done
    done
    s=$(awk '$1 == "seq" {print $2}' "$tmp/times" | median)
    line=$(printf '%-11s %8s' "$p" "$s")
    for cfg in 1x2 2x1 def; do
        m=$(awk -v c="$cfg" '$1 == c {print $2}' "$tmp/times" | median)
        line="$line $(printf '%14s' "$m ($(awk -v a="$m" -v b="$s" 'BEGIN {printf "%.2f", a / b}'))")"
    done
    echo "$line"
done
exit $status
