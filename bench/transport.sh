#!/bin/sh
# bench/transport.sh [REPS] - the strads transport against plain TCP on this
# machine: throughput of 1 MiB messages and round trip of 64-byte messages
# between two processes on loopback (bench/transport_bench.c says how each is
# measured). Builds transport_bench if needed, then runs the raw and the
# strads measurement REPS times (default 5), alternating so that a slow
# moment of the machine hits both alike, and prints every run, the medians and
# the ratios strads/raw with their targets:
# throughput ratio >= 0.8, round-trip ratio <= 2.
#
# Environment: BUILD (build folder, default build-bench; configured here as a
# Release build if it does not exist), MSGS (1 MiB messages per run, default
# 512), PINGS (round trips per run, default 20000), CPUS (if set, every
# process runs under taskset -c CPUS; on a small VM where a cross-CPU wake-up
# costs several times a same-CPU one, CPUS=0 makes the round trips far less
# noisy). The numbers belong in docs/benchmarks.md with this command line.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-bench}
REPS=${1:-5}
MSGS=${MSGS:-512}
PINGS=${PINGS:-20000}

if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    cmake -S "$ROOT" -B "$BUILD" -DSTRADS_BUILD_FRONTEND=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
BIN=$BUILD/bin
if ! cmake --build "$BUILD" -j2 --target transport_bench strads-run >"$BUILD/transport-build.log" 2>&1; then
    # A tree in the middle of someone's edit need not stop a measurement of
    # the last good build, but say so: the numbers are then of older code.
    [ -x "$BIN/transport_bench" ] || { cat "$BUILD/transport-build.log" >&2; exit 1; }
    echo "transport.sh: warning: the build failed (see $BUILD/transport-build.log);" \
        "measuring the binaries of the last successful build" >&2
fi
PIN=""
[ -n "${CPUS:-}" ] && PIN="taskset -c $CPUS"

out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "transport: $REPS runs of each, $MSGS x 1 MiB, $PINGS round trips of 64 B${PIN:+, under $PIN}"
i=1
while [ "$i" -le "$REPS" ]; do
    $PIN "$BIN/transport_bench" raw "$MSGS" "$PINGS" | tee -a "$out"
    $PIN "$BIN/strads-run" -n 2 "$BIN/transport_bench" strads "$MSGS" "$PINGS" | tee -a "$out"
    i=$((i + 1))
done

# median MODE FIELD: the median of FIELD over the lines of MODE.
median() {
    grep "^$1 " "$out" | tr ' ' '\n' | sed -n "s/^$2=//p" | sort -g |
        awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
rt=$(median raw throughput_mib_s)
st=$(median strads throughput_mib_s)
rr=$(median raw rtt_us)
sr=$(median strads rtt_us)
sq=$(median strads rpc_rtt_us)
sh=$(median strads handled_mib_s)
awk -v rt="$rt" -v st="$st" -v rr="$rr" -v sr="$sr" -v sq="$sq" -v sh="$sh" 'BEGIN {
    tr = st / rt; lr = sr / rr; qr = sq / rr; hr = sh / rt
    printf "\n%-28s %12s %12s %8s %10s\n", "median of runs", "raw TCP", "strads", "ratio", "target"
    printf "%-28s %12.1f %12.1f %8.2f %10s %s\n", "throughput 1 MiB (MiB/s)", rt, st, tr, ">= 0.8", (tr >= 0.8 ? "met" : "MISSED")
    printf "%-28s %12.1f %12.1f %8.2f %10s %s\n", "  consumed on the loop thread", rt, sh, hr, ">= 0.8", (hr >= 0.8 ? "met" : "MISSED")
    printf "%-28s %12.1f %12.1f %8.2f %10s %s\n", "round trip 64 B (us)", rr, sr, lr, "<= 2", (lr <= 2 ? "met" : "MISSED")
    printf "%-28s %12.1f %12.1f %8.2f %10s %s\n", "request/reply 64 B (us)", rr, sq, qr, "<= 2", (qr <= 2 ? "met" : "MISSED")
}'
