#!/bin/sh
# check-refuse.sh STRADSC FILE.c - one refused-construct test.
# FILE.c carries its expectations in comments:
#   // EXPECT: LINE:COL: error: message prefix   (each must appear on stderr)
#   // EXIT: N                                  (stradsc's exit status, default 1)
#   // HINT: text                                (must appear in a hint)
#   // CLEAN                                     (accepted with no diagnostic)
#   // ERRORS: N                                 (exactly N errors, no other)
# The diagnostic must also show the source line and a caret, like clang.
set -u
stradsc=$1
file=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$stradsc" "$file" -o /dev/null 2>"$out"
rc=$?
want=$(sed -n 's|^// EXIT: *||p' "$file")
[ -n "$want" ] || want=1
status=0
if [ "$rc" != "$want" ]; then
    echo "FAIL: $file: exit status $rc, expected $want"
    status=1
fi
grep '^// EXPECT: ' "$file" | sed 's|^// EXPECT: ||' | while IFS= read -r exp; do
    if ! grep -qF "$file:$exp" "$out"; then
        echo "FAIL: $file: missing diagnostic: $file:$exp"
        exit 1
    fi
done || status=1
grep '^// HINT: ' "$file" | sed 's|^// HINT: ||' | while IFS= read -r exp; do
    if ! grep -qF "$exp" "$out"; then
        echo "FAIL: $file: missing hint: $exp"
        exit 1
    fi
done || status=1
nerr=$(sed -n 's|^// ERRORS: *||p' "$file")
if [ -n "$nerr" ] && [ "$(grep -c ': error: ' "$out")" != "$nerr" ]; then
    echo "FAIL: $file: $(grep -c ': error: ' "$out") errors, expected $nerr"
    status=1
fi
if grep -q '^// CLEAN' "$file"; then
    [ -s "$out" ] && { echo "FAIL: $file: diagnostics where none was expected"; status=1; }
elif ! grep -q '^ *^$' "$out" && ! grep -q '^[[:space:]]*\^$' "$out"; then
    echo "FAIL: $file: no caret line"
    status=1
fi
if [ $status -ne 0 ]; then
    echo "--- stderr was:"
    cat "$out"
fi
exit $status
