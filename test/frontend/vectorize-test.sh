#!/bin/sh
# vectorize-test.sh STRADSCC SRC...: every loop GCC vectorizes in the plain
# -O2 build of SRC it vectorizes in the stradscc build too. Outlined, a body
# reads its array pointers from a struct, and at -O2 GCC's default cost
# model refused the alias checks that then need: the body ran scalar, at
# half the plain build's speed. Skipped (77) when cc is not GCC.
set -u
scc=$1
shift
cc -dM -E -x c /dev/null | grep -q '__clang__' && { echo "cc is clang: skipped"; exit 77; }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for src in "$@"; do
    cc -O2 -w -fopt-info-vec-optimized -c "$src" -o "$d/plain.o" 2>"$d/plain.txt" || exit 1
    "$scc" -O2 -w -fopt-info-vec-optimized -c "$src" -o "$d/strads.o" 2>"$d/strads.txt" || exit 1
    grep 'loop vectorized' "$d/plain.txt" | cut -d: -f1-2 | sort -u >"$d/want"
    grep 'loop vectorized' "$d/strads.txt" | cut -d: -f1-2 | sort -u >"$d/got"
    [ -s "$d/want" ] || { echo "FAIL: $src: the plain build vectorizes nothing"; exit 1; }
    missing=$(comm -23 "$d/want" "$d/got")
    [ -z "$missing" ] || { echo "FAIL: $src: not vectorized by stradscc: $missing"; exit 1; }
    # the user's own cost model still decides (it comes after stradscc's)
    "$scc" -O2 -w -fvect-cost-model=very-cheap -fopt-info-vec-optimized -c "$src" \
        -o "$d/strads.o" 2>"$d/cheap.txt" || exit 1
    ! grep -q 'versioned for vectorization' "$d/cheap.txt" ||
        { echo "FAIL: $src: -fvect-cost-model=very-cheap overridden"; exit 1; }
done
echo ok
