# strads-run: the driver's output is the program's; every line a worker writes
# (stdout or stderr) reaches strads-run's stderr whole, prefixed with its rank.
. "$(dirname "$0")/lib.sh"

run -n 3 sh -c '
    echo "out of $STRADS_RANK"
    echo "err of $STRADS_RANK" >&2
    i=0; while [ $i -lt 200 ]; do echo "line $i of $STRADS_RANK"; i=$((i+1)); done
    printf "no newline at the end of $STRADS_RANK"'
expect_rc 0
# Driver: stdout and stderr untouched, unprefixed.
expect_line out "out of 0"
expect_line err "err of 0"
expect_count out '^line [0-9]+ of 0$' 200
expect_match out 'no newline at the end of 0$'
expect_no_match out 'rank'
# Workers: everything on stderr, prefixed, partial last line flushed at EOF.
for r in 1 2; do
    expect_line err "[rank $r] out of $r"
    expect_line err "[rank $r] err of $r"
    expect_count err "^\[rank $r\] line [0-9]+ of $r$" 200
    expect_line err "[rank $r] no newline at the end of $r"
done
# Nothing unprefixed from workers, no line mixed from two ranks.
expect_no_match err '^(out|line|no newline) .* of [12]'
expect_no_match err '.\[rank '
[ "$(grep -c '' "$TMP/err")" -eq $((1 + 2 * 203)) ] || fail "unexpected number of stderr lines"

# A line far longer than the pipe buffer arrives whole (below the 64 KiB cut).
run -n 2 sh -c 'head -c 60000 /dev/zero | tr "\0" x; echo'
expect_rc 0
n=$(awk '$0 == "[rank 1] " x' x="$(head -c 60000 /dev/zero | tr '\0' x)" "$TMP/err" | wc -l)
[ "$n" -eq 1 ] || fail "60000-byte worker line not delivered whole"

# An endless line is cut at 64 KiB into prefixed pieces; no byte is lost.
run -n 2 sh -c 'head -c 200000 /dev/zero | tr "\0" y; echo'
expect_rc 0
expect_count err '^\[rank 1\] y+$' 4
n=$(sed -n 's/^\[rank 1\] //p' "$TMP/err" | tr -d '\n' | wc -c)
[ "$n" -eq 200000 ] || fail "cut line: $n of 200000 bytes arrived"

# Empty lines keep their prefix.
run -n 2 sh -c 'echo; echo b'
expect_line err "[rank 1] "
expect_line err "[rank 1] b"
echo ok
