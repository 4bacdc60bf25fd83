#!/bin/sh
# t-plankey-kept.sh STRADSCC STRADS_RUN SGDMF.c - the plan cache still serves
# the ordinary epoch loop: samples/sgdmf on 2 processes over 5 epochs plans
# its rating loop once (STRADS_STATS=1 prints one async_plan line per
# planning, one async_for line per call) and never runs a fresh
# reconnaissance, since it writes only W and H and the ratings it reads stay
# the same.
set -eu
. "$(dirname "$0")/../stats.sh"
stradscc=$1 run=$2 src=$3
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$stradscc" -O2 "$src" -o "$d/par" -lm
STRADS_STATS=1 "$run" -n 2 "$d/par" 2000 500 50000 8 5 >"$d/out" 2>"$d/err" ||
    { cat "$d/err"; echo "FAIL: the run failed"; exit 1; }
plans=$(stats_count "$d/err" async_plan)
calls=$(stats_count "$d/err" async_for)
[ "$(stats_count "$d/err" recon_again)" -eq 0 ] || { cat "$d/err"; echo "FAIL: the plan was not reused"; exit 1; }
[ "$plans" -eq 1 ] && [ "$calls" -eq 5 ] ||
    { cat "$d/err"; echo "FAIL: $plans plannings over $calls calls, expected 1 over 5"; exit 1; }
echo "ok plankey kept: 1 planning over $calls calls"
