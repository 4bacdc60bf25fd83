#!/bin/sh
# bench/kmeans.sh - sync_for on a flat Lloyd k-means written as a user would
# (bench/progs/kmeans.c) against the same code by hand in OpenMP
# (kmeans_omp.c) and MPI (kmeans_mpi.c), and the plain cc build, all in one
# run on this machine; also the same kmeans.c with its centroids a dvector
# instead of copyin (dv_*, made here with sed). Prints every run, then per round and as the median
# over the rounds:
#   speedup of each configuration vs the cc build (sequential)
#   strads 1 proc x T threads / OpenMP T threads   (speedup ratio, target >= 0.9)
#   strads T procs x 1 thread / MPI np T           (speedup ratio, target >= 0.9)
# and checks that every build's final inertia and centroid checksum agree
# with the cc build's within a relative 1e-4 (the reductions add in another
# order). The strads runs also print rank 0's STRADS_STATS phase breakdown
# of their first and last sync_for call (docs/observability.md).
#
# Usage: [ROUNDS=n] bench/kmeans.sh [POINTS DIMS CLUSTERS ITERATIONS THREADS]
# Default: 500,000 x 20 floats, k = 40, 5 iterations, THREADS = 2. BUILD
# names the build folder with bin/stradscc and bin/strads-run (default
# build-bench, configured as Release with the frontend when absent). Record
# the output in docs/benchmarks.md (## sync_for: k-means against OpenMP and MPI).
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-bench}
N=${1:-500000} D=${2:-20} K=${3:-40} IT=${4:-5} T=${5:-2}
ROUNDS=${ROUNDS:-3}

for tool in mpicc mpirun; do
    command -v $tool >/dev/null || { echo "kmeans.sh: $tool not found (scripts/install-deps.sh: openmpi-bin libopenmpi-dev)" >&2; exit 1; }
done
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    cmake -S "$ROOT" -B "$BUILD" -DSTRADS_BUILD_FRONTEND=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" -j2 --target stradscc stradsc strads strads-run >/dev/null
B=$BUILD/bin
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
P=$ROOT/bench/progs
CFLAGS="-std=gnu11 -O2"
cc $CFLAGS -Wno-unknown-pragmas -o "$dir/km-cc" "$P/kmeans.c" -lm
cc $CFLAGS -fopenmp -o "$dir/km-omp" "$P/kmeans_omp.c" -lm
mpicc $CFLAGS -o "$dir/km-mpi" "$P/kmeans_mpi.c" -lm
"$B/stradscc" $CFLAGS -o "$dir/km-strads" "$P/kmeans.c" -lm
# the same program with its centroids a dvector instead of copyin
sed -e 's|^    float \*cent = malloc|#pragma strads dvector\n&|' \
    -e 's|#pragma strads sync_for copyin(cent\[0:k\*d\]) |#pragma strads sync_for |' \
    "$P/kmeans.c" >"$dir/kmeans_dv.c"
grep -q '^#pragma strads sync_for reduction' "$dir/kmeans_dv.c" || { echo "kmeans.sh: the dvector variant was not made" >&2; exit 1; }
"$B/stradscc" $CFLAGS -I"$P" -o "$dir/km-strads-dv" "$dir/kmeans_dv.c" -lm

echo "kmeans: $N points x $D dims, k=$K, $IT iterations, T=$T, $ROUNDS rounds ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
res=$dir/results
MPIRUN="mpirun --oversubscribe --bind-to none"
[ "$(id -u)" != 0 ] || MPIRUN="$MPIRUN --allow-run-as-root"
# run NAME CMD...: one run; its result line, tagged with the configuration
# and the round, goes to $res; a strads run's last sync_for stats line too.
run() {
    name=$1
    shift
    if ! "$@" >"$dir/out" 2>"$dir/err"; then
        cat "$dir/out" "$dir/err" >&2
        echo "kmeans.sh: $name failed" >&2
        exit 1
    fi
    line=$(grep '^result' "$dir/out")
    echo "round=$round config=$name $line" | tee -a "$res"
    for which in first:1p 'last:$p'; do
        st=$(grep ': stats: ev=sync_for ' "$dir/err" | sed -n "${which#*:}" |
             sed 's/.*: stats: ev=sync_for rank=0 site=[^ ]* //')
        [ -z "$st" ] || echo "    ${which%%:*} call: $st"
    done
}
for round in $(seq "$ROUNDS"); do
    run seq "$dir/km-cc" "$N" "$D" "$K" "$IT"
    run omp env OMP_NUM_THREADS="$T" OMP_PROC_BIND=false "$dir/km-omp" "$N" "$D" "$K" "$IT"
    STRADS_STATS=1 run "strads_1x$T" "$B/strads-run" -n 1 --threads "$T" "$dir/km-strads" "$N" "$D" "$K" "$IT"
    run mpi $MPIRUN -np "$T" "$dir/km-mpi" "$N" "$D" "$K" "$IT"
    STRADS_STATS=1 run "strads_${T}x1" "$B/strads-run" -n "$T" --threads 1 "$dir/km-strads" "$N" "$D" "$K" "$IT"
    STRADS_STATS=1 run "dv_1x$T" "$B/strads-run" -n 1 --threads "$T" "$dir/km-strads-dv" "$N" "$D" "$K" "$IT"
    STRADS_STATS=1 run "dv_${T}x1" "$B/strads-run" -n "$T" --threads 1 "$dir/km-strads-dv" "$N" "$D" "$K" "$IT"
done

awk -v T="$T" -v R="$ROUNDS" '
    function val(s, k,   i, n, kv) { n = split(s, kv, " "); for (i = 1; i <= n; i++) if (index(kv[i], k "=") == 1) return substr(kv[i], length(k) + 2); return "" }
    function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
                                       return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    function rel(a, b) { d = a - b; if (d < 0) d = -d; return b == 0 ? d : d / (b < 0 ? -b : b) }
    { r = val($0, "round"); c = val($0, "config"); t[r, c] = val($0, "time_s")
      in_[r, c] = val($0, "inertia"); ck[r, c] = val($0, "checksum"); cfg[c] = 1 }
    END {
        bad = 0
        for (r = 1; r <= R; r++) for (c in cfg)
            if (rel(in_[r, c], in_[r, "seq"]) > 1e-4 || rel(ck[r, c], ck[r, "seq"]) > 1e-4) {
                printf "MISMATCH round %d %s: inertia %s checksum %s, seq %s %s\n", r, c, in_[r, c], ck[r, c], in_[r, "seq"], ck[r, "seq"]; bad = 1 }
        n = split("omp strads_1x" T " mpi strads_" T "x1 dv_1x" T " dv_" T "x1", order, " ")
        for (i = 1; i <= n; i++) {
            c = order[i]; s = ""
            for (r = 1; r <= R; r++) { sp[r] = t[r, "seq"] / t[r, c]; s = s sprintf(" %.2f", sp[r]) }
            printf "speedup %-12s median %.2f (rounds:%s)\n", c, median(sp, R), s
        }
        split("strads_1x" T "/omp strads_" T "x1/mpi dv_1x" T "/omp dv_" T "x1/mpi", pair, " ")
        for (i = 1; i <= 4; i++) {
            split(pair[i], ab, "/"); s = ""
            for (r = 1; r <= R; r++) { q[r] = t[r, ab[2]] / t[r, ab[1]]; s = s sprintf(" %.2f", q[r]) }
            printf "ratio %-16s median %.2f (target >= 0.9; rounds:%s)\n", pair[i], median(q, R), s
        }
        printf "answers %s\n", bad ? "DIFFER" : "agree (inertia and centroid checksum within 1e-4 of seq)"
        exit bad
    }' "$res"
