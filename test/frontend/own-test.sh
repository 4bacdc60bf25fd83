#!/bin/sh
# own-test.sh STRADSC FILE.c - the arrays stradsc marks STRADS_ARRAY_OWN
# (written only as a[i], i the loop variable: the engine writes them in
# place) are those FILE.c's `// OWN name` lines name, those its
# `// DISJOINT name` lines name are marked STRADS_ARRAY_DISJOINT (p[a*i+b],
# no two iterations touching one element), and those its `// NOT name`
# lines name are neither, loop by loop.
set -u
stradsc=$1
file=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$stradsc" "$file" -o "$dir/out.c" >"$dir/err" 2>&1 || { cat "$dir/err"; echo "FAIL: stradsc"; exit 1; }
# Expected: "loop name OWN|NOT" from the comments, loops counted by pragma.
awk '/#pragma strads sync_for/ {n++} /^ *\/\/ (OWN|NOT|DISJOINT) / {print n + 1, $3, $2}' "$file" | sort >"$dir/want"
# Got: each table strads__arrN's entries, OWN or not.
awk '/strads_loop_array strads__arr[0-9]+\[\]/ {match($0, /arr[0-9]+/); t = substr($0, RSTART + 3, RLENGTH - 3)}
     /__builtin_offsetof\(struct strads__env/ && t {match($0, /, [A-Za-z_0-9]+\)/); v = substr($0, RSTART + 2, RLENGTH - 3);
        print t, v, ($0 ~ /STRADS_ARRAY_OWN/ ? "OWN" : $0 ~ /STRADS_ARRAY_DISJOINT/ ? "DISJOINT" : "NOT")}
     /^};/ {t = ""}' "$dir/out.c" | sort >"$dir/got"
status=0
while read -r loop name want; do
    got=$(awk -v l="$loop" -v n="$name" '$1 == l && $2 == n {print $3}' "$dir/got")
    if [ "$got" != "$want" ]; then
        echo "FAIL: loop $loop: '$name' expected $want, got ${got:-no entry}"
        status=1
    fi
done <"$dir/want"
[ -s "$dir/want" ] || { echo "FAIL: no expectations read from $file"; exit 1; }
[ $status -eq 0 ] && echo "ok: $(wc -l <"$dir/want") arrays as expected"
exit $status
