#!/bin/sh
# bench/replay_sync.sh - what recording costs a timing-dependent sync_for,
# and what its cluster replay costs, on logistic regression (samples/logreg)
# with 4 processes x 2 threads and rank 3 slowed down 2x (STRADS_SLOW=3:2):
#   --record DIR           vs plain, per model (ssp(2), asp, absp(0.5))
#   strads-run --replay    vs the recorded run (the replay re-executes every
#                          operator in its recorded order: docs/recovery.md)
# A recorded SSP/ASP run logs its store order, reads written rows through it
# and lets deltas that arrive during an owner's tasks wait for its fold; an
# A-BSP run logs each chunk. Every configuration runs REPS times (default
# 3), interleaved, and the median is used, because the machine may be
# shared. Besides wall time it reports the CPU time (user + system of all
# processes, GNU time: Debian package "time"), which other load disturbs
# far less. Ratios are against the plain run of the same model measured in
# this run of the script.
#
# Usage: bench/replay_sync.sh [EXAMPLES FEATURES EPOCHS]   (default 200000 40 3)
# BUILD names the build folder (default build; it needs the frontend for
# stradscc). Record the output in docs/benchmarks.md.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
N=${1:-200000} D=${2:-40} E=${3:-3}
REPS=${REPS:-3}
MODELS=${MODELS:-ssp(2) asp absp(0.5)}
B=$BUILD/bin
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$B/stradscc" -O2 -o "$d/lr" "$ROOT/samples/logreg/logreg.c" -lm
args="$N $D $E 5"
echo "record/replay cost of sync_for: logreg $args, 4 procs x 2 threads, STRADS_SLOW=3:2," \
     "$REPS reps ($(nproc) cores)"

# one NAME CMD...: appends "NAME wall_s cpu_s" to $d/t.
one() {
    name=$1; shift
    /usr/bin/time -f "%e %U %S" -o "$d/time" "$@" >"$d/out" 2>"$d/err" ||
        { cat "$d/err"; echo "FAIL: $name"; exit 1; }
    awk -v n="$name" '{ printf "%s %s %.3f\n", n, $1, $2 + $3 }' "$d/time" >>"$d/t"
}
median() { # NAME COLUMN
    awk -v n="$1" -v c="$2" '$1 == n { print $c }' "$d/t" | sort -g |
        awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

for m in $MODELS; do
    tag=$(echo "$m" | tr -dc 'a-z0-9')
    r=0
    while [ "$r" -lt "$REPS" ]; do
        r=$((r + 1))
        STRADS_SYNC=$m STRADS_SLOW=3:2 one "$tag.plain" "$B/strads-run" -n 4 --threads 2 "$d/lr" $args
        rm -rf "$d/rec"
        STRADS_SYNC=$m STRADS_SLOW=3:2 one "$tag.record" \
            "$B/strads-run" -n 4 --threads 2 --record "$d/rec" "$d/lr" $args
        cp "$d/out" "$d/rec.out"
        one "$tag.replay" "$B/strads-run" --replay "$d/rec" "$d/lr" $args
        cmp -s "$d/out" "$d/rec.out" || { echo "FAIL: $m: the replay prints something else"; exit 1; }
    done
    pw=$(median "$tag.plain" 2) pc=$(median "$tag.plain" 3)
    for k in record replay; do
        w=$(median "$tag.$k" 2) c=$(median "$tag.$k" 3)
        awk -v m="$m" -v k="$k" -v w="$w" -v c="$c" -v pw="$pw" -v pc="$pc" 'BEGIN {
            printf "%-10s %-7s wall %7.2f s (plain %7.2f s, ratio %.2f)   cpu %7.2f s (plain %7.2f s, ratio %.2f)\n",
                   m, k, w, pw, w / pw, c, pc, c / pc }'
    done
done
