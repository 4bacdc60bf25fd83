#!/bin/sh
# bench/sgdmf.sh - async_for on SGD matrix factorization against plain
# sequential C and hand-written OpenMP DSGD, all in one run on this machine
# (bench/sgdmf_bench.c says what each mode does). Prints every run and the
# ratios with their targets:
#   strads 1 proc x 1 thread   vs sequential        (target >= 0.95)
#   strads 1 proc x T threads  vs OpenMP DSGD, T     (target >= 0.95)
#   strads T procs x 1 thread  vs strads 1 x T       (target >= 0.85), over
#                                                    all epochs; also with the
#                                                    move of the generated data
#                                                    to its owners counted, and
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
# Usage: [ROUNDS=n] bench/sgdmf.sh [USERS ITEMS RATINGS K EPOCHS THREADS]
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
    # the async_for lines (docs/observability.md), one per call: v[call, key]
    stats=$(awk '/: stats: ev=async_for / { n++; for (i = 1; i <= NF; i++) {
                     j = index($i, "="); if (j) v[n, substr($i, 1, j - 1)] = substr($i, j + 1) } }
                 END { if (n >= 2) printf " re_s=%s plan_s=%s moved_s=%s later_run_s=%s cpu_re_s=%s cpu_plan_s=%s cpu_later_s=%s",
                                         v[1, "recon_s"], v[1, "plan_s"], v[1, "inputs_s"] + 0, v[2, "run_s"],
                                         v[1, "cpu_recon_s"], v[1, "cpu_plan_s"], v[2, "cpu_run_s"] }' "$out.err")
    echo "$line$stats ${tag:-round=1}" | tee -a "$out"
}
# The baselines get what strads-run gives the job (docs/config.md
# STRADS_HUGEPAGES): malloc'ed arrays on transparent huge pages, so that the
# comparison is not one of page sizes (random row access misses the TLB on
# 4 KiB pages; the DDS arena's dense ranges are on huge pages).
HP=
[ "${STRADS_HUGEPAGES:-1}" = 0 ] || HP=glibc.malloc.hugetlb=1
# ROUNDS > 1 runs every configuration once per round, in turn, so that a
# slow phase of the machine hits all alike; each ratio is taken within a
# round and the median over the rounds printed (with every round's value).
ROUNDS=${ROUNDS:-1}
for round in $(seq "$ROUNDS"); do
    tag="round=$round"
    run env GLIBC_TUNABLES="$HP" "$B/sgdmf_bench" seq "$M" "$N" "$R" "$K" "$E" 1
    run env GLIBC_TUNABLES="$HP" "$B/sgdmf_bench" omp "$M" "$N" "$R" "$K" "$E" "$T"
    STRADS_STATS=1 run "$B/strads-run" -n 1 --threads 1 "$B/sgdmf_bench" strads "$M" "$N" "$R" "$K" "$E" 1
    STRADS_STATS=1 run "$B/strads-run" -n 1 --threads "$T" "$B/sgdmf_bench" strads "$M" "$N" "$R" "$K" "$E" "$T"
    STRADS_STATS=1 run "$B/strads-run" -n "$T" --threads 1 "$B/sgdmf_bench" strads "$M" "$N" "$R" "$K" "$E" 1
done

awk -v T="$T" -v ROUNDS="$ROUNDS" '
function get(line, key,   re) { re = key "=[^ ]+"; if (match(line, re)) return substr(line, RSTART + length(key) + 1, RLENGTH - length(key) - 1); return "" }
# the median of v[1..n] (sorted in place)
function median(v, n,   i, j, x) {
    for (i = 2; i <= n; i++) { x = v[i]; for (j = i - 1; j >= 1 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
# prints label, the median over the rounds of the ratio r[round], the target, every round
function show(label, r, target, fmt,   q, v, n, list) {
    n = 0; list = ""
    for (q = 1; q <= ROUNDS; q++) if (q in r) { v[++n] = r[q]; list = list sprintf(" " fmt, r[q]) }
    if (n == 0) return
    printf "%-34s " fmt "  %s%s\n", label, median(v, n), target, (ROUNDS > 1 ? "  rounds:" list : "")
}
/^result/ {
    q = get($0, "round"); mode = get($0, "mode"); p = get($0, "procs"); t = get($0, "threads")
    k = mode "/" p "x" t; keys[k] = 1
    ups[q, k] = get($0, "updates_per_s"); rm[q, k] = get($0, "test_rmse")
    # epochs after the first: what a longer run tends to (no RE, planning or first fetches)
    ep = get($0, "epochs"); sec = get($0, "seconds"); fst = get($0, "first_epoch_s")
    if (ep > 1 && sec - fst > 0) steady[q, k] = ups[q, k] * sec / (sec - fst) * (ep - 1) / ep
    # strads: prep_s is the move of the driver-generated data to its owners
    if (mode == "strads") withprep[q, k] = ups[q, k] * sec / (sec + get($0, "prep_s"))
    re[q, k] = get($0, "re_s"); pl[q, k] = get($0, "plan_s"); later[q, k] = get($0, "later_run_s"); mv[q, k] = get($0, "moved_s")
    cre[q, k] = get($0, "cpu_re_s"); cpl[q, k] = get($0, "cpu_plan_s"); clater[q, k] = get($0, "cpu_later_s")
}
END {
    s = "seq/1x1"; o = "omp/1x" T; a1 = "strads/1x1"; aT = "strads/1x" T; aP = "strads/" T "x1"
    printf "\n"
    for (q = 1; q <= ROUNDS; q++) {
        if (ups[q, s] > 0) r1[q] = ups[q, a1] / ups[q, s]
        if (ups[q, o] > 0) r2[q] = ups[q, aT] / ups[q, o]
        if (ups[q, aT] > 0) r3[q] = ups[q, aP] / ups[q, aT]
        if (withprep[q, aT] > 0) r4[q] = withprep[q, aP] / withprep[q, aT]
        if (steady[q, aT] > 0) r5[q] = steady[q, aP] / steady[q, aT]
        if (ups[q, s] > 0) r6[q] = ups[q, o] / ups[q, s]
    }
    show("strads 1x1 / sequential", r1, "(target >= 0.95)", "%.3f")
    show("strads 1x" T " / OpenMP DSGD " T, r2, "(target >= 0.95)", "%.3f")
    show("strads " T "x1 / strads 1x" T, r3, "(target >= 0.85)", "%.3f")
    show("strads " T "x1 / strads 1x" T, r4, "(the data move to the owners timed too)", "%.3f")
    show("strads " T "x1 / strads 1x" T, r5, "(epochs after the first)", "%.3f")
    show("OpenMP DSGD " T " / sequential", r6, "(sequential: x1)", "%.3f")
    for (k in keys) {
        delete w; delete wi; delete wc; n = 0
        for (q = 1; q <= ROUNDS; q++) if (later[q, k] > 0) {
            w[q] = 100 * (re[q, k] + pl[q, k]) / later[q, k]
            if (mv[q, k] > 0) wi[q] = 100 * (re[q, k] + pl[q, k] + mv[q, k]) / later[q, k]
            if (clater[q, k] > 0) wc[q] = 100 * (cre[q, k] + cpl[q, k]) / clater[q, k]
            last = q
        }
        if (!(last in w)) continue
        show("RE + planning, " k, w, sprintf("%% of a later epoch (target <= 10%%); last round: RE %.3f s + plan %.3f s vs %.3f s",
             re[last, k], pl[last, k], later[last, k]), "%.1f")
        show("RE + planning + inputs, " k, wi, "% of a later epoch (several nodes: the first call also prefetches the inputs)", "%.1f")
        show("RE + planning (CPU), " k, wc, "% of the CPU time of a later epoch", "%.1f")
        last = 0
    }
    for (k in keys) {
        delete w
        for (q = 1; q <= ROUNDS; q++) if (rm[q, s] > 0 && (q, k) in rm) w[q] = 100 * (rm[q, k] / rm[q, s] - 1)
        show("test RMSE vs sequential, " k, w, "% (target within 1%)", "%+.2f")
    }
}' "$out"
