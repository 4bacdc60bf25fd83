#!/bin/sh
# t-exports.sh BUILD SRC - libstrads.so exports the API (include/strads.h)
# and the generated-code contract (include/strads_generated.h) and nothing
# else: every defined dynamic symbol must be declared in one of them, and
# the API's functions must all be there.
set -eu
build=$1 src=$2
so=$build/lib/libstrads.so
[ -f "$so" ] || { echo "t-exports: no $so" >&2; exit 1; }
syms=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' | sed 's/@.*//' | sort -u)
bad=0
for s in $syms; do
    if ! grep -qw -- "$s" "$src/include/strads.h" "$src/include/strads_generated.h"; then
        echo "t-exports: libstrads.so exports $s, which include/ does not declare" >&2
        bad=1
    fi
done
# Every function include/ declares at file scope is exported (a missing
# definition or a hidden one would fail programs at link time).
decl=$(cat "$src/include/strads.h" "$src/include/strads_generated.h" | grep -v '^static' | sed -n 's/^[a-z_][a-z0-9_ *]*[ *]\(strads_[a-z0-9_]*\)(.*/\1/p' \
        | sort -u)
for d in $decl; do
    echo "$syms" | grep -qx -- "$d" || { echo "t-exports: $d is declared but not exported" >&2; bad=1; }
done
n=$(echo "$syms" | wc -l)
[ "$n" -gt 20 ] || { echo "t-exports: only $n symbols exported" >&2; bad=1; }
[ $bad = 0 ] && echo "t-exports: $n exported symbols, all declared in include/"
exit $bad
