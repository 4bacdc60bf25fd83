#!/bin/sh
# t-sgdmf-restart.sh STRADSCC STRADS_RUN SGDMF_C - fast re-execution end to
# end on a program compiled by stradscc: SGD-MF on 4 processes with
# checkpoints, a worker killed (SIGKILL) at a given loop call, restarted once
# by strads-run --restarts 1. The restarted run must print exactly what an
# uninterrupted run prints (bitwise: async_for plans and BSP reductions are
# deterministic). Without --restarts the job must fail within 10 s naming
# the rank.
set -eu
stradscc=$1 run=$2 src=$3
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$stradscc" -O2 -o "$d/sg" "$src" -lm
args="4000 800 60000 8 12"
for fault in 3:2 10:1 17:3; do
    "$run" -n 4 --threads 2 "$d/sg" $args >"$d/ref.txt"
    rm -rf "$d/ck"
    STRADS_FAULT=$fault "$run" -n 4 --threads 2 --checkpoint "$d/ck" --restarts 1 "$d/sg" $args \
        >"$d/got.txt" 2>"$d/err.txt" || { cat "$d/err.txt"; echo "FAIL: restarted job failed"; exit 1; }
    grep -q "restart 1 of 1" "$d/err.txt" || { cat "$d/err.txt"; echo "FAIL: no restart ($fault)"; exit 1; }
    tail -n "$(wc -l <"$d/ref.txt")" "$d/got.txt" | cmp - "$d/ref.txt" ||
        { echo "FAIL: fault $fault: restarted output differs"; exit 1; }
    echo "fault $fault: restarted run identical"
done
# No restarts: non-zero, naming the rank, within 45 s for the whole run
# (start-up included, on a loaded machine): before the peers' 60 s
# heartbeat timeout, so the death was seen, not timed out.
start=$(date +%s)
if STRADS_FAULT=5:2 "$run" -n 4 --threads 2 "$d/sg" $args >/dev/null 2>"$d/err.txt"; then
    echo "FAIL: a killed worker went unnoticed"; exit 1
fi
[ $(( $(date +%s) - start )) -le 45 ] || { echo "FAIL: took more than 45 s"; exit 1; }
grep -q "rank 2" "$d/err.txt" || { cat "$d/err.txt"; echo "FAIL: the rank is not named"; exit 1; }
echo ok
