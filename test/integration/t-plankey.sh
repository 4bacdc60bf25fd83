#!/bin/sh
# t-plankey.sh STRADSCC STRADS_RUN REASON SRC.c [args...] - the async_for plan
# cache is not reused when the arrays a loop touches are not the same as when
# it was planned: SRC built with plain cc and with stradscc run on 2
# processes print the same numbers (relative 1e-6: reductions fold in
# another order), and the engine says it ran a fresh reconnaissance for
# REASON (STRADS_STATS=1: a recon_again line with reason=REASON).
set -eu
. "$(dirname "$0")/../stats.sh"
stradscc=$1 run=$2 reason=$3 src=$4
shift 4
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cc -O2 -w "$src" -o "$d/ref" -lm
"$stradscc" -O2 "$src" -o "$d/par" -lm
"$d/ref" "$@" >"$d/ref.out"
STRADS_STATS=1 "$run" -n 2 "$d/par" "$@" >"$d/par.out" 2>"$d/par.err" ||
    { cat "$d/par.err"; echo "FAIL: the 2-process run failed"; exit 1; }
paste -d '\n' "$d/ref.out" "$d/par.out" | awk '
    NR % 2 == 1 { split($0, a); n = NF; line = $0; next }
    {
        if (NF != n) { print "FAIL: cc printed: " line ", strads: " $0; bad = 1; next }
        for (i = 1; i <= NF; i++) {
            if (a[i] ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) {
                d = a[i] - $i; if (d < 0) d = -d
                m = a[i] < 0 ? -a[i] : a[i]; if (m < 1e-30) m = 1e-30
                if (d > 1e-6 * m) { print "FAIL: cc printed: " line ", strads: " $0; bad = 1; next }
            } else if (a[i] != $i) { print "FAIL: cc printed: " line ", strads: " $0; bad = 1; next }
        }
    }
    END { exit bad }'
[ "$(wc -l <"$d/ref.out")" -eq "$(wc -l <"$d/par.out")" ] || { echo "FAIL: line counts differ"; exit 1; }
stats_has "$d/par.err" recon_again loop=async_for "reason=$reason" ||
    { cat "$d/par.err"; echo "FAIL: no fresh reconnaissance for: $reason"; exit 1; }
cat "$d/par.out"
echo "ok plankey"
