#!/bin/sh
# bench/mlr.sh - sync_for on MLR (softmax 784 -> 10, Fashion-MNIST) against
# plain sequential C, in one run on this machine (bench/mlr_bench.c says what
# each mode does). Each round runs every configuration once, alternating, so
# that a busy moment of the machine hits all alike; medians over the rounds.
# Prints every run and the ratios with their targets:
#   time per epoch x workers / sequential time per epoch   (target <= 1.1)
#   test accuracy - sequential test accuracy                (target: within 0.5)
# for strads 1 proc x 1 thread (BSP), 1 x T (BSP and Hybrid), T x 1 (BSP),
# and two hand-written pthread baselines of the same body: hogwild_T (T
# threads on one shared W, no strads) and private_T (T threads on their own
# copies): hybrid_1xT / hogwild_T is what sync(hybrid) adds to Hogwild,
# hogwild_T / private_T what sharing one dense W between cores costs.
# cpu/seq is the CPU time per epoch (the driver process's, times the
# processes for T x 1) over the sequential one: the steadier measure on a
# busy machine.
#
# Usage: bench/mlr.sh [EPOCHS ROUNDS THREADS]   (default 10 3 2)
# MLR_LR and MLR_DECAY set the learning rate of epoch e to
# MLR_LR / (1 + MLR_DECAY * e) for every configuration alike (default 0.01
# and 1: with the rate falling, plain SGD's noise dies down and after 10
# epochs the sequential model is converged to within 0.2 points of test
# accuracy, so the accuracy target compares converged models; at a constant
# 0.01 the sequential run stays 2 points below its converged accuracy and
# averaging replicas looked like a gain).
# DATA names the folder of the idx files (default: the Debian package
# dataset-fashion-mnist's). BUILD names the build folder (default
# build-bench, configured as Release when absent). Record the output in
# docs/benchmarks.md (## sync_for).
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-bench}
DATA=${DATA:-/usr/share/datasets/fashion-mnist}
E=${1:-10} R=${2:-3} T=${3:-2}
export MLR_LR=${MLR_LR:-0.01} MLR_DECAY=${MLR_DECAY:-1}

if [ ! -f "$DATA/train-images-idx3-ubyte.gz" ]; then
    echo "mlr.sh: no Fashion-MNIST in $DATA (apt-get install dataset-fashion-mnist)" >&2
    exit 1
fi
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    cmake -S "$ROOT" -B "$BUILD" -DSTRADS_BUILD_FRONTEND=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" -j2 --target mlr_bench strads-run >/dev/null
B=$BUILD/bin
out=$(mktemp)
trap 'rm -f "$out"' EXIT

echo "mlr: Fashion-MNIST 60000 x 784 -> 10, $E epochs, $R rounds, T=$T, lr $MLR_LR / (1 + $MLR_DECAY e)" \
     "($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
run() { # tag, command...
    tag=$1
    shift
    line=$("$@" 2>/dev/null | grep '^result')
    echo "$tag $line" | tee -a "$out"
}
# The baselines get what strads-run gives the job (docs/config.md
# STRADS_HUGEPAGES): malloc'ed arrays on transparent huge pages.
HP=
[ "${STRADS_HUGEPAGES:-1}" = 0 ] || HP=glibc.malloc.hugetlb=1
for r in $(seq 1 "$R"); do
    run seq env GLIBC_TUNABLES="$HP" "$B/mlr_bench" seq "$DATA" "$E"
    run bsp_1x1 env STRADS_SYNC=bsp "$B/strads-run" -n 1 --threads 1 "$B/mlr_bench" strads "$DATA" "$E"
    run bsp_1xT env STRADS_SYNC=bsp "$B/strads-run" -n 1 --threads "$T" "$B/mlr_bench" strads "$DATA" "$E"
    run hybrid_1xT env STRADS_SYNC=hybrid "$B/strads-run" -n 1 --threads "$T" "$B/mlr_bench" strads "$DATA" "$E"
    run bsp_Tx1 env STRADS_SYNC=bsp "$B/strads-run" -n "$T" --threads 1 "$B/mlr_bench" strads "$DATA" "$E"
    run hogwild_T env GLIBC_TUNABLES="$HP" "$B/mlr_bench" hogwild "$DATA" "$E" "$T"
    run private_T env GLIBC_TUNABLES="$HP" "$B/mlr_bench" private "$DATA" "$E" "$T"
done
echo "load at the end $(cut -d' ' -f1 /proc/loadavg)"
# medians per tag, then ratios against seq
awk -v T="$T" '
function med(tag, x,   n, i, j, t, a) {
    n = cnt[tag]; for (i = 1; i <= n; i++) a[i] = x == "cpu" ? cp[tag, i] : ep[tag, i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return a[int((n + 1) / 2)]
}
{
    tag = $1; split($0, f, " ")
    for (i in f) {
        if (f[i] ~ /^epoch_s=/) e = substr(f[i], 9)
        if (f[i] ~ /^cpu_s=/) c = substr(f[i], 7)
        if (f[i] ~ /^acc=/) a = substr(f[i], 5)
    }
    cnt[tag]++; ep[tag, cnt[tag]] = e; cp[tag, cnt[tag]] = c; acc[tag] = a
}
END {
    s = med("seq"); sc = med("seq", "cpu")
    printf "%-11s %9s %8s %14s %8s %9s\n", "config", "epoch_s", "acc", "ratio/thread", "cpu/seq", "acc-seq"
    n = split("seq bsp_1x1 bsp_1xT hybrid_1xT bsp_Tx1 hogwild_T private_T", tags, " ")
    for (k = 1; k <= n; k++) {
        g = tags[k]; w = (g ~ /1x1|seq/) ? 1 : T; m = med(g)
        printf "%-11s %9.4f %8.2f %14.2f %8.2f %+9.2f\n", g, m, acc[g], m * w / s,
               med(g, "cpu") * (g == "bsp_Tx1" ? T : 1) / sc, acc[g] - acc["seq"]
    }
    printf "hybrid_1xT / hogwild_T (what sync(hybrid) adds to Hogwild): %.2f\n", med("hybrid_1xT") / med("hogwild_T")
    printf "hogwild_T / private_T (what sharing one dense W costs):     %.2f\n", med("hogwild_T") / med("private_T")
}' "$out"
