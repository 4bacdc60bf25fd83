#!/bin/sh
# test/integration/t-early-main.sh RUN PROG - a job of three whose workers
# start only once the driver's main has written a file (rt_prog's early
# mode), which it does before its first call: the driver's main must not
# wait for its workers at start. A driver that did would never write it:
# its workers would give up after 30 s and the job fail.
set -u
RUN=$1 PROG=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
STRADS_CONNECT_TIMEOUT_MS=60000 "$RUN" -n 3 --threads 1 sh -c '
    if [ "$STRADS_RANK" != 0 ]; then
        i=0
        until [ -e "$1/main-ran" ]; do
            i=$((i + 1))
            if [ "$i" -gt 600 ]; then
                echo "rank $STRADS_RANK: the driver did not run its main before the workers joined" >&2
                exit 1
            fi
            sleep 0.05
        done
    fi
    exec "$2" early "$1/main-ran"' sh "$d" "$PROG"
