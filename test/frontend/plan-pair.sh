#!/bin/sh
# plan-pair.sh STRADSCC STRADS-RUN STATS.SH - regress/pair_rows.c at 1x2 and
# 1x4: its first loop (two rows of one array an iteration, one in each
# half) gets the strata plan in pair mode (STRADS_STATS async_plan
# thread_method=strata pair=1), its second (both rows in one range) a plan
# of full records (its sample would find it serial: STRADS_SAMPLE_PLAN=0),
# and both print what the plain build prints.
set -u
stradscc=$1 run=$2 stats=$3
src=$(cd "$(dirname "$0")" && pwd)/regress/pair_rows.c
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -O1 -w "$src" -o "$dir/ref" || exit 1
"$stradscc" -O1 "$src" -o "$dir/par" || { echo "FAIL: stradscc"; exit 1; }
"$dir/ref" >"$dir/ref.out" || exit 1
for t in 2 4; do
    STRADS_SAMPLE_PLAN=0 STRADS_STATS=1 timeout 120 "$run" -n 1 --threads $t "$dir/par" >"$dir/out" 2>"$dir/err" ||
        { echo "FAIL: 1x$t exits $?"; tail -5 "$dir/err"; exit 1; }
    cmp -s "$dir/ref.out" "$dir/out" || { echo "FAIL: 1x$t prints another result"; diff "$dir/ref.out" "$dir/out"; exit 1; }
    sh "$stats" has "$dir/err" async_plan 'site=.*pair_rows.c:51' from=spans thread_method=strata pair=1 \
        "subrounds=$t" || { echo "FAIL: 1x$t: no pair strata plan for pair_rows.c:51"; grep async_plan "$dir/err"; exit 1; }
    sh "$stats" has "$dir/err" async_plan 'site=.*pair_rows.c:63' from=records ||
        { echo "FAIL: 1x$t: pair_rows.c:63 not planned from records"; grep async_plan "$dir/err"; exit 1; }
    echo "ok: 1x$t"
done
