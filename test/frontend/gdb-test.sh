#!/bin/sh
# gdb-test.sh STRADSCC SRC.c LINE NAMES... - a breakpoint on LINE (inside a
# parallel loop body) is hit in the outlined body and `info locals` shows
# each captured NAME. Skipped (exit 77) when gdb is missing.
set -eu
stradscc=$1
src=$2
line=$3
shift 3
command -v gdb >/dev/null || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$src" "$dir/"
base=$(basename "$src")
(cd "$dir" && "$stradscc" -O0 -g "$base" -o prog -lm)
(cd "$dir" && gdb -batch -nx -ex "break $base:$line" -ex "run" -ex "info locals" -ex "bt 2" \
    --args ./prog 50 40 400 4 1 >gdb.out 2>&1) || true
cat "$dir/gdb.out"
grep -q "hit Breakpoint 1" "$dir/gdb.out" || { echo "FAIL: breakpoint not hit"; exit 1; }
grep -q "strads__body" "$dir/gdb.out" || { echo "FAIL: not in an outlined body"; exit 1; }
# Only the body maps to the user's lines: not recon, not glue.
if grep -q "locations)" "$dir/gdb.out"; then echo "FAIL: line has several locations"; exit 1; fi
for n in "$@"; do
    grep -q "^$n = " "$dir/gdb.out" || { echo "FAIL: local '$n' not shown"; exit 1; }
done
