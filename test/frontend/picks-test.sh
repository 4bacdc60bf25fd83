#!/bin/sh
# picks-test.sh STRADSC FILE.c - which captured values stradsc says can or
# cannot choose what a loop's body touches (strads_field.picks: a change of
# one that can redoes reconnaissance): each `// PICKS name NO|YES|DEFAULT`
# line of FILE.c names what the next loop's env table must say of name.
set -u
stradsc=$1
file=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$stradsc" "$file" -o "$dir/out.c" >"$dir/err" 2>&1 || { cat "$dir/err"; echo "FAIL: stradsc"; exit 1; }
# Expected: "loop name NO|YES|DEFAULT", loops counted by pragma.
awk '/#pragma strads (sync|async)_for/ {n++} /^ *\/\/ PICKS / {print n + 1, $3, $4}' "$file" | sort >"$dir/want"
# Got: each env table strads__efdN's entries.
awk '/strads_field strads__efd[0-9]+\[\]/ {match($0, /efd[0-9]+/); t = substr($0, RSTART + 3, RLENGTH - 3)}
     /STRADS_FIELD\(struct strads__env/ && t {match($0, /, [A-Za-z_0-9]+\)/); v = substr($0, RSTART + 2, RLENGTH - 3);
        match($0, /STRADS_PICKS_[A-Z]+/); print t, v, substr($0, RSTART + 13, RLENGTH - 13)}
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
[ $status -eq 0 ] && echo "ok: $(wc -l <"$dir/want") values as expected"
exit $status
