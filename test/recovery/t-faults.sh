#!/bin/sh
# t-faults.sh STRADSCC STRADS_RUN SGDMF_C - a worker SIGKILLed at each point
# of an operator (STRADS_FAULT=OP:RANK:PHASE, replay/fault.c):
# in reconnaissance, while executing, while writing back, and while the
# driver writes a checkpoint (and the driver itself during one). With
# --checkpoint and --restarts 1 the job must print exactly what an
# uninterrupted run prints (bitwise: SGD-MF is async_for plus a sync_for
# reduction, both deterministic); without --restarts strads-run must exit
# non-zero naming the rank within 45 s for the whole run (start-up
# included; 15 s under 6 CPU hogs), well before the peers' 60 s heartbeat
# timeout, so the death was seen, not timed out; never hang.
set -eu
stradscc=$1 run=$2 src=$3
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$stradscc" -O2 -o "$d/sg" "$src" -lm
args="4000 800 60000 8 6"
"$run" -n 4 --threads 2 "$d/sg" $args >"$d/ref.txt"
# Operator 1 is the first async_for (the only one with reconnaissance: its
# plan is cached), 3 and 5 later ones, 4 a sync_for.
for fault in 1:2:recon 3:1:run 3:3:writeback 4:2:run 3:2:checkpoint 5:0:checkpoint; do
    rank=$(echo "$fault" | cut -d: -f2)
    rm -rf "$d/ck"
    STRADS_FAULT=$fault "$run" -n 4 --threads 2 --checkpoint "$d/ck" --restarts 1 "$d/sg" $args \
        >"$d/got.txt" 2>"$d/err.txt" || { cat "$d/err.txt"; fail "$fault: the restarted job failed"; }
    grep -q "STRADS_FAULT: killing myself" "$d/err.txt" || fail "$fault: the fault did not fire"
    grep -q "node failure (rank $rank); restart 1 of 1" "$d/err.txt" ||
        { cat "$d/err.txt"; fail "$fault: no restart naming rank $rank"; }
    tail -n "$(wc -l <"$d/ref.txt")" "$d/got.txt" | cmp -s - "$d/ref.txt" ||
        fail "$fault: the restarted run prints something else"
    start=$(date +%s)
    if STRADS_FAULT=$fault timeout 60 "$run" -n 4 --threads 2 --checkpoint "$d/ck2" "$d/sg" $args \
        >/dev/null 2>"$d/err.txt"; then
        fail "$fault: a killed process went unnoticed"
    fi
    took=$(( $(date +%s) - start ))
    [ "$took" -le 45 ] || fail "$fault: strads-run took $took s to give up"
    grep -q "rank $rank" "$d/err.txt" || { cat "$d/err.txt"; fail "$fault: rank $rank not named"; }
    rm -rf "$d/ck2"
    echo "fault $fault: restarted run identical; without restarts exit in ${took}s naming rank $rank"
done
echo ok
