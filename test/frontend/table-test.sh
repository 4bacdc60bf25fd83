#!/bin/sh
# table-test.sh STRADSC FILE.c own|picks - what stradsc writes in a loop's
# tables, checked against FILE.c's comment lines, loop by loop (loops
# counted by pragma):
#   own:   `// OWN name`, `// DISJOINT name`, `// ADDED name` or `// NOT
#          name` before a sync_for: its array table marks name
#          STRADS_ARRAY_OWN (written only as a[i], i the loop variable: in
#          place), STRADS_ARRAY_DISJOINT (only as a[k * i + b]: one
#          iteration an element), STRADS_ARRAY_ADDED (summed, only added
#          into) or none of them;
#   picks: `// PICKS name NO|YES|DEFAULT` before a loop: its env table's
#          picks for name (can the value choose what the body touches).
set -u
stradsc=$1
file=$2
kind=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$stradsc" "$file" -o "$dir/out.c" >"$dir/err" 2>&1 || { cat "$dir/err"; echo "FAIL: stradsc"; exit 1; }
case $kind in
own)
    want='/#pragma strads sync_for/ {n++} /^ *\/\/ (OWN|NOT|DISJOINT|ADDED) / {print n + 1, $3, $2}'
    table='strads_loop_array strads__arr' field='__builtin_offsetof\(struct strads__env'
    value='($0 ~ /STRADS_ARRAY_OWN/ ? "OWN" : $0 ~ /STRADS_ARRAY_DISJOINT/ ? "DISJOINT" : $0 ~ /STRADS_ARRAY_ADDED/ ? "ADDED" : "NOT")' ;;
picks)
    want='/#pragma strads (sync|async)_for/ {n++} /^ *\/\/ PICKS / {print n + 1, $3, $4}'
    table='strads_field strads__efd' field='STRADS_FIELD\(struct strads__env'
    value='(match($0, /STRADS_PICKS_[A-Z]+/) ? substr($0, RSTART + 13, RLENGTH - 13) : "?")' ;;
*) echo "table-test.sh: own or picks, not '$kind'"; exit 2 ;;
esac
awk "$want" "$file" | sort >"$dir/want"
# Got: "loop name value" for each entry of each table.
awk "/$table[a-z]*[0-9]+\\[\\]/ {match(\$0, /[0-9]+\\[\\]/); t = substr(\$0, RSTART, RLENGTH - 2)}
     /$field/ && t {match(\$0, /, [A-Za-z_0-9]+\\)/); v = substr(\$0, RSTART + 2, RLENGTH - 3); print t, v, $value}
     /^};/ {t = \"\"}" "$dir/out.c" | sort >"$dir/got"
status=0
while read -r loop name want; do
    got=$(awk -v l="$loop" -v n="$name" '$1 == l && $2 == n {print $3}' "$dir/got")
    if [ "$got" != "$want" ]; then
        echo "FAIL: loop $loop: '$name' expected $want, got ${got:-no entry}"
        status=1
    fi
done <"$dir/want"
[ -s "$dir/want" ] || { echo "FAIL: no expectations read from $file"; exit 1; }
[ $status -eq 0 ] && echo "ok: $(wc -l <"$dir/want") entries as expected"
exit $status
