#!/bin/sh
# bench/calls.sh - the fixed cost of a call: bench/progs/short_calls.c (an
# odd-even sort's 1,000 sync_for phases over 4,000 elements, then 2,000
# calls each of a small sync_for update and a small async_for pass) built
# with cc -O2 and with stradscc -O2, run at 1x1, 1x2, 2x1 and -n 1, with
# the default (short calls timed alone on the driver, STRADS_TRY_ALONE=1)
# and with every call shared (STRADS_TRY_ALONE=0), alternating with the
# plain build, ROUNDS rounds (default 3). Prints median wall times and
# their ratio to the plain build's.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD:-$ROOT/build}/bin
ROUNDS=${ROUNDS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -w "$ROOT/bench/progs/short_calls.c" -o "$tmp/seq"
"$B/stradscc" -O2 "$ROOT/bench/progs/short_calls.c" -o "$tmp/par"
now() { date +%s.%N; }
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
echo "calls: $ROUNDS rounds, $(nproc) cores, commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
: >"$tmp/times"
for r in $(seq "$ROUNDS"); do
    for cfg in seq 1x1 1x2 2x1 def 1x2s 2x1s defs; do
        t0=$(now)
        case $cfg in
        seq) "$tmp/seq" >"$tmp/out.$cfg" ;;
        def) "$B/strads-run" -n 1 "$tmp/par" >"$tmp/out.$cfg" 2>/dev/null ;;
        defs) STRADS_TRY_ALONE=0 "$B/strads-run" -n 1 "$tmp/par" >"$tmp/out.$cfg" 2>/dev/null ;;
        *s) c=${cfg%s}
            STRADS_TRY_ALONE=0 "$B/strads-run" -n "${c%x*}" --threads "${c#*x}" "$tmp/par" \
                >"$tmp/out.$cfg" 2>/dev/null ;;
        *) "$B/strads-run" -n "${cfg%x*}" --threads "${cfg#*x}" "$tmp/par" >"$tmp/out.$cfg" 2>/dev/null ;;
        esac
        t1=$(now)
        cmp -s "$tmp/out.seq" "$tmp/out.$cfg" || { echo "calls: $cfg printed something else"; exit 1; }
        echo "$cfg $(echo "$t1 - $t0" | bc -l)" >>"$tmp/times"
    done
done
plain=$(awk '$1 == "seq" {print $2}' "$tmp/times" | median)
printf '%-22s %9s %7s\n' configuration median_s ratio
printf '%-22s %9.3f %7s\n' plain "$plain" 1.00
for cfg in 1x1 1x2 2x1 def 1x2s 2x1s defs; do
    m=$(awk -v c="$cfg" '$1 == c {print $2}' "$tmp/times" | median)
    name=$cfg
    case $cfg in def) name="-n 1" ;; defs) name="-n 1, all shared" ;; *s) name="${cfg%s}, all shared" ;; esac
    printf '%-22s %9.3f %7.2f\n' "$name" "$m" "$(echo "$m / $plain" | bc -l)"
done
