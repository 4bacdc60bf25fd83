#!/bin/sh
# bench/samples.sh - every sample against its plain cc build, as a user
# would run it: each built with `cc -O2` and with `stradscc -O2`, run with
# its default arguments (the data sets scripts/install-deps.sh installs;
# lasso's generated sparse problem, as in its test) at
# 1x1, 1x2 and 2x1 (processes x threads) and with `strads-run -n 1` (the
# default threads), alternating with the plain build, ROUNDS rounds. Prints
# the median wall time of each (the whole program: start-up, data, first
# call included) and its ratio to the plain build's median (issue target:
# <= 1.1). Only wall time is measured: a sample's own output (loss,
# accuracy) is checked by its test (test/samples), not here.
# Usage: bench/samples.sh [SAMPLE...]   (default: all below)
# ROUNDS (default 3), BUILD (default build). Record the output in
# docs/benchmarks.md; the machine may be shared, so compare ratios within
# one run.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
ROUNDS=${ROUNDS:-3}
B=$BUILD/bin
[ -x "$B/stradscc" ] && [ -x "$B/strads-run" ] ||
    { echo "samples.sh: build first (stradscc, strads-run in $B)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
S=$ROOT/samples
SAMPLES=${*:-kmeans logreg pagerank saga sgdmf mlr lasso transe word2vec}
# The plain build gets what strads-run gives a job: malloc on huge pages.
HP=
[ "${STRADS_HUGEPAGES:-1}" = 0 ] || HP=glibc.malloc.hugetlb=1

args_of() {
    case $1 in
    transe) sh "$S/transe/wn-triples.sh" "$tmp/wn" 05 >/dev/null && echo "$tmp/wn" ;;
    word2vec)
        sh "$S/word2vec/prep-gcide.sh" "$tmp/gcide.txt" 15000 >/dev/null &&
            echo "$tmp/gcide.txt -dim 32 -epoch 4" ;;
    lasso) echo "sparse 10000 5000 5 7 0.05 50" ;; # as its test runs it (no download)
    *) echo "" ;;
    esac
}
now() { date +%s.%N; }
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
echo "samples: $ROUNDS rounds, $(nproc) cores, commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
printf '%-9s %8s %14s %14s %14s %14s\n' sample plain_s 1x1 1x2 2x1 "-n 1"
status=0
for s in $SAMPLES; do
    cc -O2 -w "$S/$s/$s.c" -o "$tmp/$s.seq" -lm
    "$B/stradscc" -O2 "$S/$s/$s.c" -o "$tmp/$s.par" -lm
    a=$(args_of "$s") || { echo "$s: its data could not be prepared"; status=1; continue; }
    : >"$tmp/times"
    for r in $(seq "$ROUNDS"); do
        for cfg in seq 1x1 1x2 2x1 def; do
            t0=$(now)
            # shellcheck disable=SC2086 # $a: the sample's arguments, split
            case $cfg in
            seq) env GLIBC_TUNABLES="$HP" "$tmp/$s.seq" $a >/dev/null 2>&1 ;;
            def) "$B/strads-run" -n 1 "$tmp/$s.par" $a >/dev/null 2>&1 ;;
            *) "$B/strads-run" -n "${cfg%x*}" --threads "${cfg#*x}" "$tmp/$s.par" $a >/dev/null 2>&1 ;;
            esac || { echo "$s $cfg: failed"; status=1; }
            t1=$(now)
            echo "$cfg $(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}')" >>"$tmp/times"
        done
    done
    p=$(awk '$1 == "seq" {print $2}' "$tmp/times" | median)
    line=$(printf '%-9s %8s' "$s" "$p")
    for cfg in 1x1 1x2 2x1 def; do
        m=$(awk -v c="$cfg" '$1 == c {print $2}' "$tmp/times" | median)
        line="$line $(printf '%14s' "$m ($(awk -v a="$m" -v b="$p" 'BEGIN {printf "%.2f", a / b}'))")"
    done
    echo "$line"
done
exit $status
