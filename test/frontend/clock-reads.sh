#!/bin/sh
# clock-reads.sh STRADSCC STRADS-RUN: short calls run alone read few clocks
# (engine/loop_alone.c, rt_alone_clock). notice/clock_reads.c makes 300
# calls of two loops; an LD_PRELOAD shim counts the main thread's clock
# reads. In place (1x1) no call reads the thread's CPU clock (one read a
# call before); settled alone (1x2) one call in RT_TIME_EVERY reads the
# monotonic clock (600 reads before). The answer is the plain build's.
set -eu
export STRADS_TRY_ALONE=1 # as users run (the suite shares every call)
here=$(cd "$(dirname "$0")" && pwd)
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cc -O1 -w "$here/notice/clock_reads.c" -o "$d/q"
"$d/q" >"$d/want"
"$1" -O1 "$here/notice/clock_reads.c" -o "$d/p"
cc -O1 -shared -fPIC "$here/clock_count.c" -o "$d/count.so" -ldl
for t in 1 2; do
    CLOCK_COUNT_OUT="$d/n$t" LD_PRELOAD="$d/count.so" "$2" -n 1 --threads "$t" "$d/p" >"$d/got"
    cmp "$d/want" "$d/got"
    echo "1x$t: $(cat "$d/n$t")"
done
read -r _ mono1 _ cpu1 <"$d/n1"
read -r _ mono2 _ cpu2 <"$d/n2"
test "$cpu1" -lt 30 || { echo "1x1 read the thread's CPU clock $cpu1 times in 300 calls"; exit 1; }
test "$mono2" -lt 300 || { echo "1x2 read the monotonic clock $mono2 times in 300 calls"; exit 1; }
