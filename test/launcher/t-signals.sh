# strads-run: SIGINT and SIGTERM sent to strads-run reach every process of the
# job; processes that ignore them are killed 5 s later; the status is the
# driver's.
. "$(dirname "$0")/lib.sh"

# start ARGS...: strads-run in the background, PID in $BG.
start() {
    # The redirections happen in the background child, so stale files from
    # the previous case must not be there for wait_ready to count.
    rm -f "$TMP/out" "$TMP/err"
    "$SR" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null &
    BG=$!
}
# finish: waits for it; RC and MS as in run (MS from the signal).
finish() {
    local t0=${EPOCHREALTIME/./}
    wait "$BG"
    RC=$?
    MS=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
}
wait_ready() {  # wait_ready N: until N processes said "ready" (30 s at most)
    local end=$((SECONDS + 30))
    while [ "$(cat "$TMP/out" "$TMP/err" 2>/dev/null | grep -c ready)" -lt "$1" ]; do
        [ "$SECONDS" -lt "$end" ] || fail "job did not start"
        sleep 0.1
    done
}

for sig in TERM INT; do
    start -n 3 sh -c "trap 'echo got $sig \$STRADS_RANK; exit 4' $sig; echo ready;
                      while :; do sleep 0.1; done"
    wait_ready 3
    kill -$sig $BG
    finish
    expect_rc 4
    expect_line out "got $sig 0"
    expect_line err "[rank 1] got $sig 1"
    expect_line err "[rank 2] got $sig 2"
    expect_no_match err 'strads-run:'
    expect_faster 3000
done

# Driver killed by the forwarded signal: 128+signal, not reported as a failure.
start -n 2 sh -c 'echo ready; exec sleep 60'
wait_ready 2
kill -INT $BG
finish
expect_rc 130
expect_no_match err 'strads-run:'

# Ignored by everyone: killed after the 5 s grace.
start -n 2 sh -c 'trap "" INT; echo ready; while :; do sleep 0.1; done'
wait_ready 2
kill -INT $BG
finish
expect_rc 137
expect_count err 'did not exit within 5 s of the forwarded signal; killing it$' 2
[ "$MS" -ge 4500 ] || fail "killed after ${MS} ms, before the 5 s grace"
expect_faster 9000
echo ok
