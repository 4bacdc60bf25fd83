#!/bin/sh
# bench/sgdmf_styles.sh - the cost of reconnaissance on SGD-MF written in
# six user styles (bench/progs/sgdmf_{flat,2d,rowptr,struct,helper,bias}.c: flat rows
# W[u * K + k], 2-D arrays W[u][k], row pointers w = W + u * K; w[k], an
# array of row structs W[u].v[k], helper functions dot() and update()
# with a decaying rate, and biases bu[u], bi[i] beside flat rows with the
# ratings as three arrays of fields), each built with plain cc and with
# stradscc, in one run on this machine. For each style and configuration
# (1 process x 2 threads, 2 processes x 1 thread) it prints:
#   re_s, plan_s   the first call's reconnaissance and planning (the
#                  STRADS_STATS `ev=async_for` line of the first call)
#   epoch_s        a later call's run time (the second call's line)
#   re+plan/epoch  target <= 10 %; cpu= the same in CPU seconds of the
#                  process (all threads), steadier on a loaded machine
#   path           how the call was planned (`ev=async_plan` from, thread
#                  and node methods)
#   speed          sequential time / strads time, over all epochs (the first,
#                  with reconnaissance, included) and over the later epochs
#                  (the programs' own clocks)
#
# Usage: bench/sgdmf_styles.sh [USERS ITEMS RATINGS EPOCHS]
# Default: Netflix shape (480189 x 17770, 10 M ratings), K = 64, 3 epochs.
# K=n in the environment builds with another rank; STYLES="flat 2d" runs
# fewer styles. BUILD names the build folder with stradscc and strads-run
# (default build). Record the output in docs/benchmarks.md; the machine may
# be shared, so compare ratios within one run.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
M=${1:-480189} N=${2:-17770} R=${3:-10000000} E=${4:-3}
K=${K:-64}
STYLES=${STYLES:-flat 2d rowptr struct helper bias}
B=$BUILD/bin
[ -x "$B/stradscc" ] && [ -x "$B/strads-run" ] ||
    { echo "sgdmf_styles: build first (stradscc, strads-run in $B)" >&2; exit 2; }
[ "$E" -ge 2 ] || { echo "sgdmf_styles: EPOCHS must be >= 2 (a later epoch is the yardstick)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The plain build gets what strads-run gives a job (docs/config.md
# STRADS_HUGEPAGES): malloc'ed arrays on transparent huge pages.
HP=
[ "${STRADS_HUGEPAGES:-1}" = 0 ] || HP=glibc.malloc.hugetlb=1

echo "sgdmf_styles: $M users x $N items, $R ratings, K=$K, $E epochs ($(nproc) cores)"
echo "commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'), $(uname -srm)"
# field VALUE-LINE KEY: KEY's value on a `result ...` line
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
status=0
for s in $STYLES; do
    src=$ROOT/bench/progs/sgdmf_$s.c
    cc -O2 -DK="$K" -w "$src" -o "$tmp/$s.seq" -lm
    "$B/stradscc" -O2 -DK="$K" "$src" -o "$tmp/$s.par" -lm
    seq=$(env GLIBC_TUNABLES="$HP" "$tmp/$s.seq" "$M" "$N" "$R" "$E" | grep '^result')
    seq_total=$(field "$seq" total_s) seq_later=$(field "$seq" later_s)
    printf '%-7s %-4s rmse=%s total_s=%s epoch_s=%s\n' "$s" seq "$(field "$seq" rmse)" "$seq_total" "$seq_later"
    for cfg in 1x2 2x1; do
        n=${cfg%x*} t=${cfg#*x}
        if ! STRADS_STATS=1 "$B/strads-run" -n "$n" --threads "$t" "$tmp/$s.par" "$M" "$N" "$R" "$E" \
            >"$tmp/out" 2>"$tmp/err"; then
            echo "$s $cfg: FAILED"; tail -5 "$tmp/err"; status=1; continue
        fi
        res=$(grep '^result' "$tmp/out")
        # v[call, key] from the ev=async_for lines, p[key] from the first ev=async_plan
        awk -v style="$s" -v cfg="$cfg" -v total="$(field "$res" total_s)" \
            -v later="$(field "$res" later_s)" -v rmse="$(field "$res" rmse)" \
            -v seq_total="$seq_total" -v seq_later="$seq_later" '
            / stats: ev=async_for / { n++
                for (i = 1; i <= NF; i++) { j = index($i, "="); if (j) v[n, substr($i, 1, j - 1)] = substr($i, j + 1) } }
            / stats: ev=async_plan / && !np++ {
                for (i = 1; i <= NF; i++) { j = index($i, "="); if (j) p[substr($i, 1, j - 1)] = substr($i, j + 1) } }
            END {
                re = v[1, "recon_s"]; pl = v[1, "plan_s"]; ep = v[2, "run_s"]
                cre = v[1, "cpu_recon_s"]; cpl = v[1, "cpu_plan_s"]; cep = v[2, "cpu_run_s"]
                printf "%-7s %-4s rmse=%s re_s=%s plan_s=%s epoch_s=%s re+plan/epoch=%.1f%% cpu=%.1f%% path=%s/%s/%s speed_total=%.2f speed_epoch=%.2f\n",
                       style, cfg, rmse, re, pl, ep, (ep > 0 ? 100 * (re + pl) / ep : -1), (cep > 0 ? 100 * (cre + cpl) / cep : -1),
                       p["from"], p["node_method"], p["thread_method"],
                       (total > 0 ? seq_total / total : 0), (later > 0 ? seq_later / later : 0)
            }' "$tmp/err"
    done
done
exit $status
