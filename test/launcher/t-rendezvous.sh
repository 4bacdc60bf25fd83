# strads-run: workers reach the driver through STRADS_COORDINATOR on the
# socket the driver inherited, even when they connect before it accepts.
. "$(dirname "$0")/lib.sh"

for n in 1 2 4 16; do
    run -n $n "$PROBE" rendezvous
    expect_rc 0
    expect_line out "rendezvous ok $n"
done
# Workers first, driver late: the backlog holds them.
run -n 8 sh -c '[ "$STRADS_RANK" = 0 ] && sleep 1; exec "$0" rendezvous' "$PROBE"
expect_rc 0
expect_line out "rendezvous ok 8"
echo ok
