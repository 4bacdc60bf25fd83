#!/bin/sh
# t-sync-checkpoint.sh STRADSCC STRADS_RUN SAMPLES - checkpoints of sync_for
# programs (k-means, logistic regression) under BSP and Hybrid on 3
# processes of one thread each (so that Hybrid is deterministic too): the
# driver finds changed arrays by their DDS version, without reading them,
# so a recovery from an intermediate checkpoint (the last two manifests
# removed) must load exactly the state the run had then and print what the
# uninterrupted run printed; an input array is written once.
set -eu
stradscc=$1 run=$2 samples=$3
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL: $*"; [ -f "$d/err.txt" ] && tail -n 20 "$d/err.txt"; exit 1; }
"$stradscc" -O2 -o "$d/km" "$samples/kmeans/kmeans.c" -lm
"$stradscc" -O2 -o "$d/lr" "$samples/logreg/logreg.c" -lm
for job in "km 20000 4 6 4 3" "lr 20000 20 3 5"; do
    set -- $job
    prog=$1; shift
    for sync in bsp hybrid; do
        rm -rf "$d/ck"
        STRADS_CHECKPOINT_KEEP=0 STRADS_SYNC=$sync "$run" -n 3 --threads 1 --checkpoint "$d/ck" \
            "$d/$prog" "$@" >"$d/ref.txt" 2>"$d/err.txt" || fail "$prog $sync: checkpointed run"
        nman=$(ls "$d/ck"/ckpt-*.man | wc -l)
        [ "$nman" -ge 3 ] || fail "$prog $sync: $nman manifests"
        # images: at most one per array and operator, the input only once
        first=$(ls "$d/ck"/arr-*-00000000000000000001.img | wc -l)
        nimg=$(ls "$d/ck"/arr-*.img | wc -l)
        [ "$nimg" -le $(( first + (first - 1) * (nman - 1) )) ] ||
            fail "$prog $sync: $nimg images for $first arrays and $nman checkpoints: $(ls "$d/ck")"
        rm -f $(ls "$d/ck"/ckpt-*.man | tail -n 2)
        STRADS_SYNC=$sync "$run" -n 3 --threads 1 --recover "$d/ck" "$d/$prog" "$@" >"$d/got.txt" \
            2>"$d/err.txt" || fail "$prog $sync: recovery"
        grep -q "resuming from the checkpoint of op $(( nman - 2 )) " "$d/err.txt" ||
            fail "$prog $sync: did not resume from op $(( nman - 2 ))"
        tail -n "$(wc -l <"$d/ref.txt")" "$d/got.txt" | cmp -s - "$d/ref.txt" ||
            fail "$prog $sync: the recovered run prints something else"
        echo "$prog $sync: $nman checkpoints, $nimg images; recovered from op $(( nman - 2 )) identical"
    done
done
echo ok
