#!/bin/bash
# t-hosts.sh STRADSCC SGDMF_C KMEANS_C - a strads job on four "hosts" started
# by hand, each host a network namespace of its own.
#
# Five private network namespaces: one holds a bridge, the four others one
# end of a veth pair each (eth0, 10.77.0.1/24 to 10.77.0.4/24, the other end
# on the bridge), their sending shaped by a token bucket (tc tbf, 200 Mbit/s).
# Nothing is added to this machine's own namespace: every address and link
# lives in a namespace the test creates and deletes. Each rank is started in
# its namespace with STRADS_RANK, STRADS_SIZE, STRADS_COORDINATOR
# (10.77.0.1:7700) and a job secret in STRADS_SECRET, as docs/config.md
# ("Running on several hosts by hand") tells a user to do; no launcher.
#
# Checks: the SGD-MF and k-means samples built by stradscc print the plain
# cc build's lines (every number within a relative tolerance: 0.03 for
# SGD-MF, as the frontend.equiv_np*.sgdmf tests, 1e-9 for k-means, as
# frontend.sample_kmeans.*), and the traffic went through every shaped link;
# a rank holding another secret is refused by rank 0, which says so, and the
# job fails; a rank killed (SIGKILL, STRADS_FAULT) is named by the driver,
# every process of the job ends (the others on their own) and the driver's
# status is not 0.
#
# Exit 77 (ctest SKIP_RETURN_CODE) when not root, without ip or tc, or when
# namespaces, bridges, veth pairs or tbf are unavailable. The namespaces and
# every process started in them are removed on exit, failed or not.
set -u
stradscc=$1
sgdmf_src=$2
kmeans_src=$3

skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "needs root (creates network namespaces)"
PATH=$PATH:/usr/sbin:/sbin
command -v ip >/dev/null || skip "ip not found (Debian's iproute2)"
command -v tc >/dev/null || skip "tc not found (Debian's iproute2)"

# No launcher's variables from the caller (ctest run under srun or mpirun):
# each rank gets exactly the by-hand variables below.
for v in $(env | sed -n 's/^\(\(STRADS\|SLURM\|PMI\|PMIX\|OMPI\)_[A-Za-z0-9_]*\)=.*/\1/p'); do
    unset "$v"
done
# But every call shared: the programs' calls are short, and the runtime
# would run them on the driver alone, which is not what is tested here.
export STRADS_TRY_ALONE=0

deadline=$((SECONDS + 270))
left() { local l=$((deadline - SECONDS)); echo $((l < $1 ? (l > 5 ? l : 5) : $1)); }

T=$(mktemp -d "${TMPDIR:-/tmp}/strads-hosts.XXXXXX")
ns="strads-h$$"          # namespaces $ns-br, $ns-1 ... $ns-4
made=""                  # namespaces created so far
pids=""                  # processes of the job running now
cleanup() {
    set +e
    local p n
    for p in $pids; do kill -KILL "$p" 2>/dev/null; done
    for p in $pids; do wait "$p" 2>/dev/null; done
    # A namespace whose processes are gone disappears with its links.
    for n in $made; do
        for p in $(ip netns pids "$n" 2>/dev/null); do kill -KILL "$p" 2>/dev/null; done
        ip netns del "$n" 2>/dev/null
    done
    rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
fail() { echo "FAIL: $*"; exit 1; }

in_ns() { local n=$1; shift; ip netns exec "$n" "$@"; }
ip netns add "$ns-br" 2>"$T/err" || skip "cannot create a network namespace: $(cat "$T/err")"
made="$ns-br"
ip -n "$ns-br" link add br0 type bridge 2>"$T/err" || skip "cannot create a bridge: $(cat "$T/err")"
ip -n "$ns-br" link set br0 up || fail "bridge up"
for h in 1 2 3 4; do
    ip netns add "$ns-$h" || fail "ip netns add $ns-$h"
    made="$made $ns-$h"
    ip -n "$ns-br" link add "v$h" type veth peer name eth0 netns "$ns-$h" 2>"$T/err" ||
        skip "cannot create a veth pair: $(cat "$T/err")"
    ip -n "$ns-br" link set "v$h" master br0 up || fail "v$h on the bridge"
    ip -n "$ns-$h" link set lo up || fail "lo up in $ns-$h"
    ip -n "$ns-$h" addr add "10.77.0.$h/24" dev eth0 || fail "address 10.77.0.$h"
    ip -n "$ns-$h" link set eth0 up || fail "eth0 up in $ns-$h"
    in_ns "$ns-$h" tc qdisc add dev eth0 root tbf rate 200mbit burst 256kb latency 50ms 2>"$T/err" ||
        skip "cannot shape with tc tbf: $(cat "$T/err")"
done
# The ports forward as soon as they are up (no STP); a worker that dials
# before retries until STRADS_CONNECT_TIMEOUT_MS.
echo "4 hosts 10.77.0.1-4 on a bridge, each sending through tbf 200mbit, after ${SECONDS} s"

cc -O2 -w "$sgdmf_src" -o "$T/sgdmf.ref" -lm || fail "cc build of $sgdmf_src"
"$stradscc" -O2 "$sgdmf_src" -o "$T/sgdmf" -lm || fail "stradscc build of $sgdmf_src"
cc -O2 -w "$kmeans_src" -o "$T/kmeans.ref" -lm || fail "cc build of $kmeans_src"
"$stradscc" -O2 "$kmeans_src" -o "$T/kmeans" -lm || fail "stradscc build of $kmeans_src"

secret=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')

# job NAME SIZE PROG ARGS...: starts rank r of SIZE in namespace r+1, as a
# user would on host r+1, and waits for all of them; rank r's stdout, stderr
# and exit status go to $T/NAME.r.{out,err,rc}. SECRET_r (a variable) gives
# rank r another secret; EXTRA holds more VAR=VALUE for every rank.
job() {
    local name=$1 size=$2 r s
    shift 2
    pids=""
    for r in $(seq 0 $((size - 1))); do
        eval "s=\${SECRET_$r:-$secret}"
        # shellcheck disable=SC2086 # EXTRA is a list of words
        in_ns "$ns-$((r + 1))" env STRADS_RANK=$r STRADS_SIZE="$size" \
            STRADS_COORDINATOR=10.77.0.1:7700 STRADS_SECRET="$s" STRADS_THREADS=1 ${EXTRA:-} \
            timeout -s KILL "$(left 60)" "$@" >"$T/$name.$r.out" 2>"$T/$name.$r.err" &
        pids="$pids $!"
    done
    r=0
    for s in $pids; do
        wait "$s"
        echo $? >"$T/$name.$r.rc"
        r=$((r + 1))
    done
    pids=""
}
show() { # the stderr of every rank of job $1
    local f
    for f in "$T/$1".*.err; do echo "--- $(basename "$f") (status $(cat "${f%.err}.rc")):"; tail -n 15 "$f"; done
}

# compare NAME TOL: rank 0's output of job NAME has the reference's lines,
# numbers within relative TOL.
compare() {
    local ref=$T/${1%%-*}.ref.out out=$T/$1.0.out
    paste -d '\n' "$ref" "$out" | awk -v tol="$2" -v nref="$(wc -l <"$ref")" '
        NR % 2 == 1 { split($0, a); n = NF; line = $0; next }
        {
            if (NF != n) { print "FAIL: line shapes differ: " line " | " $0; bad = 1; next }
            for (i = 1; i <= NF; i++) {
                if (a[i] ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) {
                    d = a[i] - $i; if (d < 0) d = -d
                    m = a[i] < 0 ? -a[i] : a[i]; if (m < 1) m = 1
                    if (d > tol * m) { print "FAIL: " a[i] " vs " $i " in: " $0; bad = 1 }
                } else if (a[i] != $i) { print "FAIL: " a[i] " vs " $i; bad = 1 }
            }
        }
        END { if (NR != 2 * nref) { print "FAIL: " NR / 2 " lines, want " nref; bad = 1 }
              exit bad }' || { cat "$out"; fail "$1: output differs from the plain cc build's"; }
    echo "$1: $(tail -n 1 "$out") (cc: $(tail -n 1 "$ref")), at ${SECONDS} s"
}
all_ok() { # every rank of job $1 exited 0
    local f
    for f in "$T/$1".*.rc; do [ "$(cat "$f")" = 0 ] || { show "$1"; fail "$1: a rank failed"; }; done
}
sent() { in_ns "$ns-$1" tc -s qdisc show dev eth0 | awk '/Sent/ { print $2; exit }'; }

sgdmf_args="500 200 20000 8 5 7"
kmeans_args="20000 8 10 10 7"
# shellcheck disable=SC2086
"$T/sgdmf.ref" $sgdmf_args >"$T/sgdmf.ref.out" || fail "the plain cc build of SGD-MF failed"
# shellcheck disable=SC2086
"$T/kmeans.ref" $kmeans_args >"$T/kmeans.ref.out" || fail "the plain cc build of k-means failed"

declare -A before
for h in 1 2 3 4; do before[$h]=$(sent "$h"); done
# shellcheck disable=SC2086
job sgdmf 4 "$T/sgdmf" $sgdmf_args
all_ok sgdmf
compare sgdmf 0.03
# shellcheck disable=SC2086
job kmeans 4 "$T/kmeans" $kmeans_args
all_ok kmeans
compare kmeans 1e-9
# Every rank talked over its shaped link (the queue counts what it sent).
for h in 1 2 3 4; do
    n=$(sent "$h")
    [ -n "$n" ] && [ $((n - ${before[$h]:-0})) -gt 10000 ] ||
        fail "10.77.0.$h sent $((n - ${before[$h]:-0})) bytes through tbf: the ranks did not use the bridge"
    echo "10.77.0.$h sent $((n - ${before[$h]:-0})) bytes through tbf"
done

# A rank with another secret: rank 0 refuses its connection and says so,
# and the job fails within the (shortened) join deadline instead of running.
other=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
# shellcheck disable=SC2086
SECRET_1=$other EXTRA="STRADS_CONNECT_TIMEOUT_MS=3000" job secret 2 "$T/sgdmf" $sgdmf_args
[ "$(cat "$T/secret.0.rc")" != 0 ] || { show secret; fail "rank 0 ran with a rank of another secret"; }
[ "$(cat "$T/secret.1.rc")" != 0 ] || { show secret; fail "the rank of another secret ran"; }
grep -q "rejected connection from 10.77.0.2.*does not hold the job secret" "$T/secret.0.err" ||
    { show secret; fail "rank 0 did not name the connection without the secret"; }
echo "another secret: $(grep -m 1 'does not hold the job secret' "$T/secret.0.err")"

# A rank killed (SIGKILL) in the second parallel loop call: the driver names
# it and fails, the other ranks stop on their own (the runtime's 3 s rule;
# timeout's SIGKILL at the deadline would show as status 137 and fail here).
# shellcheck disable=SC2086
EXTRA="STRADS_FAULT=2:2" job kill 4 "$T/sgdmf" $sgdmf_args
[ "$(cat "$T/kill.2.rc")" = 137 ] || { show kill; fail "rank 2 was not killed by SIGKILL"; }
grep -q "STRADS_FAULT: killing myself" "$T/kill.2.err" || { show kill; fail "the fault did not fire"; }
rc0=$(cat "$T/kill.0.rc")
[ "$rc0" != 0 ] && [ "$rc0" != 137 ] || { show kill; fail "the driver's status is $rc0"; }
grep -qE "^strads\[0\]: .*rank 2 lost" "$T/kill.0.err" || { show kill; fail "the driver did not name rank 2"; }
for r in 1 3; do
    rc=$(cat "$T/kill.$r.rc")
    [ "$rc" != 0 ] && [ "$rc" != 137 ] || { show kill; fail "rank $r ended with status $rc"; }
done
echo "killed rank: $(grep -m 1 -E '^strads\[0\]: .*rank 2 lost' "$T/kill.0.err") (status $rc0)"
echo "ok (${SECONDS} s)"
