#!/bin/sh
# env-test.sh STRADSCC: stradscc's own variables, malformed, stop it before it
# runs anything, with status 2 and a message naming the variable.
cc=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for v in STRADSCC_VERBOSE=2 STRADSCC_KEEP=abc STRADSCC_SERVER=x STRADSCC_SERVER_IDLE=0 \
         STRADSCC_SERVER_IDLE=abc; do
    env "$v" "$cc" -c -o "$d/x.o" "$d/none.c" >"$d/out" 2>"$d/err"
    rc=$?
    [ "$rc" -eq 2 ] || { echo "FAIL: $v: status $rc"; cat "$d/err"; exit 1; }
    grep -q "${v%%=*}" "$d/err" || { echo "FAIL: $v: not named"; cat "$d/err"; exit 1; }
done
echo ok
