#!/bin/sh
# equiv.sh STRADSCC REF.c ANNOTATED.c [args...] - the sequential program
# (REF.c built with plain cc) and the annotated one (built with stradscc, run
# directly as one process) must print the same bytes. REF and ANNOTATED may
# be the same file: plain cc ignores the pragmas. The stradscc build runs
# with STRADS_THREADS=1, so async_for executes in the sequential order and
# the comparison is exact.
set -eu
stradscc=$1
ref=$2
ann=$3
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -O2 -w "$ref" -o "$dir/ref" -lm
"$stradscc" -O2 -Wall -Wextra -Werror "$ann" -o "$dir/par" -lm
"$dir/ref" "$@" >"$dir/ref.out"
# One process, one thread: async_for then runs its plan in sequential order.
STRADS_THREADS=1 "$dir/par" "$@" >"$dir/par.out"
if ! cmp -s "$dir/ref.out" "$dir/par.out"; then
    echo "FAIL: outputs differ"
    diff "$dir/ref.out" "$dir/par.out" || true
    exit 1
fi
cat "$dir/par.out"
