#!/bin/bash
# t-values.sh STRADS-RUN PROG: the malformed values the configuration issue
# named, each refused at start with a message naming the variable or flag,
# directly and under strads-run; the flags strads-run checks itself
# (--restarts without --checkpoint, --recover of a missing folder,
# --checkpoint naming a file, STRADS_MALLOC_TUNE); and good values still run.
set -u
SR=$1 PROG=$2
TMP=$(mktemp -d "${TMPDIR:-/tmp}/strads-cfg.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
for v in $(env | grep -o '^STRADS_[A-Z_]*'); do unset "$v"; done
fails=0

fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

# refused WHAT NAME CMD...: CMD exits non-zero and its stderr names NAME
refused() {
    local what=$1 name=$2
    shift 2
    timeout -k 5 60 "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    local rc=$?
    if [ "$rc" -eq 0 ]; then
        fail "$what: exit 0"
    elif ! grep -q -- "$name" "$TMP/err"; then
        fail "$what: exit $rc, stderr does not name $name: $(cat "$TMP/err")"
    fi
}

# the issue's list, run directly (a job of one process) and, where
# strads-run passes the variable through, as a job of two
for nv in STRADS_MAX_MESSAGE=-1 STRADS_HUGEPAGES=abc STRADS_CHECKPOINT_SYNC=7 \
          STRADS_RECON_EVERY=-1 STRADS_RECON_EVERY=abc STRADS_SSP_CHECK=abc \
          STRADS_ABSP_CHECK=-1 STRADS_ARENA=0x1000 STRADS_TEST_PIECE=0; do
    refused "$nv" "${nv%%=*}" env "$nv" "$PROG"
    refused "$nv (strads-run)" "${nv%%=*}" env "$nv" "$SR" -n 2 "$PROG"
done
refused "STRADS_FAULT=1:9 in a job of 2" STRADS_FAULT env STRADS_FAULT=1:9 "$SR" -n 2 "$PROG"
refused "STRADS_LAUNCHER=bogus" STRADS_LAUNCHER env STRADS_LAUNCHER=bogus "$PROG"
refused "STRADS_SIZE=abc without a rank" STRADS_SIZE env STRADS_SIZE=abc "$PROG"
refused "STRADS_RANK=0 without a size" STRADS_RANK env STRADS_RANK=0 "$PROG"
# strads-run's variables set by hand, one missing: the message says what to do
refused "STRADS_LAUNCHER=strads-run without a secret" "start the job with strads-run" \
    env STRADS_LAUNCHER=strads-run STRADS_RANK=1 STRADS_SIZE=2 STRADS_COORDINATOR=127.0.0.1:9 "$PROG"
refused "STRADS_LAUNCHER=strads-run without a coordinator" "set STRADS_COORDINATOR" \
    env STRADS_LAUNCHER=strads-run STRADS_RANK=1 STRADS_SIZE=2 "$PROG"

# strads-run's own checks, before any process starts
refused "--restarts without --checkpoint" --checkpoint "$SR" -n 2 --restarts 1 "$PROG"
refused "--recover of a missing folder" "$TMP/none" "$SR" -n 1 --recover "$TMP/none" "$PROG"
: >"$TMP/file"
refused "--checkpoint naming a file" "$TMP/file" "$SR" -n 1 --checkpoint "$TMP/file" "$PROG"
refused "--checkpoint below a file" "$TMP/file/ck" "$SR" -n 1 --checkpoint "$TMP/file/ck" "$PROG"
refused "STRADS_MALLOC_TUNE=2 (strads-run)" STRADS_MALLOC_TUNE env STRADS_MALLOC_TUNE=2 "$SR" -n 1 "$PROG"
# the library's own, when another launcher (or none) starts the program
refused "STRADS_CHECKPOINT naming a file" STRADS_CHECKPOINT env STRADS_CHECKPOINT="$TMP/file" "$PROG"
refused "STRADS_RECOVER of a missing folder" STRADS_RECOVER env STRADS_RECOVER="$TMP/none" "$PROG"

# good values run
timeout -k 5 60 env STRADS_RECON_EVERY=3 STRADS_ARENA=0x300000000000:0x40000000 \
    STRADS_FAULT=1:1 STRADS_STATS= "$SR" -n 2 --checkpoint "$TMP/ck" --restarts 1 "$PROG" \
    >"$TMP/out" 2>"$TMP/err" </dev/null || fail "good values: exit $?: $(cat "$TMP/err")"
grep -q 'ok size=2' "$TMP/out" || fail "good values: no output"
[ -d "$TMP/ck" ] || fail "--checkpoint did not create its folder"

[ "$fails" -eq 0 ] || exit 1
echo "ok"
