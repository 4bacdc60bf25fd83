#!/bin/sh
# t-replay.sh STRADSCC STRADS_RUN STRADS_REPLAY SGDMF_C - record and
# single-node replay of a stradscc-compiled program: a 4-process run of
# SGD-MF recorded with --record, replayed in one process by strads-replay,
# prints exactly the same; the replay stops under gdb on a line of the
# async_for body with the user's variables visible.
set -eu
stradscc=$1 run=$2 replay=$3 src=$4
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$stradscc" -O0 -g -o "$d/sg" "$src" -lm
args="3000 600 40000 8 5"
"$run" -n 4 --threads 2 --record "$d/rec" "$d/sg" $args >"$d/rec.out"
ls "$d/rec" | grep -q '^async-000001.order$' || { echo "FAIL: nothing recorded"; exit 1; }
"$replay" "$d/rec" -- "$d/sg" $args >"$d/rep.out"
cmp "$d/rec.out" "$d/rep.out" || { echo "FAIL: the replay prints something else"; exit 1; }
echo "replay identical: $(tail -n 1 "$d/rec.out")"
# A corrupt record is refused with a message naming the file.
printf 'garbage' >"$d/rec/async-000002.order"
if "$replay" "$d/rec" -- "$d/sg" $args >/dev/null 2>"$d/err"; then
    echo "FAIL: a corrupt record was replayed"; exit 1
fi
grep -q "async-000002.order" "$d/err" || { cat "$d/err"; echo "FAIL: the bad file is not named"; exit 1; }
# Under gdb: a breakpoint inside the async_for body is hit in the replay.
if command -v gdb >/dev/null; then
    line=$(grep -n 'e -= w\[k\] \* h\[k\];' "$src" | cut -d: -f1)
    "$run" -n 2 --record "$d/rec2" "$d/sg" $args >/dev/null
    STRADS_REPLAY="$d/rec2" gdb -batch -ex "break sgdmf.c:$line" -ex run -ex "info locals" \
        -ex "print rank" --args "$d/sg" $args >"$d/gdb.out" 2>&1 || true
    grep -q "Breakpoint 1, " "$d/gdb.out" || { cat "$d/gdb.out"; echo "FAIL: breakpoint not hit"; exit 1; }
    grep -q "^\$1 = 8" "$d/gdb.out" || { cat "$d/gdb.out"; echo "FAIL: captured rank not visible"; exit 1; }
    echo "gdb stopped in the body of the replay"
fi
echo ok
