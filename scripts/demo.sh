#!/bin/sh
# The README's demo: installs missing packages, builds strads, compiles the
# annotated SGD matrix factorization sample (samples/sgdmf/sgdmf.c) twice -
# with plain cc (the sequential program) and with stradscc - and runs both on
# the same generated Netflix-shaped data: the sequential build, then the
# strads build on 4 local processes. Prints the test RMSE per epoch of each
# and the speedup measured in this run.
#
#   sh scripts/demo.sh [users items ratings rank epochs]
#
# DEMO_BUILD=DIR uses an existing build folder as is (no install, no build):
# the test suite runs the demo that way, small.
set -eu
cd "$(dirname "$0")/.."
B=${DEMO_BUILD:-}
if [ -z "$B" ]; then
    ./scripts/install-deps.sh
    cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTRADS_BUILD_FRONTEND=ON >/dev/null
    cmake --build build -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
    B=build
fi

users=${1:-50000} items=${2:-5000} ratings=${3:-8000000} rank=${4:-16} epochs=${5:-8}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -O2 -o "$out/sgdmf-seq" samples/sgdmf/sgdmf.c -lm
"$B/bin/stradscc" -O2 -o "$out/sgdmf" samples/sgdmf/sgdmf.c -lm

now() { date +%s.%N; }
echo "== SGD-MF: $users users x $items items, $ratings ratings, rank $rank, $epochs epochs"
echo "== sequential build (plain cc)"
t0=$(now)
"$out/sgdmf-seq" "$users" "$items" "$ratings" "$rank" "$epochs"
t1=$(now)
echo "== strads build (stradscc), strads-run -n 4 --threads 1"
"$B/bin/strads-run" -n 4 --threads 1 "$out/sgdmf" "$users" "$items" "$ratings" "$rank" "$epochs"
t2=$(now)
echo "== the same on $(nproc) processes (one per core of this machine)"
"$B/bin/strads-run" -n "$(nproc)" --threads 1 "$out/sgdmf" "$users" "$items" "$ratings" "$rank" "$epochs" | tail -n 1
t3=$(now)
awk -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" -v cores="$(nproc)" 'BEGIN {
    printf "== sequential %.2f s; strads on 4 processes %.2f s (speedup %.2fx), on %d processes %.2f s (speedup %.2fx); %d cores\n",
           b - a, c - b, (b - a) / (c - b), cores, d - c, (b - a) / (d - c), cores }'
