#!/bin/sh
# bench/word2vec.sh - samples/word2vec (sync_for, sync(hybrid)) against
# fastText's skip-gram, in one run on this machine, on the GCIDE corpus
# (samples/word2vec/prep-gcide.sh, about 4.4 M words with the line ends).
#
# Both train the same model: `fasttext skipgram -minn 0 -maxn 0` (no
# subwords) and the sample, with the same dimension, window, negatives,
# epochs, minimum count, subsampling threshold, learning rate and threads,
# and negatives drawn like fastText's (unigram counts to the power 1/2; the
# sample's default is word2vec's 3/4).
# Each round runs every configuration once, alternating, so that a busy
# moment of the machine hits all alike; medians over the rounds. Prints
# every run, then per thread count:
#   words/s/thread of the sample / words/s/thread of fastText   (target >= 1.0)
#   mean training loss of the sample and fastText's avg.loss    (similar)
# fastText's avg.loss is thread 0's running mean since the start, summed in
# a float (Model::State::lossValue_ in fastText 0.9.2): once the sum passes
# about 2^25 (some 15 M pairs at a loss near 2) additions lose their low
# bits and avg.loss falls below the true mean, the further the more pairs a
# thread sees. The script says when a run is past that point (pairs per
# thread from the sample's count); compare losses on runs below it.
# Both count the in-vocabulary words and line ends they go through, dropped
# (subsampled) words included, per second of training, per thread. The
# sample runs as the stradscc build under `strads-run -n 1 --threads T`
# (threads Hogwild on one copy) and, with T = 1, also as the plain cc build.
#
# Usage: bench/word2vec.sh [EPOCHS ROUNDS THREADS]   (default 5 3 "1 2")
# CORPUS names a prepared corpus (default: made once under BUILD). BUILD
# names the build folder with bin/stradscc and bin/strads-run (default
# build-bench, configured as Release with the frontend when absent). DIM,
# WINDOW, NEG, POWER: the model (default 100 5 5 0.5). Record the output in
# docs/benchmarks.md (## sync_for).
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-bench}
E=${1:-5} R=${2:-3} THREADS=${3:-"1 2"}
DIM=${DIM:-100} WINDOW=${WINDOW:-5} NEG=${NEG:-5} POWER=${POWER:-0.5}
MINCOUNT=5 SAMPLE=1e-4 LR=0.05

if ! command -v fasttext >/dev/null; then
    echo "word2vec.sh: fasttext not found (apt-get install fasttext)" >&2
    exit 1
fi
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    cmake -S "$ROOT" -B "$BUILD" -DSTRADS_BUILD_FRONTEND=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" -j2 --target stradscc stradsc strads strads-run >/dev/null
B=$BUILD/bin
CORPUS=${CORPUS:-$BUILD/gcide.txt}
[ -s "$CORPUS" ] || sh "$ROOT/samples/word2vec/prep-gcide.sh" "$CORPUS"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
SRC=$ROOT/samples/word2vec/word2vec.c
cc -std=gnu11 -O2 -Wno-unknown-pragmas -o "$dir/w2v-cc" "$SRC" -lm
"$B/stradscc" -std=gnu11 -O2 -o "$dir/w2v" "$SRC" -lm
# the words both count: in-vocabulary words and line ends (the sample says)
WORDS=$("$dir/w2v-cc" "$CORPUS" -min-count "$MINCOUNT" -epoch 0 -probe "" | awk '/^corpus/ { print $2 }')

echo "word2vec: $(wc -w <"$CORPUS") words in $(wc -l <"$CORPUS") lines, dim $DIM window $WINDOW" \
     "negatives $NEG (power $POWER) epochs $E min-count $MINCOUNT sample $SAMPLE lr $LR, $R rounds," \
     "threads $THREADS ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
# Each run prints one line: tag threads words/s/thread loss words/cpu-s.
# words/cpu-s is the corpus words x epochs over the CPU time (user + system,
# setup included) of the whole run: on a busy machine a thread waiting for
# a core loses wall time but no CPU time, so this ratio is the steadier one.
cpu() { awk '{ print $1 + $2 }' "$dir/time"; }
ft() { # threads
    /usr/bin/time -f "%U %S" -o "$dir/time" fasttext skipgram -input "$CORPUS" -output "$dir/ft" -minn 0 -maxn 0 -dim "$DIM" \
        -ws "$WINDOW" -neg "$NEG" -epoch "$E" -minCount "$MINCOUNT" -t "$SAMPLE" -lr "$LR" \
        -thread "$1" -verbose 2 2>&1 | tr '\r' '\n' | awk -v t="$1" '
        /words\/sec\/thread/ { for (i = 1; i < NF; i++) { if ($i == "words/sec/thread:") w = $(i + 1)
                                                          if ($i == "avg.loss:") l = $(i + 1) } }
        END { printf "fasttext %d %d %s", t, w, l }'
    echo " $(cpu)" | awk -v n="$WORDS" -v e="$E" '{ printf " %d\n", n * e / $1 }'
}
w2v() { # tag threads command...
    tag=$1 t=$2
    shift 2
    /usr/bin/time -f "%U %S" -o "$dir/time" "$@" "$CORPUS" -dim "$DIM" -window "$WINDOW" -negative "$NEG" -epoch "$E" \
        -min-count "$MINCOUNT" -sample "$SAMPLE" -lr "$LR" -power "$POWER" 2>/dev/null | awk -v tag="$tag" -v t="$t" '
        /^epoch/ { p += $NF }
        /^train/ { for (i = 1; i < NF; i++) { if ($i == "words/s") w = $(i + 1); if ($i == "loss") l = $(i + 1) } }
        END { printf "%s %d %d %s %d", tag, t, w / t, l, p }' >"$dir/line"
    # tag threads words/s/thread loss words/cpu-s pairs
    echo "$(cat "$dir/line") $(cpu)" | awk -v n="$WORDS" -v e="$E" '{ p = $5; $5 = int(n * e / $NF); $6 = p; print }'
}
out=$dir/runs
for r in $(seq 1 "$R"); do
    for t in $THREADS; do
        ft "$t" | tee -a "$out"
        w2v strads "$t" "$B/strads-run" -n 1 --threads "$t" "$dir/w2v" | tee -a "$out"
        [ "$t" = 1 ] && w2v cc 1 "$dir/w2v-cc" | tee -a "$out"
    done
done
echo "load at the end $(cut -d' ' -f1 /proc/loadavg)"
# medians per (tag, threads), then the ratios against fastText
awk '
function med(k, cpu,   n, i, j, x, a) {
    n = cnt[k]; for (i = 1; i <= n; i++) a[i] = cpu ? c[k, i] : v[k, i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
    return a[int((n + 1) / 2)]
}
{ k = $1 " " $2; cnt[k]++; v[k, cnt[k]] = $3; c[k, cnt[k]] = $5; loss[k] = loss[k] " " $4; th[$2] = 1
  if ($1 == "cc" || $1 == "strads") pairs = $6 }
END {
    for (t in th) {
        f = med("fasttext " t, 0); fc = med("fasttext " t, 1)
        printf "threads %s: fastText %d words/s/thread, %d words/cpu-s (avg.loss%s)\n", t, f, fc,
               loss["fasttext " t]
        split("strads cc", tags, " ")
        for (i = 1; i <= 2; i++) {
            k = tags[i] " " t
            if (!cnt[k]) continue
            printf "  %-6s %d words/s/thread, ratio %.2f; %d words/cpu-s, ratio %.2f (mean loss%s)\n",
                   tags[i], med(k, 0), med(k, 0) / f, med(k, 1), med(k, 1) / fc, loss[k]
        }
        if (pairs / t > 1.5e7)
            printf "  (about %.1f M pairs per fastText thread: past the float sum'"'"'s 2^25, its avg.loss is low)\n", pairs / t / 1e6
    }
}' "$out"
