#!/bin/bash
# t-checkpoint-fail.sh STRADS-RUN CONFIG_PROG CKPT_PROG: a job whose
# checkpoints fail runs to its end, says how many failed, and exits
# non-zero (docs/recovery.md). The full file system is a tiny tmpfs
# (root only; skipped, 77, elsewhere), written in the background (the
# default) and in line.
set -u
SR=$1 PROG=$2 CKPT=$3
for v in $(env | grep -o '^STRADS_[A-Z_]*'); do unset "$v"; done
TMP=$(mktemp -d "${TMPDIR:-/tmp}/strads-ckf.XXXXXX")
cleanup() { umount "$TMP/full" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; [ -f "$TMP/err" ] && tail -c 3000 "$TMP/err" >&2; exit 1; }

mkdir "$TMP/full"
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=64k tmpfs "$TMP/full" 2>/dev/null; then
    echo "skipped: needs root to mount a small tmpfs"
    exit 77
fi
for async in 1 0; do
    timeout -k 5 100 env STRADS_CHECKPOINT_ASYNC=$async "$SR" -n 2 --checkpoint "$TMP/full" \
        "$CKPT" 6 >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    [ "$rc" -ne 0 ] || fail "async=$async: checkpoints on a full file system, exit 0"
    [ "$rc" -ne 124 ] || fail "async=$async: timed out"
    grep -q 'checkpoints failed' "$TMP/err" || fail "async=$async: no summary of the failed checkpoints"
    grep -q 'No space left' "$TMP/err" || fail "async=$async: the cause is not named"
done
echo ok
