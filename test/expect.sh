#!/bin/sh
# expect.sh [--fail] [--within SECONDS] [--grep REGEX]... [--nogrep REGEX]...
#           [--stat "EV KEY=ERE..."]... [--nostat "EV KEY=ERE..."]... -- command...
# Runs a command and checks what a user would: its exit status (zero, or
# non-zero with --fail), that it finished within SECONDS (default 60), that
# its combined output matches every --grep REGEX (extended grep) and no
# --nogrep REGEX, and that for every --stat one STRADS_STATS line of event EV
# has every KEY with a value matching its ERE whole (stats.sh has), and for
# every --nostat none has. STRADS_TEST_TIME_SCALE (default 1) multiplies SECONDS.
fail=0 within=60 greps="" nogreps="" stats="" nostats=""
here=$(dirname "$0")
while [ $# -gt 0 ]; do
    case "$1" in
    --fail) fail=1; shift ;;
    --within) within=$2; shift 2 ;;
    --grep) greps="$greps
$2"; shift 2 ;;
    --nogrep) nogreps="$nogreps
$2"; shift 2 ;;
    --stat) stats="$stats
$2"; shift 2 ;;
    --nostat) nostats="$nostats
$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "expect.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
# Sanitizer builds run slower (scripts/test-sanitizers.sh sets the factor).
within=$((within * ${STRADS_TEST_TIME_SCALE:-1}))
out=$(mktemp)
start=$(date +%s.%N)
timeout -k 5 $((within + 20)) "$@" >"$out" 2>&1
status=$?
end=$(date +%s.%N)
cat "$out"
elapsed=$(echo "$end - $start" | bc 2>/dev/null || awk "BEGIN{print $end - $start}")
echo "expect.sh: status $status after ${elapsed}s"
ok=1
if [ $fail = 1 ] && [ $status = 0 ]; then echo "expect.sh: expected failure, got success"; ok=0; fi
if [ $fail = 0 ] && [ $status != 0 ]; then echo "expect.sh: expected success, got status $status"; ok=0; fi
if awk "BEGIN{exit !($elapsed > $within)}"; then echo "expect.sh: took longer than ${within}s"; ok=0; fi
echo "$greps" | while IFS= read -r re; do
    [ -z "$re" ] && continue
    grep -Eq -- "$re" "$out" || { echo "expect.sh: output does not match /$re/"; echo x >"$out.bad"; }
done
echo "$nogreps" | while IFS= read -r re; do
    [ -z "$re" ] && continue
    ! grep -Eq -- "$re" "$out" || { echo "expect.sh: output matches /$re/"; echo x >"$out.bad"; }
done
echo "$stats" | while IFS= read -r spec; do
    [ -z "$spec" ] && continue
    set -f # the EREs are words, not file patterns
    # shellcheck disable=SC2086 # EV and the KEY=ERE words
    sh "$here/stats.sh" has "$out" $spec || { echo "expect.sh: no STRADS_STATS line has $spec"; echo x >"$out.bad"; }
done
echo "$nostats" | while IFS= read -r spec; do
    [ -z "$spec" ] && continue
    set -f
    # shellcheck disable=SC2086
    ! sh "$here/stats.sh" has "$out" $spec || { echo "expect.sh: a STRADS_STATS line has $spec"; echo x >"$out.bad"; }
done
[ -e "$out.bad" ] && ok=0
rm -f "$out" "$out.bad"
[ $ok = 1 ]
