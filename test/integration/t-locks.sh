#!/bin/sh
# t-locks.sh STRADS_RUN STRADS_REPLAY ASYNC_PROG - one giant group split
# between two threads with locks: the planner picks the locks method, the
# serializability oracle of async_prog holds against the order the locks were
# granted in, and a --record of the run replayed by strads-replay in one
# process, or on two processes by strads-run --replay, ends in the same
# state, bit for bit.
set -eu
. "$(dirname "$0")/../stats.sh"
run=$1 replay=$2 prog=$3
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
STRADS_STATS=1 STRADS_VERIFY_PLAN=1 "$run" -n 1 --threads 2 --record "$d/rec" "$prog" giant 3 \
    >"$d/rec.out" 2>"$d/rec.err" || { cat "$d/rec.out" "$d/rec.err"; echo "FAIL: the run failed"; exit 1; }
stats_has "$d/rec.err" async_plan node_method=single thread_method=locks || { cat "$d/rec.err"; echo "FAIL: no locks in the plan"; exit 1; }
grep -q "^ok giant size=1 threads=2" "$d/rec.out" || { cat "$d/rec.out"; echo "FAIL: oracle"; exit 1; }
ls "$d/rec" | grep -q '^async-000003.order$' || { echo "FAIL: orders not recorded"; exit 1; }
"$replay" "$d/rec" -- "$prog" giant 3 >"$d/rep.out" 2>"$d/rep.err" || { cat "$d/rep.err"; echo "FAIL: replay"; exit 1; }
a=$(grep '^state ' "$d/rec.out") b=$(grep '^state ' "$d/rep.out")
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: recorded $a, replayed $b"; exit 1; }
echo "locks: replay identical ($a)"
# Two processes: under cluster replay (strads-run --replay) the lock grants
# follow the recorded order, so the engine's order check passes and the
# final state is the recorded one.
"$run" -n 2 --threads 2 --record "$d/rec2" "$prog" giant 2 >"$d/rec2.out" 2>"$d/rec2.err" ||
    { cat "$d/rec2.err"; echo "FAIL: 2-process run"; exit 1; }
"$run" -n 2 --threads 2 --replay "$d/rec2" "$prog" giant 2 >"$d/rep2.out" 2>"$d/rep2.err" ||
    { cat "$d/rep2.err"; echo "FAIL: cluster replay"; exit 1; }
a=$(grep '^state ' "$d/rec2.out") b=$(grep '^state ' "$d/rep2.out")
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: recorded $a, cluster replay $b"; exit 1; }
echo "locks: cluster replay identical ($a)"
echo ok
