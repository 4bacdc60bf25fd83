#!/bin/sh
# bench/scale.sh - what a node of a growing job costs, as counts: for
# samples/sgdmf (async_for) and samples/kmeans (sync_for) at 2, 4, 8, 16
# and 32 processes of one thread, the bytes and messages each node sends
# per epoch (mean and busiest node), the peak memory of a node, and the
# driver's reconnaissance and planning time of the first call (wall; for
# async_for also the driver's CPU seconds, which oversubscription inflates
# less). Counts do
# not depend on the machine's load, so oversubscribing one machine gives
# the same numbers a cluster would; times are printed but are only
# meaningful with a core per process.
#
# Each configuration runs twice, with E1 and E2 epochs: the difference,
# divided by E2 - E1, is the steady cost of one epoch (the first call's
# distribution of the data and the final gather cancel out).
#
# Usage: bench/scale.sh [PROCS...]   (default: 2 4 8 16 32)
# Shapes: SGDMF="users items ratings rank" (default 20000 2000 1000000 16),
# KMEANS="points dims clusters" (default 400000 16 32). BUILD names the
# build folder with bin/stradscc and bin/strads-run (default build/).
# docs/benchmarks.md ("Cost as the cluster grows") holds the table and the
# cost model built on it.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
PROCS=${*:-2 4 8 16 32}
SGDMF=${SGDMF:-20000 2000 1000000 16}
KMEANS=${KMEANS:-400000 16 32}
E1=${E1:-1} E2=${E2:-4}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$BUILD/bin/stradscc" -O2 -o "$dir/sgdmf" "$ROOT/samples/sgdmf/sgdmf.c" -lm
"$BUILD/bin/stradscc" -O2 -o "$dir/kmeans" "$ROOT/samples/kmeans/kmeans.c" -lm

# run PROG N EPOCHS: the job's STRADS_STATS lines in $dir/PROG.N.EPOCHS
run() {
    case $1 in
    sgdmf) set -- "$1" "$2" "$3" $SGDMF "$3" ;;
    kmeans) set -- "$1" "$2" "$3" $KMEANS "$3" ;;
    esac
    prog=$1 n=$2 e=$3
    shift 3
    STRADS_STATS=1 "$BUILD/bin/strads-run" -n "$n" --threads 1 "$dir/$prog" "$@" \
        >/dev/null 2>"$dir/$prog.$n.$e" || {
        echo "scale.sh: $prog -n $n failed:" >&2
        tail -5 "$dir/$prog.$n.$e" >&2
        exit 1
    }
}

# key FILE EV KEY: one line per rank, "rank value"
key() {
    grep "stats: ev=$2 " "$1" | sed -n "s/.* rank=\([0-9]*\) .*\b$3=\([^ ]*\).*/\1 \2/p"
}

printf '%-7s %5s %14s %14s %11s %11s %10s %9s %9s %10s\n' program procs \
    "bytes/ep mean" "bytes/ep max" "msgs/ep mean" "msgs/ep max" "rss max KiB" "recon s" "plan s" "plan cpu s"
for prog in sgdmf kmeans; do
    for n in $PROCS; do
        run "$prog" "$n" "$E1"
        run "$prog" "$n" "$E2"
        a=$dir/$prog.$n.$E1 b=$dir/$prog.$n.$E2
        # per rank: (sent in E2 run - sent in E1 run) / (E2 - E1)
        key "$a" net sent_bytes | sort -n >"$dir/ab"
        key "$b" net sent_bytes | sort -n >"$dir/bb"
        key "$a" net sent_msgs | sort -n >"$dir/am"
        key "$b" net sent_msgs | sort -n >"$dir/bm"
        bytes=$(join "$dir/ab" "$dir/bb" | awk -v d=$((E2 - E1)) \
            '{v = ($3 - $2) / d; s += v; if (v > m) m = v} END {printf "%.0f %.0f", s / NR, m}')
        msgs=$(join "$dir/am" "$dir/bm" | awk -v d=$((E2 - E1)) \
            '{v = ($3 - $2) / d; s += v; if (v > m) m = v} END {printf "%.1f %.1f", s / NR, m}')
        rss=$(key "$b" net maxrss_kb | awk '$2 > m {m = $2} END {print m}')
        if [ "$prog" = sgdmf ]; then ev=async_for; else ev=sync_for; fi
        recon=$(key "$b" $ev recon_s | awk 'NR == 1 {print $2}')
        plan=$(key "$b" $ev plan_s | awk 'NR == 1 {print $2}')
        pcpu=$(key "$b" $ev cpu_plan_s | awk 'NR == 1 {print $2}')
        # shellcheck disable=SC2086
        printf '%-7s %5d %14s %14s %11s %11s %10s %9s %9s %10s\n' "$prog" "$n" $bytes $msgs \
            "$rss" "${recon:--}" "${plan:--}" "${pcpu:--}"
    done
done
echo "scale.sh: sgdmf $SGDMF, kmeans $KMEANS; epochs $E1 and $E2; $(nproc) cores; $(git -C "$ROOT" rev-parse --short HEAD)"
