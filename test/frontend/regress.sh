#!/bin/sh
# regress.sh STRADSCC STRADS-RUN FILE.c - a program a bug was found with:
# its plain-cc build and its stradscc build at 1x1, 1x2, 2x1 and 4x1
# (processes x threads) must print the same bytes, each run within 60 s.
# FILE.c may say `// CONFIGS: 1x1 2x1` to run fewer shapes.
set -u
stradscc=$1
run=$2
file=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -O1 -w "$file" -o "$dir/ref" -lm || exit 1
"$stradscc" -O1 "$file" -o "$dir/par" -lm || { echo "FAIL: $file: stradscc"; exit 1; }
"$dir/ref" >"$dir/ref.out" || { echo "FAIL: $file: the plain build exits $?"; exit 1; }
configs=$(sed -n 's|^// CONFIGS: *||p' "$file")
[ -n "$configs" ] || configs="1x1 1x2 2x1 4x1"
status=0
for cfg in $configs; do
    n=${cfg%x*}
    t=${cfg#*x}
    timeout 60 "$run" -n "$n" --threads "$t" "$dir/par" >"$dir/par.out" 2>"$dir/par.err"
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL: $file at $cfg: exit $rc"
        tail -5 "$dir/par.err"
        status=1
    elif ! cmp -s "$dir/ref.out" "$dir/par.out"; then
        echo "FAIL: $file at $cfg: output differs"
        diff "$dir/ref.out" "$dir/par.out" | head -10
        status=1
    else
        echo "ok: $cfg"
    fi
done
exit $status
