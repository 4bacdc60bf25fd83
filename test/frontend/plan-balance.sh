#!/bin/sh
# plan-balance.sh STRADSCC STRADS-RUN STATS.SH - regress/async_halo.c at
# 2x1 and 4x1 (processes x threads), planned from records
# (STRADS_TRY_ALONE=0: no call runs alone): its iterations write only the
# first quarter of their arrays, yet every node gets a fair share of each
# round (async_plan imbalance below 1.3; all on one node would be N), and
# the output is the plain build's.
set -u
stradscc=$1 run=$2 stats=$3
src=$(cd "$(dirname "$0")" && pwd)/regress/async_halo.c
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -O1 -w "$src" -o "$dir/ref" || exit 1
"$stradscc" -O1 "$src" -o "$dir/par" || { echo "FAIL: stradscc"; exit 1; }
"$dir/ref" >"$dir/ref.out" || exit 1
for n in 2 4; do
    STRADS_STATS=1 STRADS_TRY_ALONE=0 timeout 120 "$run" -n $n --threads 1 "$dir/par" >"$dir/out" 2>"$dir/err" ||
        { echo "FAIL: ${n}x1 exits $?"; tail -5 "$dir/err"; exit 1; }
    cmp -s "$dir/ref.out" "$dir/out" || { echo "FAIL: ${n}x1 prints another result"; diff "$dir/ref.out" "$dir/out"; exit 1; }
    sh "$stats" has "$dir/err" async_plan 'site=.*async_halo.c:28' 'imbalance=1\.[0-2][0-9]*' ||
        { echo "FAIL: ${n}x1: the plan leaves nodes idle"; grep async_plan "$dir/err"; exit 1; }
    echo "ok: ${n}x1"
done
