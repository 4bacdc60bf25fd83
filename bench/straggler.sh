#!/bin/sh
# bench/straggler.sh - sync models under a slow node: time to reach the loss
# of a 20-iteration BSP run, for logistic regression and k-means on 4
# processes, with one node slowed 2x (static) and with a dynamic pattern.
#
#   bench/straggler.sh [BUILD_DIR [OUT_DIR]]
#
# BUILD_DIR (default build) holds bin/stradscc and bin/strads-run (PREBUILT
# names a folder holding lr and km, the two workloads already built by
# stradscc -O2, for a machine without the frontend's packages). For each
# workload and slowdown pattern the script runs BSP for 20 iterations, takes
# its last loss as the target, then runs every model REPS times (default 3)
# until its loss first comes within TOL (relative) of the target or for
# MAX_ITERS iterations, and reports the median training time at which it
# got there, and the ratio to BSP's median time measured in the same run of
# this script. The workloads are sized so that an iteration is compute, not
# barriers and messages (docs/benchmarks.md says how big). Only the training loop changes model (a
# per-site --sync override); the evaluation loop always runs BSP, so every
# loss is over all the data. Writes loss-over-time plots as SVG to
# OUT_DIR (default docs/img): straggler_{lr,km}_{static,dynamic}.svg.
#
# Nodes of their own. A straggler on a cluster is a node whose own cores
# are slower; here the job's processes share this machine's cores, and a
# process that STRADS_SLOW makes sleep hands its CPU to the others, so the
# slow node costs BSP little (the script prints how much) and no model can
# save what was never lost. CPU_SHARE=on (default auto: on when the cgroup
# cpu controller is writable, as root) gives every process a fixed share of
# the cores, nproc/NP of a CPU (CFS bandwidth, a 2 ms period), so that each
# is a node of its own that computes at a fixed speed whatever the others
# do; CPU_SHARE=off runs them unconstrained. The header line says which.
set -eu

BUILD=${1:-build}
OUT=${2:-docs/img}
SRC=$(cd "$(dirname "$0")" && pwd)
MAX_ITERS=${MAX_ITERS:-30}
TOL=${TOL:-0.001}
# Each model runs REPS times; the median time to the target is reported
# (the machine may be shared: one run is a noisy sample).
REPS=${REPS:-3}
# 4 processes by default; NP=2 shows the same models when every
# process has a core of its own on this 2-vCPU machine.
NP=${NP:-4}
STATIC="3:2"
# Rank 3 at a third of its speed one second in two, rank 1 at half speed
# two seconds in four (periods from the first parallel loop).
DYNAMIC="3:3@1/1,1:2@2/2"
# A quick check of one model: MODELS="absp(0.5)" WORKLOADS=lr PATTERNS=static
# (BSP, the baseline, always runs first).
MODELS="bsp ${MODELS:-ssp(3) asp absp(0.5) elastic(4) flexpara custom(throttle3)}"
WORKLOADS=${WORKLOADS:-lr km}
PATTERNS=${PATTERNS:-static dynamic}
# Sizes: about 0.2-0.4 s per BSP iteration on the 2-core machine with the
# slow node, so that an iteration is compute and a 2x slowdown shows: a
# synchronization costs 15-20 ms here, where a process waits for its CPU
# share at every message.
LR_SIZE=${LR_SIZE:-"120000 1000"} # examples, features
# minibatch: by default a node's whole block, one clock per iteration (the
# papers' iteration: a pass over each node's data between two synchronizations)
LR_MB=${LR_MB:-$(($(echo "$LR_SIZE" | cut -d' ' -f1) / NP))}
KM_SIZE=${KM_SIZE:-"600000 16 64"} # points, dimensions, clusters
KM_MB=${KM_MB:-$(($(echo "$KM_SIZE" | cut -d' ' -f1) / NP))} # one clock per iteration

WORK=$(mktemp -d)
. "$SRC/cpu_share.sh"
cleanup() {
    cpu_share_cleanup
    rm -rf "$WORK"
}
trap cleanup EXIT
# an interrupted run cleans up too (its cgroups would stay behind)
trap "exit 130" INT TERM HUP
mkdir -p "$OUT"

# CPU_SHARE: one cgroup per rank with nproc/NP of a CPU (auto: when it can)
CPU_SHARE=${CPU_SHARE:-auto}
if [ "$CPU_SHARE" != off ]; then
    cpu_share_setup straggler "$NP" "$WORK"
    if [ -z "$CG" ] && [ "$CPU_SHARE" = on ]; then
        echo "CPU_SHARE=on: no writable cgroup cpu controller" >&2
        exit 2
    fi
fi

if [ -n "${PREBUILT:-}" ]; then
    cp "$PREBUILT/lr" "$PREBUILT/km" "$WORK/"
else
    "$BUILD/bin/stradscc" -O2 "$SRC/straggler_lr.c" -o "$WORK/lr" -lm
    "$BUILD/bin/stradscc" -O2 "$SRC/straggler_km.c" -o "$WORK/km" -lm
fi
# the training loop's pragma line, for the per-site override
line_of() { grep -n 'TRAIN' "$SRC/straggler_$1.c" | head -1 | cut -d: -f1 | awk '{print $1 - 1}'; }

# run WORKLOAD PATTERN MODEL ITERS REP [STOP_AT] -> file of "iter time loss"
# (the program stops at the first iteration whose loss is at most STOP_AT)
run() {
    w=$1 pat=$2 model=$3 iters=$4 rep=$5 stop=${6:-0}
    case $w in
    lr) args="$LR_SIZE $iters $LR_MB $stop" ;;
    km) args="$KM_SIZE $iters $stop $KM_MB" ;;
    esac
    f="$WORK/$w.$pat.$(echo "$model" | tr -c 'a-z0-9\n' '_').$rep"
    slow=$STATIC
    [ "$pat" = dynamic ] && slow=$DYNAMIC
    [ "$pat" = none ] && slow=""
    # shellcheck disable=SC2086
    STRADS_SLOW=$slow STRADS_ABSP_REPORT_S=0.01 STRADS_LOG=error \
        "$BUILD/bin/strads-run" -n $NP --threads 1 --sync "straggler_$w.c:$(line_of "$w")=$model" \
        $WRAP "$WORK/$w" $args | awk '$1 == "epoch" { print $2, $4, $6 }' >"$f"
    echo "$f"
}

# svg TITLE OUT FILE:LABEL... - loss over training time, one polyline each
svg() {
    title=$1 out=$2
    shift 2
    for fl in "$@"; do
        f=${fl%%:*} l=${fl#*:}
        awk -v l="$l" '$1 > 0 { print l, $2, $3 }' "$f"
    done | awk -v title="$title" '
    { lab[NR] = $1; x[NR] = $2; y[NR] = $3
      if (NR == 1 || $2 > xmax) xmax = $2
      if (NR == 1 || $3 > ymax) ymax = $3
      if (NR == 1 || $3 < ymin) ymin = $3 }
    END {
      W = 640; H = 400; L = 70; R = 170; T = 40; B = 50
      if (xmax <= 0) xmax = 1
      if (ymax <= ymin) ymax = ymin + 1
      split("#1f77b4 #d62728 #2ca02c #ff7f0e #9467bd #8c564b #e377c2", col, " ")
      printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H
      printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H
      printf "<text x=\"%d\" y=\"20\" font-size=\"14\">%s</text>\n", L, title
      printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, H - B, W - R, H - B
      printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, T, L, H - B
      for (i = 0; i <= 4; i++) {
        tx = L + i * (W - L - R) / 4; ty = H - B - i * (H - T - B) / 4
        printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%.2f</text>\n", tx, H - B + 16, xmax * i / 4
        printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.4g</text>\n", L - 4, ty + 4, ymin + (ymax - ymin) * i / 4
      }
      printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">training time (s)</text>\n", (L + W - R) / 2, H - 12
      printf "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">loss</text>\n", (T + H - B) / 2, (T + H - B) / 2
      n = 0
      for (i = 1; i <= NR; i++) {
        if (!(lab[i] in idx)) { idx[lab[i]] = ++n; name[n] = lab[i]; pts[n] = "" }
        k = idx[lab[i]]
        px = L + x[i] / xmax * (W - L - R); py = H - B - (y[i] - ymin) / (ymax - ymin) * (H - T - B)
        pts[k] = pts[k] sprintf("%.1f,%.1f ", px, py)
      }
      for (k = 1; k <= n; k++) {
        c = col[(k - 1) % 7 + 1]
        printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"/>\n", c, pts[k]
        printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", W - R + 10, T + 18 * k, W - R + 30, T + 18 * k, c
        printf "<text x=\"%d\" y=\"%d\">%s</text>\n", W - R + 36, T + 18 * k + 4, name[k]
      }
      print "</svg>"
    }' >"$out"
}

# first time at which loss <= target * (1 + TOL), and the iteration
reach() {
    awk -v t="$2" -v tol="$TOL" '$1 > 0 && $3 <= t * (1 + tol) { print $2, $1; found = 1; exit }
        END { if (!found) print "-", "-" }' "$1"
}

# median of the times to the target over a model's runs ("-" when most
# runs never reach it), and the iterations of the median run
median() {
    for f in "$@"; do reach "$f" "$target"; done |
        awk '{ if ($1 == "-") print 1e99, "-"; else print }' | sort -g | awk '
        { t[NR] = $1; it[NR] = $2 }
        END { m = int((NR + 1) / 2); if (t[m] >= 1e99) print "-", "-"; else print t[m], it[m] }'
}

began=$(date +%s)
echo "sync models with a slow node: $NP processes, 1 thread each, time to the loss of 20 BSP iterations (within $TOL), median of $REPS runs"
if [ -n "$WRAP" ]; then
    echo "each process a node of its own: $quota us of CPU every $period us (CPU_SHARE)"
else
    echo "processes share the $(nproc) cores freely (CPU_SHARE off or unavailable)"
fi
for w in $WORKLOADS; do
    for pat in $PATTERNS; do
        slow=$STATIC
        [ "$pat" = dynamic ] && slow=$DYNAMIC
        # BSP's loss after 20 iterations does not depend on timing: one run sets the target.
        base=$(run "$w" "$pat" bsp 20 1)
        target=$(tail -1 "$base" | awk '{ print $3 }')
        stop_at=$(awk -v t="$target" -v tol="$TOL" 'BEGIN { printf "%.9g", t * (1 + tol) }')
        echo
        per=$(awk 'END { if ($1 > 0) printf "%.3f", $2 / $1 }' "$base")
        # What the slow node costs BSP here, which bounds what any model can
        # save: without CPU_SHARE the others take the CPU it leaves while it
        # sleeps, and a 2x slowdown stretches BSP far less than on nodes of
        # their own.
        fast=$(run "$w" none bsp 20 1)
        cost=$(awk -v b="$base" 'END { t = $2 } END { while ((getline l < b) > 0) split(l, a, " ");
               if (t > 0) printf "%.2f", a[2] / t }' "$fast")
        echo "$w, STRADS_SLOW=$slow, target loss $target, BSP $per s per iteration," \
             "BSP with the slow node / without: $cost"
        printf '%-20s %10s %6s %10s\n' model time_s iters vs_bsp
        # Repetitions interleave the models (BSP, A, B, ..., BSP, A, B, ...),
        # so that a slow phase of the machine hits every model alike.
        echo "$base" >"$WORK/files.1"
        r=1
        while [ $r -le "$REPS" ]; do
            i=1
            for m in $MODELS; do
                if [ "$m" != bsp ] || [ $r -gt 1 ]; then
                    run "$w" "$pat" "$m" "$MAX_ITERS" $r "$stop_at" >>"$WORK/files.$i"
                fi
                i=$((i + 1))
            done
            r=$((r + 1))
        done
        plots=""
        tbsp=""
        i=1
        for m in $MODELS; do
            files=$(cat "$WORK/files.$i")
            rm -f "$WORK/files.$i"
            i=$((i + 1))
            # shellcheck disable=SC2086
            set -- $(median $files)
            [ "$m" = bsp ] && tbsp=$1
            ratio=$(awk -v a="$1" -v b="$tbsp" 'BEGIN { if (a == "-" || b + 0 <= 0) print "-"; else printf "%.2f", a / b }')
            printf '%-20s %10s %6s %10s\n' "$m" "$1" "$2" "$ratio"
            # shellcheck disable=SC2086
            first=$(echo $files | cut -d' ' -f1)
            plots="$plots $first:$m"
        done
        # shellcheck disable=SC2086
        svg "$w, 4 processes, STRADS_SLOW=$slow (first run of each)" "$OUT/straggler_${w}_$pat.svg" $plots
    done
done
echo
echo "total $(($(date +%s) - began)) s"
