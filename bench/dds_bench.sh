#!/bin/sh
# bench/dds_bench.sh [REPS] - the DDS benchmarks, each printed with
# its baseline from the same run (bench/dds_bench.c says how each is taken):
#   1. element access in a parallel body, dvector vs a plain array
#      (ratio plain/dvector, target >= 0.95), with 1 and 2 nodes;
#   2. parallel text load of a generated file (MB/s) with 1, 2 and 4 nodes vs
#      `cat FILE > /dev/null` of the same (cached) file;
#   3. prefetch and write-back throughput between two nodes vs rt_send of the
#      same bytes in 4 MiB messages (the transport's bandwidth).
# Environment: BUILD (build folder, default build-bench, configured here as a
# Release build if missing), LOAD_MIB (size of the load file, default 1024),
# XFER_MIB (default 256). Results go to docs/benchmarks.md (## DDS) with the
# command line.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-bench}
REPS=${1:-3}
LOAD_MIB=${LOAD_MIB:-1024}
XFER_MIB=${XFER_MIB:-256}

if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    cmake -S "$ROOT" -B "$BUILD" -DSTRADS_BUILD_FRONTEND=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" -j2 --target strads_static strads-run >/dev/null
BIN=$BUILD/bin
# Built here rather than by bench/CMakeLists.txt: same flags as a Release build.
cc -std=gnu11 -O2 -g -Wall -Wextra -I"$ROOT/include" -I"$ROOT" -o "$BIN/dds_bench" \
   "$ROOT/bench/dds_bench.c" "$BUILD/lib/libstrads.a" \
   $(pkg-config --libs libuv msgpack libsodium) -lpthread -ldl -lm

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== 1. element access in a parallel body"
for n in 1 2; do
    i=1
    while [ "$i" -le "$REPS" ]; do
        "$BIN/strads-run" -n $n "$BIN/dds_bench" access
        i=$((i + 1))
    done
done

echo "== 2. parallel load vs cat ($LOAD_MIB MiB)"
awk 'BEGIN { for (i = 0; i < 65536; i++) print (i * 7919 % 100000000) " " (i % 1000003) }' \
    > "$tmp/block.txt"
bs=$(stat -c %s "$tmp/block.txt")
k=$((LOAD_MIB * 1048576 / bs + 1))
: > "$tmp/load.txt"
while [ "$k" -gt 0 ]; do cat "$tmp/block.txt" >> "$tmp/load.txt"; k=$((k - 1)); done
ls -l "$tmp/load.txt" | awk '{printf "file: %d bytes\n", $5}'
cat "$tmp/load.txt" > /dev/null   # warm the page cache for both
i=1
while [ "$i" -le "$REPS" ]; do
    s=$(date +%s.%N); cat "$tmp/load.txt" > /dev/null; e=$(date +%s.%N)
    awk -v s="$s" -v e="$e" -v f="$tmp/load.txt" -v b="$(stat -c %s "$tmp/load.txt")" \
        'BEGIN { printf "cat: %.3f s, %.0f MB/s\n", e - s, b / 1e6 / (e - s) }'
    for n in 1 2 4; do
        "$BIN/strads-run" -n $n "$BIN/dds_bench" load "$tmp/load.txt"
    done
    i=$((i + 1))
done

echo "== 3. prefetch / write-back vs rt_send ($XFER_MIB MiB)"
i=1
while [ "$i" -le "$REPS" ]; do
    "$BIN/strads-run" -n 2 "$BIN/dds_bench" xfer "$XFER_MIB"
    i=$((i + 1))
done
