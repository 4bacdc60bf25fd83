#!/bin/sh
# test/integration/t-early-main.sh RUN PROG - a job of three whose workers
# start only once the driver's main has written a file (rt_prog's early
# mode), which it does before its first call: the driver's main must not
# wait for its workers at start. A driver that did would never write it:
# its workers would give up after 60 s (test/launcher/handshake.sh) and the
# job fail.
set -u
RUN=$1 PROG=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
STRADS_CONNECT_TIMEOUT_MS=90000 "$RUN" -n 3 --threads 1 sh -c '
    if [ "$STRADS_RANK" != 0 ]; then
        . "$3"
        hs_await_file "$1/main-ran"
    fi
    exec "$2" early "$1/main-ran"' sh "$d" "$PROG" "$(dirname "$0")/../launcher/handshake.sh"
