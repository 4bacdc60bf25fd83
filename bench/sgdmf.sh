#!/bin/sh
# bench/sgdmf.sh - async_for on SGD matrix factorization against plain
# sequential C and hand-written OpenMP DSGD, all in one run on this machine
# (bench/sgdmf_bench.c says what each mode does). Prints every run and the
# ratios of the async_for issue:
#   strads 1 proc x 1 thread   vs sequential        (target >= 0.95)
#   strads 1 proc x T threads  vs OpenMP DSGD, T     (target >= 0.95)
#   strads T procs x 1 thread  vs strads 1 x T       (target >= 0.85), over
#                                                    all epochs; also with the
#                                                    move of the generated data
#                                                    to its owners counted (as
#                                                    before session 3), and
#                                                    over the epochs after the
#                                                    first
#   first epoch's RE + planning vs one later epoch   (target <= 10%), by wall
#                                                    time and, steadier on a
#                                                    loaded machine, CPU time;
#                                                    on several nodes also with
#                                                    the first call's move of
#                                                    the inputs to the nodes
#                                                    that run them
#   test RMSE vs sequential                          (target within 1%)
#
# Usage: bench/sgdmf.sh [USERS ITEMS RATINGS K EPOCHS THREADS]
# Default: Netflix shape (480189 x 17770, 10 M ratings), K = 64, 10 epochs,
# THREADS = 2. BUILD names the build folder (default build-bench, configured
# as Release when absent); BIN names a folder of prebuilt sgdmf_bench and
# strads-run instead (no build: a machine without the build's packages,
# their libraries found through LD_LIBRARY_PATH). Record the output in
# docs/benchmarks.md.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-bench}
M=${1:-480189} N=${2:-17770} R=${3:-10000000} K=${4:-64} E=${5:-10} T=${6:-2}

if [ -n "${BIN:-}" ]; then
    B=$BIN
else
    if [ ! -f "$BUILD/CMakeCache.txt" ]; then
        cmake -S "$ROOT" -B "$BUILD" -DSTRADS_BUILD_FRONTEND=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null
    fi
    cmake --build "$BUILD" -j2 --target sgdmf_bench strads-run >/dev/null
    B=$BUILD/bin
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT

echo "sgdmf: $M users x $N items, $R ratings, K=$K, $E epochs, T=$T ($(nproc) cores)"
# Each run's result line, tagged with the first call's RE and planning time
# and a later call's run time from the STRADS_STATS lines.
run() {
    echo "+ $*" >&2
    line=$("$@" 2>"$out.err" | grep '^result')
    stats=$(awk '/recon .* s, plan .* s, run .* s/ { n++; for (i = 1; i <= NF; i++) {
                     if ($i == "recon" && n == 1) re = $(i + 1); if ($i == "plan" && n == 1) pl = $(i + 1);
                     if ($i == "moved" && n == 1) mv = $(i + 1);
                     if ($i == "run" && n == 2) later = $(i + 1)
                     if ($i == "(cpu" && n == 1) { cre = $(i + 1); cpl = $(i + 3) }
                     if ($i == "(cpu" && n == 2) clater = $(i + 5) } }
                 END { if (n >= 2) printf " re_s=%s plan_s=%s moved_s=%s later_run_s=%s cpu_re_s=%s cpu_plan_s=%s cpu_later_s=%s",
                                         re, pl, mv + 0, later, cre, cpl, clater }' "$out.err")
    echo "$line$stats" | tee -a "$out"
}
# The baselines get what strads-run gives the job (docs/config.md
# STRADS_HUGEPAGES): malloc'ed arrays on transparent huge pages, so that the
# comparison is not one of page sizes (random row access misses the TLB on
# 4 KiB pages; the DDS arena's dense ranges are on huge pages).
HP=
[ "${STRADS_HUGEPAGES:-1}" = 0 ] || HP=glibc.malloc.hugetlb=1
run env GLIBC_TUNABLES="$HP" "$B/sgdmf_bench" seq "$M" "$N" "$R" "$K" "$E" 1
run env GLIBC_TUNABLES="$HP" "$B/sgdmf_bench" omp "$M" "$N" "$R" "$K" "$E" "$T"
STRADS_STATS=1 run "$B/strads-run" -n 1 --threads 1 "$B/sgdmf_bench" strads "$M" "$N" "$R" "$K" "$E" 1
STRADS_STATS=1 run "$B/strads-run" -n 1 --threads "$T" "$B/sgdmf_bench" strads "$M" "$N" "$R" "$K" "$E" "$T"
STRADS_STATS=1 run "$B/strads-run" -n "$T" --threads 1 "$B/sgdmf_bench" strads "$M" "$N" "$R" "$K" "$E" 1

awk -v T="$T" '
function get(line, key,   re, m) { re = key "=[^ ]+"; if (match(line, re)) return substr(line, RSTART + length(key) + 1, RLENGTH - length(key) - 1); return "" }
/^result/ {
    mode = get($0, "mode"); p = get($0, "procs"); t = get($0, "threads")
    k = mode "/" p "x" t
    ups[k] = get($0, "updates_per_s"); rm[k] = get($0, "test_rmse")
    # epochs after the first: what a longer run tends to (no RE, planning or first fetches)
    ep = get($0, "epochs"); sec = get($0, "seconds"); fst = get($0, "first_epoch_s")
    if (ep > 1 && sec - fst > 0) steady[k] = ups[k] * sec / (sec - fst) * (ep - 1) / ep
    # strads: prep_s is the move of the driver-generated data to its owners
    if (mode == "strads") withprep[k] = ups[k] * sec / (sec + get($0, "prep_s"))
    re[k] = get($0, "re_s"); pl[k] = get($0, "plan_s"); later[k] = get($0, "later_run_s"); mv[k] = get($0, "moved_s")
    cre[k] = get($0, "cpu_re_s"); cpl[k] = get($0, "cpu_plan_s"); clater[k] = get($0, "cpu_later_s")
}
END {
    s = "seq/1x1"; o = "omp/1x" T; a1 = "strads/1x1"; aT = "strads/1x" T; aP = "strads/" T "x1"
    printf "\n%-34s %8.3f  (target >= 0.95)\n", "strads 1x1 / sequential", ups[a1] / ups[s]
    printf "%-34s %8.3f  (target >= 0.95)\n", "strads 1x" T " / OpenMP DSGD " T, ups[aT] / ups[o]
    printf "%-34s %8.3f  (target >= 0.85)\n", "strads " T "x1 / strads 1x" T, ups[aP] / ups[aT]
    if (withprep[aP] > 0 && withprep[aT] > 0)
        printf "%-34s %8.3f  (the data move to the owners timed too)\n", "strads " T "x1 / strads 1x" T, withprep[aP] / withprep[aT]
    if (steady[aP] > 0 && steady[aT] > 0)
        printf "%-34s %8.3f  (epochs after the first)\n", "strads " T "x1 / strads 1x" T, steady[aP] / steady[aT]
    printf "%-34s %8.3f  (sequential: x1)\n", "OpenMP DSGD " T " / sequential", ups[o] / ups[s]
    for (k in later) if (later[k] > 0)
        printf "%-34s %8.1f%% of a later epoch: RE %.3f s + plan %.3f s vs %.3f s (target <= 10%%)\n",
               "RE + planning, " k, 100 * (re[k] + pl[k]) / later[k], re[k], pl[k], later[k]
    # several nodes: the first call also moves the inputs to the nodes that
    # run them (the prefetch RE enables), timed apart from the planning
    for (k in later) if (later[k] > 0 && mv[k] > 0)
        printf "%-34s %8.1f%% of a later epoch: + inputs moved %.3f s\n",
               "RE + planning + inputs, " k, 100 * (re[k] + pl[k] + mv[k]) / later[k], mv[k]
    for (k in clater) if (clater[k] > 0)
        printf "%-34s %8.1f%% of a later epoch: RE %.3f s + plan %.3f s vs %.3f s CPU\n",
               "RE + planning (CPU), " k, 100 * (cre[k] + cpl[k]) / clater[k], cre[k], cpl[k], clater[k]
    for (k in rm) printf "%-34s %8.4f  (%+.2f%% vs sequential)\n", "test RMSE " k, rm[k], 100 * (rm[k] / rm[s] - 1)
}' "$out"
