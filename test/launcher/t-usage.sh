# strads-run: bad command lines are refused with a usage message and status 2;
# --help documents the STRADS_* variables; a missing program is named.
. "$(dirname "$0")/lib.sh"

bad() {  # bad REGEX ARGS...: usage error whose message matches REGEX
    local re=$1
    shift
    run "$@"
    expect_rc 2
    expect_match err "^strads-run: $re"
    expect_match err "^usage: strads-run -n N"
    [ ! -s "$TMP/out" ] || fail "usage error wrote to stdout"
}
bad "missing program" -n 2
bad "missing program" -n 2 --
bad "missing -n" true
bad "bad -n '0'" -n 0 true
bad "bad -n 'x'" -n x true
bad "bad -n '4x'" -n 4x true
bad "bad -n '-3'" -n -3 true
bad "bad -n '5000'" -n 5000 true
bad "option '-n' needs a value" -n
bad "unknown option '--frobnicate'" -n 2 --frobnicate true
bad "unknown option '-x'" -x -n 2 true
bad "bad --threads '0'" -n 2 --threads 0 true
bad "option '--threads' needs a value" -n 2 --threads
bad "bad --log 'loud'" -n 2 --log loud true
bad "unknown option '--threadsX'" -n 2 --threadsX 2 true

run --help
expect_rc 0
expect_match out "^usage: strads-run"
for v in STRADS_RANK STRADS_SIZE STRADS_COORDINATOR STRADS_SECRET STRADS_LAUNCHER \
         STRADS_LISTEN_FD STRADS_THREADS STRADS_LOG; do
    expect_match out "^  $v "
done

# Flags after the program belong to the program.
run -n 1 sh -c 'printf "%s\n" "$*"' prog -n 7 --help
expect_rc 0
expect_line out "-n 7 --help"
run -n1 --threads=3 --log=debug -- sh -c 'echo $STRADS_THREADS $STRADS_LOG'
expect_rc 0
expect_line out "3 debug"

# A program that does not exist, or cannot be executed, is named.
run -n 3 /nonexistent/strads-prog
expect_rc 127
expect_line err "strads-run: cannot run '/nonexistent/strads-prog': no such file or directory"
run -n 2 strads-no-such-program-on-path
expect_rc 127
expect_match err "cannot run 'strads-no-such-program-on-path'"
touch "$TMP/noexec"
chmod 644 "$TMP/noexec"
run -n 2 "$TMP/noexec"
expect_rc 126
expect_match err "cannot run '.*/noexec': permission denied"
# A script without a #! line runs under /bin/sh, as execvp runs it, on
# every rank: by its path and found on PATH (it failed with "Unknown system
# error -8" at -n 2 once strads-run spawned with posix_spawn).
printf 'echo "rank $STRADS_RANK of $STRADS_SIZE: $1"\n' >"$TMP/noshebang"
chmod 755 "$TMP/noshebang"
for prog in "$TMP/noshebang" noshebang; do
    PATH=$TMP:$PATH run -n 2 "$prog" hello
    expect_rc 0
    expect_match out "^rank 0 of 2: hello"
    expect_match err "^\\[rank 1\\] rank 1 of 2: hello"
done
echo ok
