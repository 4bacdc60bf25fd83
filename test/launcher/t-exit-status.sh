# strads-run: returns the driver's exit status; 128+signal when the driver is
# killed (with a message naming rank 0); waits for workers after the driver.
. "$(dirname "$0")/lib.sh"
HS=$(cd "$(dirname "$0")" && pwd)/handshake.sh

run -n 3 sh -c 'exit 0'
expect_rc 0
[ ! -s "$TMP/err" ] || fail "unexpected stderr on success"

run -n 3 sh -c '[ "$STRADS_RANK" = 0 ] && exit 7; exit 0'
expect_rc 7
expect_no_match err 'strads-run:'

run -n 1 sh -c 'exit 42'
expect_rc 42

# Workers finishing before the driver with status 0 are fine: the driver
# exits once strads-run has reaped all three.
mkdir "$TMP/early"
run -n 4 sh -c '. "$0"; hs_up "$1"
                [ "$STRADS_RANK" = 0 ] && for r in 1 2 3; do hs_await_gone "$1" $r; done
                exit 0' "$HS" "$TMP/early"
expect_rc 0
expect_no_match err 'strads-run:'

# Driver killed by a signal: a node failure, 128+signal.
run -n 3 sh -c '[ "$STRADS_RANK" = 0 ] && kill -TERM $$; exec sleep 30'
expect_rc 143
expect_match err '^strads-run: rank 0 \(pid [0-9]+\) was killed by signal 15 \(SIGTERM\)$'
expect_faster 10000

# Workers still running 5 s after the driver exited are killed; the status is
# still the driver's.
run -n 3 sh -c '[ "$STRADS_RANK" = 0 ] && exit 3; exec sleep 60'
expect_rc 3
expect_count err '^strads-run: rank [12] \(pid [0-9]+\) did not exit within 5 s after the driver exited; killing it$' 2
[ "$MS" -ge 4500 ] || fail "workers killed after ${MS} ms, before the 5 s grace"
expect_faster 9000

# A worker that fails while being shut down after the driver is reported but
# does not change the status: it exits once strads-run has reaped the driver.
mkdir "$TMP/late"
run -n 2 sh -c '. "$0"; hs_up "$1"
                [ "$STRADS_RANK" = 0 ] && exit 0
                hs_await_gone "$1" 0; exit 5' "$HS" "$TMP/late"
expect_rc 0
expect_match err '^strads-run: rank 1 \(pid [0-9]+\) exited with status 5 after the driver exited$'
echo ok
