# test/launcher/lib.sh - assertions shared by the strads-run tests.
#
# Each t-*.sh test sources this file and is run by ctest as
#   bash t-NAME.sh <path of strads-run> <path of probe>
# It runs strads-run for real (no runtime needed: the "programs" are sh -c
# scripts and test/launcher/probe.c) and fails with a message that shows
# both sides of the comparison and the captured output.

set -u
SR=$1
PROBE=${2:-}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/strads-launcher.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

fail() {
    echo "FAIL: $*" >&2
    for f in out err; do
        if [ -s "$TMP/$f" ]; then
            echo "--- captured std$f (first 4 KiB):" >&2
            head -c 4096 "$TMP/$f" >&2
            echo >&2
        fi
    done
    exit 1
}

# run ARGS...: runs strads-run ARGS with stdout in $TMP/out, stderr in
# $TMP/err; sets RC (exit status) and MS (elapsed milliseconds).
run() {
    local t0=${EPOCHREALTIME/./}
    "$SR" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?
    MS=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
}

expect_rc() {      # expect_rc WANT
    [ "$RC" -eq "$1" ] || fail "exit status: want $1, got $RC"
}
expect_nonzero_rc() {
    [ "$RC" -ne 0 ] || fail "exit status: want non-zero, got 0"
}
expect_faster() {  # expect_faster MS: the last run took less than MS ms
    [ "$MS" -lt "$1" ] || fail "took ${MS} ms, want < $1 ms"
}
expect_line() {    # expect_line out|err TEXT: TEXT is a whole line of the stream
    grep -qxF -- "$2" "$TMP/$1" || fail "std$1 lacks the line '$2'"
}
expect_match() {   # expect_match out|err REGEX (extended)
    grep -qE -- "$2" "$TMP/$1" || fail "std$1 does not match /$2/"
}
expect_no_match() {
    ! grep -qE -- "$2" "$TMP/$1" || fail "std$1 unexpectedly matches /$2/"
}
expect_count() {   # expect_count out|err REGEX N
    local n
    n=$(grep -cE -- "$2" "$TMP/$1")
    [ "$n" -eq "$3" ] || fail "std$1: /$2/ matches $n lines, want $3"
}
