#!/bin/sh
# t-cluster-replay.sh MODE STRADSCC STRADS_RUN STRADS_REPLAY SAMPLES_DIR - record
# a 4-process run with strads-run --record, then replay it on the cluster
# (strads-run --replay, recorded node count) and in one process
# (strads-replay); both must print exactly what the recorded run printed. A
# replay also checks every operator's arrays against the record (it stops
# on the first difference), so a passing replay means the distributed
# arrays matched bit for bit after every operator.
#   sgdmf      SGD-MF (async_for + a sync_for reduction), also on 1 x 2 and 2 x 1
#   kmeans     k-means under bsp and ssp(1) (sync_for array-section reductions)
#   logreg     logistic regression under ssp(1), asp, absp(0.5) and hybrid:
#              sync_for writing the model, timing-dependent; two unrecorded runs
#              may differ, a replay may not
#   ordered    ssp(2), asp and absp(0.5) (logreg, k-means) recorded with a slow node
#              (STRADS_SLOW=3:2, so deltas and reads really interleave
#              differently, and A-BSP stops elsewhere, from run to run): the
#              cluster replay re-executes every sync_for in its recorded order
#              (store events; A-BSP: each thread's chunks) (the replay says so
#              per operator, and completes none from the record) and prints
#              and leaves the arrays (checked after every operator) bit for
#              bit as recorded; a tampered SSP node log is refused, and A-BSP
#              and ASP logs forged with valid checksums stop as diverged
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
    # shellcheck disable=SC2086 # NT: the node and thread flags, split
    "$run" ${NT:--n 4 --threads 2} --record "$d/$name" "$@" >"$d/$name.rec" || fail "$name: recorded run failed"
    "$run" --replay "$d/$name" "$@" >"$d/$name.cluster" || fail "$name: cluster replay failed"
    cmp "$d/$name.rec" "$d/$name.cluster" || fail "$name: the cluster replay prints something else"
    "$replay" "$d/$name" -- "$@" >"$d/$name.single" || fail "$name: single-node replay failed"
    cmp "$d/$name.rec" "$d/$name.single" || fail "$name: the single-node replay prints something else"
    echo "$name: cluster and single-node replay identical ($(tail -n 1 "$d/$name.rec"))"
}

# roundtrip_reexec NAME PROG ARGS...: record with rank 3 slowed down 2x; the cluster replay must re-execute
# every sync_for operator in its recorded order (none completed from the
# record) and print the same; the single-node replay prints the same too.
roundtrip_reexec() {
    name=$1; shift
    STRADS_SLOW=3:2 "$run" -n 4 --threads 2 --record "$d/$name" "$@" >"$d/$name.rec" ||
        fail "$name: recorded run failed"
    # Replayed with another node slowed down: the recorded order still rules.
    STRADS_SLOW=1:2 "$run" --replay "$d/$name" --log info "$@" >"$d/$name.cluster" 2>"$d/$name.log" ||
        { cat "$d/$name.log"; fail "$name: cluster replay failed"; }
    cmp "$d/$name.rec" "$d/$name.cluster" || fail "$name: the cluster replay prints something else"
    n=$(grep -c 'strads\[0\].*re-executed in its recorded order' "$d/$name.log" || true)
    [ "$n" -gt 0 ] || fail "$name: no operator was re-executed in its recorded order"
    if grep -q 'completed from the record' "$d/$name.log"; then
        fail "$name: an operator was completed from the record instead of re-executed"
    fi
    "$replay" "$d/$name" -- "$@" >"$d/$name.single" || fail "$name: single-node replay failed"
    cmp "$d/$name.rec" "$d/$name.single" || fail "$name: the single-node replay prints something else"
    echo "$name: $n operators re-executed in the recorded order; replays identical ($(tail -n 1 "$d/$name.rec"))"
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
    # one node planning while reconnaissance runs (past 65,536 ratings: sampled
    # cuts, chunked order), and nodes of one thread (key pass, runs of offsets)
    NT="-n 1 --threads 2" roundtrip sgdmf_1x2 "$d/sg" 3000 600 100000 8 3
    NT="-n 2 --threads 1" roundtrip sgdmf_2x1 "$d/sg" 3000 600 100000 8 3
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
    # Hybrid's Hogwild threads race on the node's copy: completed, not re-executed.
    STRADS_SYNC=hybrid roundtrip lr_hybrid "$d/lr" 20000 20 3 5
    grep -q . "$d/lr_ssp/op-000001-arr-"*.img 2>/dev/null || fail "no array outcome recorded"
    ;;
ordered)
    "$stradscc" -O2 -o "$d/lr" "$samples/logreg/logreg.c" -lm
    "$stradscc" -O2 -o "$d/km" "$samples/kmeans/kmeans.c" -lm
    for m in 'lr ssp(2)' 'lr asp' 'lr absp(0.5)' 'km ssp(2)' 'km absp(0.5)'; do
        set -- $m
        prog=$1 model=$2 name=$1_$(echo "$2" | tr -dc 'a-z0-9')
        case $prog in lr) args="20000 20 3 5" ;; *) args="20000 4 6 4 3" ;; esac
        STRADS_SYNC=$model roundtrip_reexec "$name" "$d/$prog" $args
    done
    # Single-node replay under gdb: a breakpoint in the body of an SSP loop
    # is hit, with the loop's variables visible (the body runs there, under
    # the recorded model, before the operator is completed from the record).
    if command -v gdb >/dev/null; then
        "$stradscc" -O0 -g -o "$d/lrg" "$samples/logreg/logreg.c" -lm
        line=$(grep -n 'float g = 1 / (1 + expf(-z)) - y\[i\];' "$samples/logreg/logreg.c" | cut -d: -f1)
        STRADS_SLOW=3:2 STRADS_SYNC='ssp(2)' "$run" -n 4 --threads 2 --record "$d/g" "$d/lrg" 4000 7 1 5 >/dev/null
        "$replay" "$d/g" -- gdb -batch -ex "break logreg.c:$line" -ex run -ex "print d" \
            --args "$d/lrg" 4000 7 1 5 >"$d/gdb.out" 2>&1 || true
        grep -q "Breakpoint 1, " "$d/gdb.out" || { cat "$d/gdb.out"; fail "gdb: breakpoint in the SSP body not hit"; }
        grep -q '^\$1 = 7' "$d/gdb.out" || { cat "$d/gdb.out"; fail "gdb: the captured d is not visible"; }
        echo "gdb stopped in the SSP body of the single-node replay"
    fi
    # A tampered log: one byte of an SSP run's rank-1 log (its store order).
    size=$(wc -c <"$d/lr_ssp2/node-1.log")
    printf '\001' | dd of="$d/lr_ssp2/node-1.log" bs=1 seek=$((size - 40)) conv=notrunc 2>/dev/null
    expect_refusal "a tampered SSP log" "node-1.log" "$run" --replay "$d/lr_ssp2" "$d/lr" 20000 20 3 5
    # Forged logs whose checksums pass (forge_log.py redoes them), so only
    # the replay's own checks can catch them: rank 2's first A-BSP chunk one
    # item shorter (the arrays differ after the operator), and rank 1's first
    # SSP clock start turned into a fold (the store order cannot go on).
    python3 "$(dirname "$0")/forge_log.py" "$d/lr_absp05/node-2.log" chunk
    expect_refusal "a forged A-BSP log" "diverged" "$run" --replay "$d/lr_absp05" "$d/lr" 20000 20 3 5
    python3 "$(dirname "$0")/forge_log.py" "$d/lr_asp/node-1.log" store
    expect_refusal "a forged SSP store order" "diverged" "$run" --replay "$d/lr_asp" "$d/lr" 20000 20 3 5
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
