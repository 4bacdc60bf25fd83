#!/bin/bash
# t-recovery.sh MODE STRADS-RUN CKPT_PROG: checkpoints and fast re-execution
# end to end (docs/recovery.md). Every mode compares the result line of a
# recovered run with an uninterrupted run of the same program; a recovered
# run must reproduce it exactly (the arithmetic is integer-valued).
#
#   kill        SIGKILL a worker mid-run, --restarts 1: same result
#   nokill      the same without --restarts: non-zero within 10 s, rank named
#   stop        SIGSTOP a worker mid-run (hung, connections open), --restarts 1:
#               same result
#   nostop      the same without --restarts: non-zero within 10 s, the stopped
#               rank named first
#   ckptcrash   the driver dies between a checkpoint's images and manifest
#   corrupt     newest manifest corrupted: recovery falls back and says so
#   truncated   an image of the newest checkpoint truncated, recovery on
#               another node count
#   every       --checkpoint-every 3: skipped operators without a checkpoint
#   async       the background checkpoint writer (the default) with slow
#               operators; a worker killed while it may be writing
#   inline      checkpoints written in line and fsynced (ASYNC=0, SYNC=1)
#   onenode     a one-node job (changes found by fingerprint, no versions),
#               recovered on one node and on three
#   mismatch    a different program (sites swapped, an array resized) is
#               refused, never silently mixed with the checkpoint
#   files       what a checkpoint folder holds (input written once, images
#               of old checkpoints released, manifests kept), and the
#               checkpoint statistics of STRADS_STATS
set -u
mode=$1 SR=$2 PROG=$3
TMP=$(mktemp -d "${TMPDIR:-/tmp}/strads-rec.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
D=$TMP/ckpt
OPS=10

fail() {
    echo "FAIL ($mode): $*" >&2
    for f in "$TMP"/*.out "$TMP"/*.err; do
        [ -s "$f" ] && { echo "--- $f:" >&2; tail -c 3000 "$f" >&2; }
    done
    exit 1
}

# run NAME ARGS...: strads-run ARGS; sets RC and MS, output in $TMP/NAME.{out,err}
run() {
    local name=$1
    shift
    local t0=${EPOCHREALTIME/./}
    timeout -k 5 100 "$SR" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err" </dev/null
    RC=$?
    MS=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
}
result() { grep '^result ' "$TMP/$1.out" | tail -n 1; }
expect_ok() { [ "$RC" -eq 0 ] || fail "$1: exit status $RC"; }
same_result() {  # same_result NAME: its result equals the reference's
    local want got
    want=$(result ref) got=$(result "$1")
    [ -n "$want" ] || fail "reference run printed no result"
    [ "$want" = "$got" ] || fail "$1: result '$got', want '$want'"
}
expect_err() { grep -qE -- "$2" "$TMP/$1.err" || fail "$1: stderr does not match /$2/"; }
. "$(dirname "$0")/../stats.sh"
# expect_stat NAME EV KEY=ERE...: a STRADS_STATS line of the run NAME has them
expect_stat() {
    f=$TMP/$1.err
    shift
    stats_has "$f" "$@" || fail "$(basename "$f"): no STRADS_STATS line has $*"
}

flip() {  # flip FILE OFFSET: corrupt one byte in place
    printf '\x5a' | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}
manifest() { printf '%s/ckpt-%020d.man' "$D" "$1"; }

run ref -n 3 "$PROG" $OPS
expect_ok ref

case $mode in
kill)
    CKPT_KILL=5:2 run kill -n 3 --checkpoint "$D" --restarts 1 "$PROG" $OPS
    expect_ok kill
    same_result kill
    expect_err kill 'rank 2 \(pid [0-9]+\) was killed by signal 9'
    expect_err kill 'node failure \(rank 2\); restart 1 of 1'
    # op 4's checkpoint may still be with the background writer (SCHED_IDLE:
    # no CPU under 6 CPU hogs) when rank 2 dies; then op 3's is the newest
    expect_err kill 'resuming from the checkpoint of op [34] '
    ;;
nokill)
    CKPT_KILL=5:2 run nokill -n 3 --checkpoint "$D" "$PROG" $OPS
    [ "$RC" -ne 0 ] || fail "a node failure without --restarts exited 0"
    # the whole run, start-up included: under 6 CPU hogs it took 13.5 s, 5 s
    # of them the driver's exit (strads-run kills a rank that has not exited
    # 5 s after a node failure); a failure left to the peers' 60 s heartbeat
    # timeout would take longer
    [ "$MS" -lt 45000 ] || fail "took $MS ms to report the failure"
    expect_err nokill 'rank 2'
    ! grep -q restart "$TMP/nokill.err" || fail "restarted without --restarts"
    ;;
stop)
    CKPT_KILL=5:2:stop run stop -n 3 --checkpoint "$D" --restarts 1 "$PROG" $OPS
    expect_ok stop
    same_result stop
    expect_err stop 'rank 2 \(pid [0-9]+\) is stopped'
    expect_err stop 'node failure \(rank 2\); restart 1 of 1'
    ;;
nostop)
    CKPT_KILL=5:2:stop run nostop -n 3 --checkpoint "$D" "$PROG" $OPS
    [ "$RC" -ne 0 ] || fail "a stopped node without --restarts exited 0"
    # the whole run, start-up included; a stopped node left to the peers'
    # 60 s heartbeat timeout would take longer (10 s was too tight for the
    # run itself under 6 CPU hogs)
    [ "$MS" -lt 45000 ] || fail "took $MS ms to report the stopped node"
    first=$(grep -m1 '^strads-run: ' "$TMP/nostop.err")
    echo "$first" | grep -qE '^strads-run: rank 2 \(pid [0-9]+\) is stopped' ||
        fail "the first line names another rank: $first"
    ! grep -q restart "$TMP/nostop.err" || fail "restarted without --restarts"
    ;;
ckptcrash)
    STRADS_CHECKPOINT_CRASH=6 run crash -n 3 --checkpoint "$D" --restarts 2 "$PROG" $OPS
    expect_ok crash
    same_result crash
    expect_err crash 'node failure \(rank [0-9]+\); restart 1 of 2'
    expect_err crash 'resuming from the checkpoint of op 5 '
    ;;
corrupt)
    run full -n 3 --checkpoint "$D" "$PROG" $OPS
    expect_ok full
    same_result full
    flip "$(manifest $OPS)" 40
    run rec -n 3 --recover "$D" "$PROG" $OPS
    expect_ok rec
    same_result rec
    expect_err rec "checkpoint of op $OPS in .* is unusable: .*falling back to the previous one"
    expect_err rec "resuming from the checkpoint of op $((OPS - 1)) "
    # recovering again from the same folder, now with new checkpoints after it
    run rec2 -n 3 --checkpoint "$D" --recover "$D" "$PROG" $OPS
    expect_ok rec2
    same_result rec2
    ;;
truncated)
    run full -n 3 --checkpoint "$D" "$PROG" $OPS
    expect_ok full
    img=$(ls "$D"/arr-*-$(printf '%020d' $OPS).img | head -n 1)
    [ -n "$img" ] || fail "no image of op $OPS"
    truncate -s 1000 "$img"
    run rec -n 2 --recover "$D" "$PROG" $OPS
    expect_ok rec
    same_result rec
    expect_err rec "unusable: .*truncated.*falling back"
    run rec1 -n 1 --recover "$D" "$PROG" $OPS
    expect_ok rec1
    same_result rec1
    ;;
every)
    CKPT_KILL=8:1 run every -n 3 --checkpoint "$D" --checkpoint-every 3 --restarts 1 \
        "$PROG" $OPS
    expect_ok every
    same_result every
    # op 6's checkpoint may still be with the background writer when rank 1
    # dies at op 8 (as for kill above); then op 3's is the newest
    expect_err every 'resuming from the checkpoint of op [36] '
    ;;
async)
    export STRADS_CHECKPOINT_ASYNC=1
    CKPT_SLEEP_MS=20 run full -n 3 --checkpoint "$D" "$PROG" $OPS
    expect_ok full
    same_result full
    [ "$(ls "$D"/ckpt-*.man | wc -l)" -eq $OPS ] || fail "async: manifests $(ls "$D")"
    [ "$(ls "$D"/arr-*.img | wc -l)" -eq 3 ] || fail "async: images $(ls "$D")"
    rm -rf "$D"
    CKPT_KILL=6:1 run kill -n 3 --checkpoint "$D" --restarts 1 "$PROG" $OPS
    expect_ok kill
    same_result kill
    expect_err kill 'resuming from the checkpoint of op [45] '
    ;;
inline)
    export STRADS_CHECKPOINT_ASYNC=0 STRADS_CHECKPOINT_SYNC=1
    STRADS_STATS=1 run full -n 3 --checkpoint "$D" "$PROG" $OPS
    expect_ok full
    same_result full
    [ "$(ls "$D"/arr-*.img | wc -l)" -eq 3 ] || fail "inline: images $(ls "$D")"
    expect_stat full checkpoints written=$OPS images=$((OPS + 1)) inline=1
    rm -rf "$D"
    CKPT_KILL=6:1 run kill -n 3 --checkpoint "$D" --restarts 1 "$PROG" $OPS
    expect_ok kill
    same_result kill
    expect_err kill 'resuming from the checkpoint of op 5 '
    ;;
onenode)
    CKPT_KILL=6:0 run kill -n 1 --checkpoint "$D" --restarts 1 "$PROG" $OPS
    expect_ok kill
    same_result kill
    # the driver's own SIGKILL may catch op 5's checkpoint in the writer
    expect_err kill 'resuming from the checkpoint of op [45] '
    # the input is written once, even across the restart: its fingerprint
    # matches the one the recovered manifest recorded
    [ "$(ls "$D"/arr-*.img | wc -l)" -eq 3 ] || fail "onenode: images $(ls "$D")"
    run rec3 -n 3 --recover "$D" "$PROG" $OPS
    expect_ok rec3
    same_result rec3
    expect_err rec3 "resuming from the checkpoint of op $OPS "
    ;;
mismatch)
    run full -n 3 --checkpoint "$D" "$PROG" $OPS
    expect_ok full
    CKPT_SWAP=1 run swap -n 3 --recover "$D" "$PROG" $OPS
    [ "$RC" -ne 0 ] || fail "recovery of another program (sites swapped) succeeded"
    expect_err swap 'operator 1 is the loop at ckpt_prog.c:200 in this run but the one at ckpt_prog.c:100 in the checkpoint'
    CKPT_SHAPE=1 run shape -n 3 --recover "$D" "$PROG" $OPS
    [ "$RC" -ne 0 ] || fail "recovery with another array shape succeeded"
    expect_err shape 'allocated it with another shape'
    ;;
files)
    STRADS_STATS=1 run full -n 3 --checkpoint "$D" "$PROG" $OPS
    expect_ok full
    # every checkpoint written, by the background writer: input once, X each time
    expect_stat full checkpoints written=$OPS images=$((OPS + 1)) 'bytes=[1-9][0-9]*' \
        'main_s=[0-9.]+' inline=0
    n_man=$(ls "$D"/ckpt-*.man | wc -l)
    n_img=$(ls "$D"/arr-*.img | wc -l)
    [ "$n_man" -eq $OPS ] || fail "$n_man manifests, want $OPS"
    # A once (input), X for the two checkpoints kept
    [ "$n_img" -eq 3 ] || fail "$n_img images, want 3: $(ls "$D")"
    ! ls "$D" | grep -q tmp || fail "temp files left: $(ls "$D")"
    ! ls "$D" | grep -q spare || fail "spare images left: $(ls "$D")"
    rm -rf "$D"
    STRADS_CHECKPOINT_KEEP=0 run all -n 3 --checkpoint "$D" "$PROG" $OPS
    expect_ok all
    n_img=$(ls "$D"/arr-*.img | wc -l)
    [ "$n_img" -eq $((OPS + 1)) ] || fail "KEEP=0: $n_img images, want $((OPS + 1))"
    ;;
*)
    fail "unknown mode"
    ;;
esac
echo "ok $mode"
