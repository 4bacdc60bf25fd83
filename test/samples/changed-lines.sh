#!/bin/sh
# changed-lines.sh [--seq] [--doc DOC] [--cc CC] FILE...
# The cost of converting a sequential program (docs/conversion.md). A sample
# is its own sequential version: plain cc ignores the pragmas, so the
# sequential program is FILE with its `#pragma strads` lines deleted (with
# their backslash continuations). Prints "NAME N" per FILE (NAME: the file
# name without .c), N the number of lines in which the two differ.
#   --seq      print the sequential version of the one FILE instead
#   --doc DOC  also check DOC's table: a row "| [NAME](...) | ... | **M** |"
#              must exist for each FILE, with N <= M <= 6
#   --cc CC    also check that the sequential version is a C program that CC
#              compiles without a warning (-std=gnu11 -Wall -Wextra, no
#              unknown pragma left)
set -eu
seq=0 doc="" cc=""
while [ $# -gt 0 ]; do
    case "$1" in
    --seq) seq=1; shift ;;
    --doc) doc=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    *) break ;;
    esac
done
if [ $# -eq 0 ]; then
    echo "usage: changed-lines.sh [--seq] [--doc DOC] [--cc CC] FILE..." >&2
    exit 2
fi

sequential() {
    awk '/^[ \t]*#[ \t]*pragma[ \t]+strads([ \t]|$)/ { cont = 1 }
         cont { cont = /\\$/; next }
         { print }' "$1"
}
if [ "$seq" = 1 ]; then
    sequential "$1"
    exit 0
fi

bad=0
for f in "$@"; do
    name=$(basename "$f" .c)
    n=$(sequential "$f" | diff - "$f" | grep -c '^[<>]' || true)
    echo "$name $n"
    if [ -n "$cc" ] && ! sequential "$f" | "$cc" -std=gnu11 -Wall -Wextra -Werror -fsyntax-only \
        -I "$(dirname "$f")" -x c -; then
        echo "FAIL: the sequential version of $f does not compile cleanly"
        bad=1
    fi
    [ -z "$doc" ] && continue
    # the bold number of the sample's row: | [name](...) | ... | **M** | ...
    m=$(awk -F'|' -v name="$name" 'index($2, " [" name "]") == 1 {
            for (i = 3; i <= NF; i++) if ($i ~ /\*\*[0-9]+\*\*/) { gsub(/[^0-9]/, "", $i); print $i; exit } }' "$doc")
    if [ -z "$m" ]; then
        echo "FAIL: $doc has no row for $name with its changed lines in bold"
        bad=1
    elif [ "$n" -gt "$m" ] || [ "$m" -gt 6 ]; then
        echo "FAIL: $name: $n changed lines, $doc says $m (goal: at most 6)"
        bad=1
    fi
done
exit $bad
