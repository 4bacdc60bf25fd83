#!/bin/sh
# bench/absp_clocks.sh - A-BSP at short clocks: logistic regression
# (bench/straggler_lr.c, 250,000 examples x 400 features by default) on 4
# processes x 1 thread with one node slowed 2x (STRADS_SLOW=1:2), one clock
# per epoch (a node's block is its minibatch), so that a clock lasts about
# 0.1 s on a 2-core machine (LR_SIZE sets it), far less than the default STRADS_ABSP_REPORT_S of 1 s. BSP and
# absp(0.5) run alternating, REPS times each, so that a slow phase of a
# shared machine hits both alike; compare within one run only.
#
#   bench/absp_clocks.sh [BUILD_DIR]
#
# BUILD_DIR (default build) holds bin/stradscc and bin/strads-run. LIBS, a
# list of LABEL=DIR, runs the same program against each DIR's libstrads
# (LD_LIBRARY_PATH), alternating too: LIBS="before=main/lib after=build/lib"
# compares two versions of the runtime in one run (default: BUILD_DIR/lib).
# The target is BSP's loss after TARGET_EPOCHS (20) epochs; each run stops
# when it comes within TOL (0.001, relative) of it or after MAX_EPOCHS (60).
# Prints, per library and model, the median training time to the target,
# its epochs, seconds per epoch, the ratio to BSP's time with the same
# library, and from STRADS_STATS the share of the items the training loop
# processed, and rank 0's seconds per call, all and outside compute.
set -eu

BUILD=${1:-build}
SRC=$(cd "$(dirname "$0")" && pwd)
LR_SIZE=${LR_SIZE:-"250000 400"}
NP=${NP:-4}
LR_MB=${LR_MB:-$(($(echo "$LR_SIZE" | cut -d' ' -f1) / NP))}
SLOW=${SLOW:-1:2}
REPS=${REPS:-3}
TARGET_EPOCHS=${TARGET_EPOCHS:-20}
MAX_EPOCHS=${MAX_EPOCHS:-60}
TOL=${TOL:-0.001}
# bsp:none runs BSP without the slowdown: what the slow node costs BSP
# bounds what the stop can save (on shared cores a sleeping "slow" process
# hands its CPU to the others, docs/sync-models.md)
MODELS=${MODELS:-"bsp absp(0.5) bsp:none"}
LIBS=${LIBS:-"lib=$BUILD/lib"}

WORK=$(mktemp -d)
. "$SRC/cpu_share.sh"
cleanup() {
    cpu_share_cleanup
    rm -rf "$WORK"
}
trap cleanup EXIT
trap "exit 130" INT TERM HUP
# CPU_SHARE=on gives every process nproc/NP of a CPU as bench/straggler.sh
# does, so that each computes like a node of its own; off (the default) lets
# them share the cores freely.
if [ "${CPU_SHARE:-off}" = on ]; then
    cpu_share_setup absp-clocks "$NP" "$WORK"
    [ -n "$CG" ] || { echo "CPU_SHARE=on: no writable cgroup cpu controller" >&2; exit 2; }
fi
"$BUILD/bin/stradscc" -O2 "$SRC/straggler_lr.c" -o "$WORK/lr" -lm
line=$(grep -n 'TRAIN' "$SRC/straggler_lr.c" | head -1 | cut -d: -f1 | awk '{print $1 - 1}')

# run LIBDIR MODEL EPOCHS STOP_AT OUT: "epoch time loss" lines in OUT, the
# stats lines in OUT.err
run() {
    slow=$SLOW
    case $2 in *:none) slow="" ;; esac
    # shellcheck disable=SC2086
    LD_LIBRARY_PATH=$1 STRADS_SLOW=$slow STRADS_STATS=1 STRADS_LOG=error \
        "$BUILD/bin/strads-run" -n "$NP" --threads 1 --sync "straggler_lr.c:$line=${2%:none}" \
        $WRAP "$WORK/lr" $LR_SIZE "$3" "$LR_MB" "$4" 2>"$5.err" |
        awk '$1 == "epoch" { print $2, $4, $6 }' >"$5"
}

# the training loop's stats: items processed / items over the calls after
# the first, seconds a call and of them outside compute (rank 0)
stats() {
    awk -v site="straggler_lr.c:$line " '
        index($0, ": stats: ev=absp ") && index($0, site) {
            for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
            n++; if (n > 1) { p += v["processed"]; it += v["items"] }
        }
        index($0, ": stats: ev=sync_for ") && index($0, site) {
            for (i = 1; i <= NF; i++) { split($i, kv, "="); w[kv[1]] = kv[2] }
            m++; if (m > 1) { t += w["time_s"]; c += w["compute_s"] }
        }
        END {
            printf "%s %.4f %.4f\n", (it > 0 ? sprintf("%.3f", p / it) : "-"),
                   (m > 1 ? t / (m - 1) : 0), (m > 1 ? (t - c) / (m - 1) : 0)
        }' "$1"
}

first_lib=$(echo "$LIBS" | awk '{ split($1, a, "="); print a[2] }')
run "$first_lib" bsp "$TARGET_EPOCHS" 0 "$WORK/base"
target=$(tail -1 "$WORK/base" | awk '{ print $3 }')
stop_at=$(awk -v t="$target" -v tol="$TOL" 'BEGIN { printf "%.9g", t * (1 + tol) }')
echo "A-BSP at short clocks: lr $LR_SIZE, $NP x 1, minibatch $LR_MB (one clock per epoch)," \
     "STRADS_SLOW=$SLOW, STRADS_ABSP_REPORT_S=${STRADS_ABSP_REPORT_S:-1 (default)}," \
     "CPU_SHARE=${CPU_SHARE:-off}"
echo "target: BSP's loss after $TARGET_EPOCHS epochs, $target (within $TOL); median of $REPS"
r=1
while [ "$r" -le "$REPS" ]; do
    for l in $LIBS; do
        for m in $MODELS; do
            f="$WORK/$(echo "${l%%=*}.$m" | tr -c 'a-z0-9.\n' '_').$r"
            run "${l#*=}" "$m" "$MAX_EPOCHS" "$stop_at" "$f"
        done
    done
    r=$((r + 1))
done
printf '%-8s %-12s %8s %6s %9s %7s %9s %9s %9s\n' lib model time_s epochs s_epoch vs_bsp \
    processed call_s other_s
for l in $LIBS; do
    tb=""
    for m in $MODELS; do
        base="$WORK/$(echo "${l%%=*}.$m" | tr -c 'a-z0-9.\n' '_')"
        # per run: time to the target, epochs, then the stats
        for rr in $(seq 1 "$REPS"); do
            f="$base.$rr"
            got=$(awk -v s="$stop_at" '$1 > 0 && $3 <= s { print $2, $1; found = 1; exit }
                  END { if (!found) print "-", "-" }' "$f")
            echo "$got $(stats "$f.err")"
        done | awk '{ if ($1 == "-") $1 = 1e99; print }' | sort -g >"$base.sum"
        # shellcheck disable=SC2046 # the row's fields
        set -- $(awk -v n="$REPS" 'NR == int((n + 1) / 2)' "$base.sum")
        [ "$m" = bsp ] && tb=$1
        ratio=$(awk -v a="$1" -v b="$tb" 'BEGIN { if (a >= 1e99 || b + 0 <= 0) print "-"; else printf "%.2f", a / b }')
        per=$(awk -v a="$1" -v e="$2" 'BEGIN { if (a >= 1e99 || e + 0 <= 0) print "-"; else printf "%.4f", a / e }')
        t=$1
        [ "$t" = 1e99 ] && t=-
        printf '%-8s %-12s %8s %6s %9s %7s %9s %9s %9s\n' "${l%%=*}" "$m" "$t" "$2" "$per" \
            "$ratio" "$3" "$4" "$5"
    done
done
