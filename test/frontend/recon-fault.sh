#!/bin/sh
# recon-fault.sh STRADSCC STRADS-RUN EXPECT.SH - a body that aborts in
# reconnaissance stops the job naming the loop, the iteration and the fix.
set -eu
stradscc=$1
run=$2
expect=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$stradscc" -O1 fault/recon_abort.c -o "$dir/prog"
sh "$expect" --fail --within 60 \
    --grep 'reconnaissance of async_for fault/recon_abort.c:13, iteration 37: Aborted' \
    --grep 'recon\(off\)' -- "$run" -n 1 --threads 2 "$dir/prog"
