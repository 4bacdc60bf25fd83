#!/bin/bash
# t-restarts.sh STRADS-RUN: the restart loop of strads-run (--restarts N),
# with sh scripts as programs, no runtime: a node failure starts the whole
# job again with STRADS_RECOVER naming the checkpoint folder; the exit status
# is the last attempt's; it gives up after N restarts; a driver's own
# non-zero exit and a forwarded signal are not node failures.
set -u
SR=$1
TMP=$(mktemp -d "${TMPDIR:-/tmp}/strads-restart.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
fail() {
    echo "FAIL: $*" >&2
    for f in out err; do [ -s "$TMP/$f" ] && { echo "--- std$f:" >&2; cat "$TMP/$f" >&2; }; done
    exit 1
}
run() {
    local t0=${EPOCHREALTIME/./}
    timeout -k 5 60 "$SR" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?
    MS=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
}
count() { grep -cE -- "$2" "$TMP/$1"; }

# The sh -c programs order their steps with test/launcher/handshake.sh: a
# rank that fails does so once every rank of its attempt is up.
HS=$(cd "$(dirname "$0")/../launcher" && pwd)/handshake.sh

# Rank 1 dies in the first attempt only (the others wait to be stopped);
# the restart sees STRADS_RECOVER.
mkdir "$TMP/once"
prog='. "$0"; hs_up "$1"
      if [ -z "${STRADS_RECOVER:-}" ]; then
          [ "$STRADS_RANK" = 1 ] && { hs_await_up "$1"; kill -KILL $$; }
          exec sleep 30
      fi
      [ "$STRADS_RANK" = 0 ] && { echo "attempt recover=${STRADS_RECOVER:-none} ckpt=$STRADS_CHECKPOINT"; exit 7; }
      exit 0'
run -n 3 --checkpoint "$TMP/ck" --restarts 2 sh -c "$prog" "$HS" "$TMP/once"
[ "$RC" -eq 7 ] || fail "exit status $RC, want the last attempt's (7)"
grep -qx "attempt recover=$TMP/ck ckpt=$TMP/ck" "$TMP/out" || fail "restart did not recover from $TMP/ck"
[ "$(count err 'restart 1 of 2')" -eq 1 ] || fail "no restart message"
[ "$(count err 'restart 2 of 2')" -eq 0 ] || fail "restarted twice"
grep -qE 'rank 1 \(pid [0-9]+\) was killed by signal 9' "$TMP/err" || fail "failure not named"

# Always failing: N restarts, then give up with a failure status.
die1='. "$0"; hs_up "$1"; [ "$STRADS_RANK" = 1 ] && { hs_await_up "$1"; kill -KILL $$; }; exec sleep 30'
mkdir "$TMP/always"
run -n 2 --checkpoint "$TMP/ck" --restarts 2 sh -c "$die1" "$HS" "$TMP/always"
[ "$RC" -ne 0 ] || fail "a job that always fails exited 0"
[ "$(count err 'was killed by signal 9')" -eq 3 ] || fail "want 3 attempts"
grep -q 'after 2 restarts; giving up' "$TMP/err" || fail "no give-up message"
[ "$MS" -lt 30000 ] || fail "took $MS ms"

# A stopped worker (SIGSTOP: alive, connections open, silent) is found,
# killed and restarted like a dead one; without --restarts the job fails
# naming it, within 45 s (the whole run on a loaded machine; before the
# peers' 60 s heartbeat timeout, so strads-run found it).
prog='if [ -z "${STRADS_RECOVER:-}" ]; then [ "$STRADS_RANK" = 1 ] && { sleep 0.2; kill -STOP $$; }; exec sleep 60; fi
      [ "$STRADS_RANK" = 0 ] && { echo "attempt recover=$STRADS_RECOVER"; exit 7; }
      exec sleep 1'
run -n 3 --checkpoint "$TMP/ck" --restarts 1 sh -c "$prog"
[ "$RC" -eq 7 ] || fail "stopped worker: exit status $RC, want the restart's (7)"
grep -qx "attempt recover=$TMP/ck" "$TMP/out" || fail "stopped worker: no recovering restart"
grep -qE '^strads-run: rank 1 \(pid [0-9]+\) is stopped' "$TMP/err" || fail "stopped worker not named"
[ "$(count err 'node failure \(rank 1\); restart 1 of 1')" -eq 1 ] || fail "no restart message"
run -n 3 --checkpoint "$TMP/ck" sh -c "$prog"
[ "$RC" -ne 0 ] || fail "stopped worker without --restarts exited 0"
[ "$MS" -lt 45000 ] || fail "stopped worker: took $MS ms"
[ "$(grep -m1 '^strads-run: ' "$TMP/err" | grep -cE 'rank 1 \(pid [0-9]+\) is stopped')" -eq 1 ] ||
    fail "the first line does not name the stopped worker"
! grep -q restart "$TMP/err" || fail "restarted without --restarts"

# The driver's own error is the program's answer, not a node failure.
run -n 2 --checkpoint "$TMP/ck" --restarts 3 sh -c '[ "$STRADS_RANK" = 0 ] && exit 4; exec sleep 1'
[ "$RC" -eq 4 ] || fail "driver's status $RC, want 4"
! grep -q restart "$TMP/err" || fail "restarted after the driver's own exit"

# Without --restarts nothing changes: non-zero within 45 s, the node named.
mkdir "$TMP/norestart"
run -n 2 --checkpoint "$TMP/ck" sh -c "$die1" "$HS" "$TMP/norestart"
[ "$RC" -ne 0 ] || fail "node failure exited 0"
[ "$MS" -lt 45000 ] || fail "took $MS ms"
grep -q 'rank 1' "$TMP/err" || fail "node not named"
! grep -q restart "$TMP/err" || fail "restarted without --restarts"

# Flags are checked.
run -n 2 --restarts x true
[ "$RC" -eq 2 ] || fail "--restarts x: status $RC"
run -n 2 --checkpoint-every 0 true
[ "$RC" -eq 2 ] || fail "--checkpoint-every 0: status $RC"
mkdir -p "$TMP/r"
run -n 1 --checkpoint "$TMP/c2" --checkpoint-every 4 --recover "$TMP/r" sh -c 'echo $STRADS_CHECKPOINT $STRADS_CHECKPOINT_EVERY $STRADS_RECOVER'
grep -qx "$TMP/c2 4 $TMP/r" "$TMP/out" || fail "flags did not set the variables"
echo ok
