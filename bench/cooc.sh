#!/bin/sh
# bench/cooc.sh - async_for on a co-occurrence embedding trainer, in five
# styles: bench/progs/cooc_embed.c (records as an array of structs; each
# record updates two rows of one array, one in each half, and the same rows
# of a second array), bench/progs/cooc_soa.c (the same records as three
# arrays of fields), bench/progs/cooc_sep.c (word and context vectors
# and their sums in four arrays of their own) and bench/progs/cooc_glove.c
# (Stanford GloVe's habits: one flat double array reached through offsets
# l1 and l2, NaN checks, clipping, update buffers) and bench/progs/cooc_bias.c
# (vectors, biases and the sums of both in eight arrays of their own). Each
# style is built with plain cc and with
# stradscc, run sequential, at 1x2 and at 2x1 (processes x threads), in
# turn, ROUNDS rounds. Prints each run's training time (the program's own
# clock around the epochs) and wall time, the median speedups over the
# plain build per style (target >= 1.5 at 1x2 and 2x1), the plan each
# configuration got and its first call's reconnaissance + planning against
# a later call's run (the STRADS_STATS ev=async_for / ev=async_plan lines),
# and checks that every run's loss agrees with the plain build's (within
# TOL, relative, default 0.05: a plan is a serial order, not the
# program's own, and SGD's loss depends on the order).
# Usage: [ROUNDS=n] [TOL=x] [STYLES="embed soa sep glove bias"] bench/cooc.sh [WORDS RECORDS DIM EPOCHS]
# (default 100000 1000000 50 5). BUILD names the build folder (default
# build). Record the output in docs/benchmarks.md.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
V=${1:-100000} N=${2:-1000000} D=${3:-50} E=${4:-5}
ROUNDS=${ROUNDS:-3} TOL=${TOL:-0.05} STYLES=${STYLES:-embed soa sep glove bias}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for st in $STYLES; do
    cc -O2 "$ROOT/bench/progs/cooc_$st.c" -o "$tmp/seq_$st" -lm
    "$BUILD/bin/stradscc" -O2 "$ROOT/bench/progs/cooc_$st.c" -o "$tmp/par_$st" -lm
done
# the plain build gets what strads-run gives the job: huge pages for malloc
HP=
[ "${STRADS_HUGEPAGES:-1}" = 0 ] || HP=glibc.malloc.hugetlb=1
now() { date +%s.%N; }
. "$ROOT/test/stats.sh" # stats_lines
echo "cooc: $V words, $N records, dim $D, $E epochs ($(nproc) cores), $(git -C "$ROOT" rev-parse --short HEAD)"
for r in $(seq "$ROUNDS"); do
  for st in $STYLES; do
    for cfg in seq 1x2 2x1; do
        t0=$(now)
        if [ "$cfg" = seq ]; then
            env GLIBC_TUNABLES="$HP" "$tmp/seq_$st" "$V" "$N" "$D" "$E" >"$tmp/out" 2>"$tmp/err"
        else
            STRADS_STATS=1 "$BUILD/bin/strads-run" -n "${cfg%x*}" --threads "${cfg#*x}" \
                "$tmp/par_$st" "$V" "$N" "$D" "$E" >"$tmp/out" 2>"$tmp/err"
        fi
        t1=$(now)
        train=$(sed -n 's/^.*train_s \([0-9.]*\)$/\1/p' "$tmp/err" | head -1)
        loss=$(sed -n 's/^.*loss \([0-9.]*\) after.*$/\1/p' "$tmp/out" | head -1)
        [ -n "$train" ] && [ -n "$loss" ] || { echo "cooc.sh: $st $cfg printed no result" >&2; cat "$tmp/err" >&2; exit 1; }
        [ "$cfg" = seq ] && ref=$loss
        awk -v a="$loss" -v b="$ref" -v t="$TOL" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t * b) }' ||
            { echo "cooc.sh: $st $cfg loss $loss, plain build $ref (tolerance $TOL)" >&2; exit 1; }
        plan=
        if [ "$cfg" != seq ]; then
            plan=$(stats_lines "$tmp/err" async_plan | head -1 |
                   awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^(from|node_method|thread_method|pair|rounds|subrounds|imbalance|nodes)=/) printf " %s", $i }')
            plan="$plan$(stats_lines "$tmp/err" async_for | awk '{ n++; for (i = 1; i <= NF; i++) { j = index($i, "="); if (j) v[n, substr($i, 1, j - 1)] = substr($i, j + 1) } }
                END { if (n >= 2) printf " re_s=%s plan_s=%s later_run_s=%s", v[1, "recon_s"], v[1, "plan_s"], v[2, "run_s"] }')"
        fi
        echo "$st $cfg train_s=$train wall_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}') loss=$loss$plan" | tee -a "$tmp/times"
    done
  done
done
med() { awk -v s="$1" -v c="$2" -v k="$3" '$1 == s && $2 == c { for (i = 3; i <= NF; i++) if (index($i, k "=") == 1) print substr($i, length(k) + 2) }' "$tmp/times" |
        sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
echo "median speedup over the plain build (training / wall; target >= 1.5):"
for st in $STYLES; do
    for cfg in 1x2 2x1; do
        echo "  $st $cfg $(awk -v a="$(med "$st" seq train_s)" -v b="$(med "$st" "$cfg" train_s)" 'BEGIN {printf "%.2f", a / b}') / $(awk -v a="$(med "$st" seq wall_s)" -v b="$(med "$st" "$cfg" wall_s)" 'BEGIN {printf "%.2f", a / b}')"
    done
done
