#!/bin/sh
# pthreads_sgd.sh STRADSCC STRADS_RUN NPROCS TOL [args...]
# - samples/pthreads_sgd (docs/tutorial.md, "Converting a pthreads program"):
# train.c built with plain cc and with stradscc, both -Wall -Wextra -Werror
# clean (gnu11), and the pthreads original train_pthreads.c built with cc.
# NPROCS 1: `strads-run -n 1 --threads 1` prints exactly what the cc build
# prints (every epoch, bit for bit). NPROCS > 1: `strads-run -n NPROCS` and the
# pthreads original on 2 threads each give a last-epoch test_loss and test_auc
# within relative TOL of the cc build's.
set -eu
stradscc=$1
run=$2
np=$3
tol=$4
shift 4
sdir=$(cd "$(dirname "$0")/../../samples/pthreads_sgd" && pwd)
src=$sdir/train.c
. "$(dirname "$0")/builds.sh"
"$dir/ref" "$@" >"$dir/ref.out"
echo "== cc build of train.c"
cat "$dir/ref.out"
if [ "$np" -eq 1 ]; then
    "$run" -n 1 --threads 1 "$dir/par" "$@" >"$dir/par.out"
    echo "== stradscc build, strads-run -n 1 --threads 1"
    cat "$dir/par.out"
    if cmp "$dir/ref.out" "$dir/par.out"; then
        echo "ok: identical"
        exit 0
    fi
    echo "FAIL: the 1x1 run differs from the cc build"
    exit 1
fi
cc -std=gnu11 -O2 -Wall -Wextra -Werror -pthread "$sdir/train_pthreads.c" -o "$dir/orig" -lm
"$dir/orig" -threads 2 "$@" >"$dir/orig.out"
"$run" -n "$np" "$dir/par" "$@" >"$dir/par.out"
echo "== cc build of train_pthreads.c, 2 threads"
cat "$dir/orig.out"
echo "== stradscc build, strads-run -n $np"
cat "$dir/par.out"
last() {
    awk -v key="$1" '{ for (i = 1; i < NF; i++) if ($i == key) v = $(i + 1) }
                     END { if (v == "") exit 1; print v }' "$2"
}
bad=0
for key in test_loss test_auc; do
    ref=$(last $key "$dir/ref.out")
    for run_ in orig par; do
        if ! val=$(last $key "$dir/$run_.out"); then
            echo "FAIL: no '$key' in the output of $run_"
            bad=1
            continue
        fi
        awk -v r="$ref" -v p="$val" -v tol="$tol" -v key="$key" -v who="$run_" 'BEGIN {
            d = r - p; if (d < 0) d = -d
            m = r < 0 ? -r : r
            ok = d <= tol * m
            printf "%s: %s %s (cc) vs %s (%s), relative %.3g, tolerance %s\n",
                   (ok ? "ok" : "FAIL"), key, r, p, who, (m > 0 ? d / m : d), tol
            exit !ok }' || bad=1
    done
done
exit $bad
