#!/bin/sh
# Runs the ctest suite of an existing build while CPU hogs keep every core
# busy, to show that a loaded machine gives no false failures (a peer
# declared lost, a timeout). Starts STRADS_HOGS (default 6) busy loops, runs
# ctest in BUILD (default build) with the arguments given (e.g. -L launcher,
# -R 'integration|dds'), and always kills the hogs, also when ctest fails or
# the script is interrupted. Exits with ctest's status.
#
#   scripts/test-under-load.sh -j2 --timeout 600 -L launcher
#   STRADS_HOGS=6 BUILD=build scripts/test-under-load.sh -j2 --timeout 600
set -u
cd "$(dirname "$0")/.."
build=${BUILD:-build}
hogs=${STRADS_HOGS:-6}
[ -f "$build/CTestTestfile.cmake" ] || { echo "test-under-load: no build in $build (configure and build first)" >&2; exit 2; }

pids=
stop_hogs() {
    for p in $pids; do kill "$p" 2>/dev/null; done
    for p in $pids; do wait "$p" 2>/dev/null; done
    pids=
}
trap 'stop_hogs' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

i=0
while [ "$i" -lt "$hogs" ]; do
    sh -c 'while :; do :; done' &
    pids="$pids $!"
    i=$((i + 1))
done
echo "test-under-load: $hogs CPU hogs on $(nproc) cores (pids$pids)"
cd "$build" && ctest --output-on-failure "$@"
