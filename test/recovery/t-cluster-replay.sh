#!/bin/sh
# t-cluster-replay.sh MODE STRADSCC STRADS_RUN STRADS_REPLAY SAMPLES_DIR - record
# a 4-process run with strads-run --record, then replay it on the cluster
# (strads-run --replay, recorded node count) and in one process
# (strads-replay); both must print exactly what the recorded run printed. A
# replay also checks every operator's arrays against the record (it stops
# on the first difference), so a passing replay means the distributed
# arrays matched bit for bit after every operator.
#   sgdmf      SGD-MF (async_for + a sync_for reduction)
#   kmeans     k-means under bsp and ssp(1) (sync_for array-section reductions)
#   logreg     logistic regression under ssp(1), asp and absp(0.5): sync_for
#              writing the model, timing-dependent; two unrecorded runs may
#              differ, a replay may not
#   refuse     a corrupted or truncated log, a corrupt outcome, another node
#              or thread count, another input, --record with --replay: refused
#              with a message naming the file (sgdmf: a corrupt order file)
set -eu
mode=$1 stradscc=$2 run=$3 replay=$4 samples=$5
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

fail() { echo "FAIL: $*"; exit 1; }

# roundtrip NAME PROG ARGS...: record, cluster replay, single-node replay.
roundtrip() {
    name=$1; shift
    "$run" -n 4 --threads 2 --record "$d/$name" "$@" >"$d/$name.rec" || fail "$name: recorded run failed"
    "$run" --replay "$d/$name" "$@" >"$d/$name.cluster" || fail "$name: cluster replay failed"
    cmp "$d/$name.rec" "$d/$name.cluster" || fail "$name: the cluster replay prints something else"
    "$replay" "$d/$name" -- "$@" >"$d/$name.single" || fail "$name: single-node replay failed"
    cmp "$d/$name.rec" "$d/$name.single" || fail "$name: the single-node replay prints something else"
    echo "$name: cluster and single-node replay identical ($(tail -n 1 "$d/$name.rec"))"
}

# expect_refusal WHAT PATTERN CMD...: CMD fails and says PATTERN on stderr.
expect_refusal() {
    what=$1 pat=$2; shift 2
    if "$@" >/dev/null 2>"$d/err"; then fail "$what was replayed"; fi
    grep -q -- "$pat" "$d/err" || { cat "$d/err"; fail "$what: no message naming $pat"; }
    echo "$what: refused ($(grep -m1 -- "$pat" "$d/err" | cut -c1-150))"
}

case $mode in
sgdmf)
    "$stradscc" -O2 -o "$d/sg" "$samples/sgdmf/sgdmf.c" -lm
    roundtrip sgdmf "$d/sg" 3000 600 40000 8 4
    # Later epochs reuse the plan: their order files only name the first one.
    [ "$(wc -c <"$d/sgdmf/async-000002.order")" -lt 200 ] || fail "epoch 2's order written again"
    printf '\377' | dd of="$d/sgdmf/async-000001.order" bs=1 seek=200 conv=notrunc 2>/dev/null
    expect_refusal "a corrupt order file" "async-000001.order" \
        "$run" --replay "$d/sgdmf" "$d/sg" 3000 600 40000 8 4
    ;;
kmeans)
    "$stradscc" -O2 -o "$d/km" "$samples/kmeans/kmeans.c" -lm
    STRADS_SYNC=bsp roundtrip km_bsp "$d/km" 20000 4 6 4 3
    STRADS_SYNC='ssp(1)' roundtrip km_ssp "$d/km" 20000 4 6 4 3
    grep -q 'STRADS_SYNC=ssp(1)' "$d/km_ssp/settings" || fail "the sync model is not recorded"
    ;;
logreg)
    "$stradscc" -O2 -o "$d/lr" "$samples/logreg/logreg.c" -lm
    STRADS_SYNC='ssp(1)' roundtrip lr_ssp "$d/lr" 20000 20 3 5
    STRADS_SYNC=asp roundtrip lr_asp "$d/lr" 20000 20 3 5
    STRADS_SYNC='absp(0.5)' roundtrip lr_absp "$d/lr" 20000 20 3 5
    grep -q . "$d/lr_ssp/op-000001-arr-"*.img 2>/dev/null || fail "no array outcome recorded"
    ;;
refuse)
    "$stradscc" -O2 -o "$d/km" "$samples/kmeans/kmeans.c" -lm
    args="20000 4 6 4 3"
    "$run" -n 4 --threads 2 --record "$d/r" "$d/km" $args >/dev/null
    cp -r "$d/r" "$d/keep"
    expect_refusal "another node count" "recorded with 4 processes" \
        "$run" -n 3 --replay "$d/r" "$d/km" $args
    expect_refusal "--replay with --record" "cannot be combined" \
        "$run" --record "$d/r2" --replay "$d/r" "$d/km" $args
    expect_refusal "another thread count" "recorded with 2 threads" \
        "$run" --threads 1 --replay "$d/r" "$d/km" $args
    expect_refusal "another input" "diverged" "$run" --replay "$d/r" "$d/km" 20000 4 6 4 4
    # One byte flipped in the middle of a node log.
    size=$(wc -c <"$d/r/node-2.log")
    printf '\377' | dd of="$d/r/node-2.log" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
    expect_refusal "a corrupt node log" "node-2.log" "$run" --replay "$d/r" "$d/km" $args
    rm -rf "$d/r"; cp -r "$d/keep" "$d/r"
    # A node log cut short, as by a crash of the recorded run.
    size=$(wc -c <"$d/r/node-1.log")
    truncate -s $((size - 7)) "$d/r/node-1.log"
    expect_refusal "a truncated node log" "node-1.log: truncated" "$run" --replay "$d/r" "$d/km" $args
    rm -rf "$d/r"; cp -r "$d/keep" "$d/r"
    # A corrupt operator outcome, in both kinds of replay.
    printf 'xxxx' | dd of="$d/r/op-000002.out" bs=1 seek=40 conv=notrunc 2>/dev/null
    expect_refusal "a corrupt outcome (cluster)" "op-000002.out" "$run" --replay "$d/r" "$d/km" $args
    expect_refusal "a corrupt outcome (single)" "op-000002.out" "$replay" "$d/r" -- "$d/km" $args
    rm -rf "$d/r"; cp -r "$d/keep" "$d/r"
    truncate -s 30 "$d/r/op-000003.out"
    expect_refusal "a truncated outcome" "op-000003.out" "$replay" "$d/r" -- "$d/km" $args
    ;;
*) fail "unknown mode $mode" ;;
esac
echo ok
