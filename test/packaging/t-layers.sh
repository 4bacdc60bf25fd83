#!/bin/sh
# t-layers.sh SRC - the build's layer check (cmake/CheckLayers.cmake) passes
# on the tree, and refuses a copy of it where core/ includes engine/.
set -eu
src=$1
cmake -DROOT="$src" -P "$src/cmake/CheckLayers.cmake"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for d in core engine; do mkdir -p "$tmp/$d"; done
printf '#include "engine/loop.h"\n' >"$tmp/core/bad.c"
printf '#include "core/rt.h"\n' >"$tmp/engine/good.c"
if cmake -DROOT="$tmp" -P "$src/cmake/CheckLayers.cmake" 2>"$tmp/err"; then
    echo "t-layers: an include of engine/ from core/ was not refused" >&2
    exit 1
fi
grep -q 'core/bad.c' "$tmp/err" || { echo "t-layers: the refusal does not name the file" >&2; cat "$tmp/err" >&2; exit 1; }
grep -q 'engine/good.c' "$tmp/err" && { echo "t-layers: a downward include was refused" >&2; exit 1; }
echo "t-layers: the check passes on the tree and refuses core -> engine"
