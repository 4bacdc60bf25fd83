# No false loss: user code that keeps every CPU busy does not make a peer
# look lost. Heartbeats come from each process's network thread, which user
# work does not block; with a peer timeout of 1 s, every rank spins in a
# node function for 4 s (3 ranks on this machine's cores) and the job ends
# normally.
. "$(dirname "$0")/lib.sh"
LINKED=$PROBE

STRADS_PEER_TIMEOUT_MS=1000 STRADS_HEARTBEAT_MS=100 run -n 3 --threads 1 "$LINKED" spin 4000
expect_rc 0
expect_line out "spin ok 3"
expect_no_match err 'lost|heartbeat|strads-run:'
echo ok
