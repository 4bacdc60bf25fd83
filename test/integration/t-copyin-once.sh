#!/bin/sh
# t-copyin-once.sh STRADSCC STRADS_RUN SRC - a copyin section ships once per
# version (engine/loop_fields.c): copyin_versions.c on 2 processes, 5 calls
# over table versions A A B B A. STRADS_STATS's sync_for line says per call
# the copyin bytes shipped (copyin_bytes) and those kept on the nodes and
# referred to by hash (copyin_kept_bytes): calls 1, 3 and 5 ship the table
# (new or changed since the last call), calls 2 and 4 keep it. The program
# checks each call's sum against the sequential one (no stale table). The
# same lines carry every phase of the breakdown and rank 0's bytes.
set -eu
. "$(dirname "$0")/../stats.sh"
stradscc=$1 run=$2 src=$3
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$stradscc" -O2 "$src" -o "$d/par"
STRADS_STATS=1 "$run" -n 2 --threads 2 "$d/par" 100000 50000 >"$d/out" 2>"$d/err" ||
    { cat "$d/out" "$d/err"; echo "FAIL: the run failed"; exit 1; }
grep -q "^ok copyin versions" "$d/out" || { cat "$d/out"; echo "FAIL: wrong sums"; exit 1; }
bytes=400000 # 50,000 doubles
shipped=$(stats_get "$d/err" sync_for copyin_bytes | tr '\n' ' ')
kept=$(stats_get "$d/err" sync_for copyin_kept_bytes | tr '\n' ' ')
[ "$shipped" = "$bytes 0 $bytes 0 $bytes " ] && [ "$kept" = "0 $bytes 0 $bytes 0 " ] ||
    { cat "$d/err"; echo "FAIL: copyin shipped per call: $shipped; kept: $kept"; exit 1; }
# the phase breakdown (docs/observability.md), every key a number
num='[0-9]+(\.[0-9]+)?'
stats_has "$d/err" sync_for nodes=2 "recon_s=$num" "plan_s=$num" "fetch_s=$num" "compute_s=$num" \
    "fold_s=$num" "exchange_s=$num" "barrier_s=$num" 'sent_bytes=[1-9][0-9]*' 'recv_bytes=[1-9][0-9]*' ||
    { cat "$d/err"; echo "FAIL: the sync_for line lacks a phase or byte count"; exit 1; }
echo "ok copyin shipped $shipped kept $kept"
