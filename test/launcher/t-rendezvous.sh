# strads-run: workers reach the driver through STRADS_COORDINATOR on the
# socket the driver inherited, even when they connect before it accepts.
. "$(dirname "$0")/lib.sh"

for n in 2 4 16; do
    run -n $n "$PROBE" rendezvous
    expect_rc 0
    expect_line out "rendezvous ok $n"
done
# Workers first, driver late: the backlog holds them. The driver starts
# accepting only once all seven wait in the accept queue.
HS=$(cd "$(dirname "$0")" && pwd)/handshake.sh
run -n 8 sh -c '[ "$STRADS_RANK" = 0 ] && { . "$1"; hs_await_backlog 7; }; exec "$0" rendezvous' "$PROBE" "$HS"
expect_rc 0
expect_line out "rendezvous ok 8"
echo ok
