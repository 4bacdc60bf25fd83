#!/bin/sh
# golden.sh STRADSC INPUT.c EXPECTED.c - stradsc's output for INPUT.c must be
# byte-identical to EXPECTED.c (refresh with refresh-goldens.sh after an
# intended change, and review the diff). stradsc runs in INPUT's directory on
# its base name and writes to stdout, so the goldens do not depend on paths.
set -eu
stradsc=$1
in=$2
exp=$3
out=$(mktemp)
trap 'rm -f "$out"' EXIT
(cd "$(dirname "$in")" && "$stradsc" "$(basename "$in")") >"$out"
if ! diff -u "$exp" "$out"; then
    echo "FAIL: $in differs from $exp (run test/frontend/refresh-goldens.sh if intended)"
    exit 1
fi
# Same input, same bytes: run it again.
(cd "$(dirname "$in")" && "$stradsc" "$(basename "$in")") | cmp -s - "$out" ||
    { echo "FAIL: $in: output not deterministic"; exit 1; }
