#!/bin/sh
# plan-pair-nodes.sh STRADSCC STRADS-RUN STATS.SH - regress/pair_nodes.c at
# 2x1, 4x1 and 2x2 (processes x threads): its loop (two rows of each of two
# arrays an iteration, one in each half) gets the node-level strata plan in
# pair mode (STRADS_STATS async_plan from=node_spans pair=1) with every node
# given a fair share of each round, and prints what the plain build prints.
set -u
stradscc=$1 run=$2 stats=$3
src=$(cd "$(dirname "$0")" && pwd)/regress/pair_nodes.c
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -O1 -w "$src" -o "$dir/ref" || exit 1
"$stradscc" -O1 "$src" -o "$dir/par" || { echo "FAIL: stradscc"; exit 1; }
"$dir/ref" >"$dir/ref.out" || exit 1
for cfg in 2x1 4x1 2x2; do
    n=${cfg%x*} t=${cfg#*x}
    STRADS_STATS=1 timeout 120 "$run" -n $n --threads $t "$dir/par" >"$dir/out" 2>"$dir/err" ||
        { echo "FAIL: $cfg exits $?"; tail -5 "$dir/err"; exit 1; }
    cmp -s "$dir/ref.out" "$dir/out" || { echo "FAIL: $cfg prints another result"; diff "$dir/ref.out" "$dir/out"; exit 1; }
    # uniform words and contexts: a round's busiest node runs at most 1.3
    # times its share (all work on one node would be $n)
    sh "$stats" has "$dir/err" async_plan 'site=.*pair_nodes.c:43' from=node_spans "nodes=$n" \
        node_method=strata pair=1 "rounds=$n" 'imbalance=1\.[0-2][0-9]*' ||
        { echo "FAIL: $cfg: no node-level pair strata plan for pair_nodes.c:43"; grep async_plan "$dir/err"; exit 1; }
    echo "ok: $cfg"
done
