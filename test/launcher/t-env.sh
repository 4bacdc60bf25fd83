# strads-run: the environment contract every process of a job receives.
. "$(dirname "$0")/lib.sh"

show='echo "r=$STRADS_RANK n=$STRADS_SIZE c=$STRADS_COORDINATOR l=$STRADS_LAUNCHER" \
           "fd=${STRADS_LISTEN_FD-unset} t=${STRADS_THREADS-unset} g=${STRADS_LOG-unset}" \
           "foo=$FOO s=$STRADS_SECRET"'

# Stale values of an enclosing job must not leak through.
FOO=bar STRADS_RANK=9 STRADS_SIZE=9 STRADS_LISTEN_FD=7 STRADS_SECRET=x STRADS_LAUNCHER=y \
    run -n 3 sh -c "$show"
expect_rc 0
expect_match out '^r=0 n=3 c=127\.0\.0\.1:[0-9]+ l=strads-run fd=3 t=unset g=unset foo=bar s=[0-9a-f]{64}$'
expect_match err '^\[rank 1\] r=1 n=3 c=127\.0\.0\.1:[0-9]+ l=strads-run fd=unset t=unset g=unset foo=bar s=[0-9a-f]{64}$'
expect_match err '^\[rank 2\] r=2 n=3 c=127\.0\.0\.1:[0-9]+ l=strads-run fd=unset t=unset g=unset foo=bar s=[0-9a-f]{64}$'

# One coordinator and one secret per job, the same on every rank.
n=$(cat "$TMP/out" "$TMP/err" | grep -oE 'c=[^ ]+' | sort -u | wc -l)
[ "$n" -eq 1 ] || fail "ranks disagree on STRADS_COORDINATOR ($n values)"
s1=$(grep -oE 's=[0-9a-f]{64}' "$TMP/out")
n=$(cat "$TMP/out" "$TMP/err" | grep -oE 's=[0-9a-f]{64}' | sort -u | wc -l)
[ "$n" -eq 1 ] || fail "ranks disagree on STRADS_SECRET ($n values)"

# A fresh secret for the next job.
run -n 1 sh -c "$show"
s2=$(grep -oE 's=[0-9a-f]{64}' "$TMP/out")
[ "$s1" != "$s2" ] || fail "two jobs got the same secret $s1"

# One process without --restarts: strads-run becomes the program, a job of
# one with nobody to meet (no coordinator, listening socket nor launcher
# pipe; stale values dropped); with --restarts it stays to watch it.
STRADS_COORDINATOR=10.0.0.1:1 STRADS_LISTEN_FD=7 STRADS_LAUNCHER_FD=9 \
    run -n 1 sh -c 'echo "r=$STRADS_RANK n=$STRADS_SIZE c=${STRADS_COORDINATOR-unset}" \
        "fd=${STRADS_LISTEN_FD-unset} lfd=${STRADS_LAUNCHER_FD-unset} l=$STRADS_LAUNCHER pid=$$ ppid=$PPID"'
expect_rc 0
expect_match out '^r=0 n=1 c=unset fd=unset lfd=unset l=strads-run pid=[0-9]+ ppid=[0-9]+$'
# in strads-run's place: the program's parent is this script
[ "$(grep -oE 'ppid=[0-9]+' "$TMP/out")" = "ppid=$$" ] || fail "-n 1 ran under strads-run, not in its place"
run -n 1 --checkpoint "$TMP/ck" --restarts 1 sh -c 'echo "c=${STRADS_COORDINATOR-unset} lfd=${STRADS_LAUNCHER_FD-unset}"'
expect_rc 0
expect_match out '^c=127\.0\.0\.1:[0-9]+ lfd=4$'

# --threads and --log override; without them the caller's values pass through.
STRADS_THREADS=5 STRADS_LOG=warn run -n 2 --threads 2 --log trace sh -c "$show"
expect_match out ' t=2 g=trace '
expect_match err '^\[rank 1\] .* t=2 g=trace '
STRADS_THREADS=5 STRADS_LOG=warn run -n 2 sh -c "$show"
expect_match out ' t=5 g=warn '
expect_match err '^\[rank 1\] .* t=5 g=warn '

# Huge pages for malloc: glibc's tunable added for the job, after the
# caller's tunables; not when the caller set it or asked for none.
tun='echo "tun=[${GLIBC_TUNABLES-unset}]"'
unset GLIBC_TUNABLES STRADS_MALLOC_TUNE
run -n 2 sh -c "$tun"
expect_rc 0
expect_match out '^tun=\[glibc\.malloc\.hugetlb=1\]$'
expect_match err '^\[rank 1\] tun=\[glibc\.malloc\.hugetlb=1\]$'
GLIBC_TUNABLES=glibc.malloc.arena_max=2 run -n 1 sh -c "$tun"
expect_match out '^tun=\[glibc\.malloc\.arena_max=2:glibc\.malloc\.hugetlb=1\]$'
GLIBC_TUNABLES=glibc.malloc.hugetlb=0 run -n 1 sh -c "$tun"
expect_match out '^tun=\[glibc\.malloc\.hugetlb=0\]$'
STRADS_MALLOC_TUNE=0 run -n 1 sh -c "$tun"
expect_match out '^tun=\[unset\]$'
# The job's processes are asked to tune malloc (the library alone does not),
# unless the caller said 0.
mt='echo "mt=[${STRADS_MALLOC_TUNE-unset}]"'
run -n 1 sh -c "$mt"
expect_match out '^mt=\[1\]$'
STRADS_MALLOC_TUNE=0 run -n 1 sh -c "$mt"
expect_match out '^mt=\[0\]$'

# The driver's STRADS_LISTEN_FD is the listening socket of STRADS_COORDINATOR;
# no worker has it; no signal is left ignored or blocked in the children.
run -n 4 "$PROBE" fds
expect_rc 0
run -n 4 "$PROBE" signals
expect_rc 0
echo ok
