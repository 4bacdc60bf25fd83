#!/bin/bash
# t-slurm.sh STRADSCC SGDMF_C [TOL] - a strads program under a real Slurm.
#
# Starts a private one-node Slurm from Debian 12's packages (munged,
# slurmctld, slurmd; slurm.conf, key, state, spool and logs in a temporary
# folder, its own ports, the node at 127.0.0.1) and runs the SGD-MF sample
# built by stradscc with `srun -n 2`, `srun -n 4` and an `sbatch` script
# (two steps one after the other, which compute the same coordinator port),
# with no STRADS_* variable set: rank, size, coordinator and job id come from
# Slurm's environment alone. Each run prints the plain-cc build's lines, every
# number within relative tolerance TOL (as test/frontend/equiv-np.sh, whose
# frontend.equiv_np*.sgdmf tests use 0.03 on the same arguments). Then a rank
# killed under srun (SIGKILL, STRADS_FAULT) fails the job, and the driver
# names the rank.
#
# The node's name is the interesting part: rank 0 listens at the port of
# "first node of the allocation:port", and with a name shorter than 7
# characters (Slurm's "vm", "n1") a wrong formatting of the listen address
# gives "0.0.0.00.0.00". The node is named after this machine when its
# short host name has at most 6 characters and resolves; otherwise the test
# reruns itself in a private mount namespace whose /etc/hosts adds
# "127.0.0.1 vm" and names the node vm.
#
# Exit 77 (ctest SKIP_RETURN_CODE) when not root or the packages are absent.
# Every daemon it starts is stopped on exit; readiness is polled (bounded),
# never assumed after a sleep.
set -u
stradscc=$1
src=$2
tol=${3:-0.03}
args="500 200 20000 8 5 7"

skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "needs root (starts munged, slurmctld and slurmd)"
PATH=$PATH:/usr/sbin:/sbin
for c in munged slurmctld slurmd srun sbatch sinfo scontrol squeue scancel; do
    p=$(command -v "$c") || p=""
    if ! [ -f "$p" ] || ! [ -x "$p" ]; then
        skip "$c not found: install Debian's slurm-wlm, slurmctld, slurmd, slurm-client and munge" \
             "(scripts/install-deps.sh)"
    fi
done

# No strads variable from the caller's environment: Slurm's must suffice.
# Nor another launcher's (ctest itself run by srun or mpirun), which would
# point srun at another cluster's job or win the runtime's launcher detection.
for v in $(env | sed -n 's/^\(\(STRADS\|SLURM\|SBATCH\|SALLOC\|PMI\|PMIX\|OMPI\)_[A-Za-z0-9_]*\)=.*/\1/p'); do
    unset "$v"
done
# But every call shared: the programs' calls are short, and the runtime
# would run them on the driver alone, which is not what is tested here.
export STRADS_TRY_ALONE=0

host=$(hostname -s)
if [ -n "${T_SLURM_NODE:-}" ]; then
    node=$T_SLURM_NODE                   # rerun in the namespace below
elif [ "${#host}" -le 6 ] && getent hosts "$host" >/dev/null; then
    node=$host
else
    hosts=$(mktemp)
    { echo "127.0.0.1 vm"; cat /etc/hosts; } >"$hosts"
    # shellcheck disable=SC2016 # expanded by the sh -c below
    bind='mount --bind "$0" /etc/hosts && getent hosts vm >/dev/null'
    if unshare --mount --propagation private sh -c "$bind" "$hosts" 2>/dev/null; then
        # The bind mount lives and dies with the namespace.
        T_SLURM_NODE=vm unshare --mount --propagation private \
            sh -c "$bind"' && exec "$@"' "$hosts" bash "$0" "$@"
        rc=$?
        rm -f "$hosts"
        exit "$rc"
    fi
    rm -f "$hosts"
    getent hosts "$host" >/dev/null || skip "this machine's name $host does not resolve"
    echo "note: no private mount namespace: the node is named $host, not a short name"
    node=$host
fi

# Every wait below is bounded by this deadline, so that the script stops
# its daemons itself before ctest's timeout could kill it.
deadline=$((SECONDS + 90))
left() { local l=$((deadline - SECONDS)); echo $((l < $1 ? (l > 1 ? l : 1) : $1)); }

T=$(mktemp -d "${TMPDIR:-/tmp}/strads-slurm.XXXXXX")
chmod 700 "$T"
pids="" # the daemons, last started first
names="" # NAME:PID of each
alive() { kill -0 "$1" 2>/dev/null; }
fail() {
    local d
    echo "FAIL: $*"
    for d in $names; do alive "${d#*:}" || echo "(${d%:*} has exited)"; done
    for d in munged slurmctld slurmd; do # its log file, else its stderr
        f=$T/$d.log
        [ -s "$f" ] || f=$T/$d.err
        [ -s "$f" ] || continue
        echo "--- $f (last 30 lines):"
        tail -n 30 "$f"
    done
    exit 1
}
# until_ok SECONDS CMD...: polls CMD every 0.2 s until it succeeds; fails
# after SECONDS or as soon as one of the daemons has exited.
until_ok() {
    local end=$((SECONDS + $1)) p
    shift
    until "$@" >/dev/null 2>&1; do
        [ "$SECONDS" -lt "$end" ] || return 1
        for p in $pids; do alive "$p" || return 1; done
        sleep 0.2
    done
}
cleanup() {
    set +e
    if [ -n "$pids" ] && [ -f "$T/slurm.conf" ] && scontrol ping >/dev/null 2>&1; then
        scancel --quiet --full --signal=KILL --partition=t 2>/dev/null
        local end=$((SECONDS + 20))
        while [ -n "$(squeue -h -o %i 2>/dev/null)" ] && [ "$SECONDS" -lt "$end" ]; do sleep 0.2; done
    fi
    for p in $pids; do alive "$p" && kill -TERM "$p"; done
    for p in $pids; do
        for _ in $(seq 50); do alive "$p" || break; sleep 0.1; done
        alive "$p" && kill -KILL "$p"
        wait "$p" 2>/dev/null
    done
    rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# Two free TCP ports for slurmctld and slurmd.
free_port() { ! ss -Htln "sport = :$1" 2>/dev/null | grep -q .; }
for _ in $(seq 50); do
    ctld_port=$((20000 + RANDOM % 20000))
    d_port=$((ctld_port + 1))
    free_port "$ctld_port" && free_port "$d_port" && break
done

# munge: a fresh key, its own socket.
dd if=/dev/urandom of="$T/munge.key" bs=1024 count=1 status=none
chmod 400 "$T/munge.key"
munged --foreground --force --key-file="$T/munge.key" --socket="$T/munge.sock" \
    --pid-file="$T/munged.pid" --log-file="$T/munged.log" --seed-file="$T/munged.seed" \
    >"$T/munged.err" 2>&1 &
pids=$!
names="munged:$!"
until_ok "$(left 20)" test -S "$T/munge.sock" || fail "munged did not create its socket"

cpus=$(getconf _NPROCESSORS_ONLN)
mkdir -p "$T/state" "$T/spool"
# FirstJobId: the runtime derives its port from the job id, so two copies of
# this test running at once must not both start at job 1.
cat >"$T/slurm.conf" <<EOF
ClusterName=strads-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$T/munge.sock
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
ReturnToService=2
KillWait=2
MailProg=/bin/true
FirstJobId=$((1000 + RANDOM * 30))
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=t Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$T/slurm.conf

slurmctld -D -i -f "$SLURM_CONF" >"$T/slurmctld.err" 2>&1 &
pids="$! $pids"
names="$names slurmctld:$!"
slurmd -D -f "$SLURM_CONF" -N "$node" >"$T/slurmd.err" 2>&1 &
pids="$! $pids"
names="$names slurmd:$!"
ready=$((SECONDS + 60))
until_ok "$(left 60)" sh -c 'scontrol ping | grep -q "is UP"' || fail "slurmctld did not answer"
until_ok "$(left $((ready - SECONDS)))" sh -c "sinfo -h -N -n '$node' -o %t | grep -qx idle" ||
    fail "node $node not idle within 60 s of the start: $(sinfo -h -N -o '%N %t %E' 2>&1)"
echo "slurm: node $node ($cpus CPUs) idle after ${SECONDS} s"

# The two builds.
cc -O2 -w "$src" -o "$T/ref" -lm || fail "cc build"
"$stradscc" -O2 "$src" -o "$T/par" -lm || fail "stradscc build"
# shellcheck disable=SC2086
"$T/ref" $args >"$T/ref.out" || fail "the plain cc build failed"

# compare NAME OUT: OUT has the reference's lines, numbers within tol.
compare() {
    paste -d '\n' "$T/ref.out" "$2" | awk -v tol="$tol" -v nref="$(wc -l <"$T/ref.out")" '
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
              exit bad }' || { cat "$2"; fail "$1: output differs from the plain cc build's"; }
    echo "$1: $(tail -n 1 "$2") (cc: $(tail -n 1 "$T/ref.out")), at ${SECONDS} s"
}

cd "$T" || fail "cd $T"
export HOME=$T # the job secret (~/.strads/secret) goes here, not in root's home
for np in 2 4; do
    # shellcheck disable=SC2086
    timeout "$(left 30)" srun -n "$np" --overcommit "$T/par" $args >"$T/srun$np.out" 2>"$T/srun$np.err" ||
        { tail -n 20 "$T/srun$np.err"; fail "srun -n $np failed"; }
    compare "srun -n $np" "$T/srun$np.out"
done

cat >"$T/job.sh" <<EOF
#!/bin/sh
#SBATCH --ntasks=2
#SBATCH --overcommit
#SBATCH --output=$T/batch.out
#SBATCH --error=$T/batch.err
srun "$T/par" $args
srun "$T/par" $args >"$T/batch2.out"
EOF
# Waited for by polling its state (sbatch --wait polls at 2 s, then 8 s).
job=$(sbatch --parsable "$T/job.sh") || fail "sbatch refused the job"
job_state() { # JobState=... ExitCode=... (not DerivedExitCode)
    scontrol show job -o "$job" 2>/dev/null | tr ' ' '\n' | grep -E '^(JobState|ExitCode)=' | paste -sd ' '
}
job_ended() {
    local st
    st=$(job_state)
    [ -n "$st" ] && ! echo "$st" | grep -qE 'JobState=(PENDING|CONFIGURING|RUNNING|COMPLETING|SUSPENDED) '
}
until_ok "$(left 40)" job_ended || fail "the sbatch job did not end: $(job_state)"
job_state | grep -qE '^JobState=COMPLETED .*ExitCode=0:0$' ||
    { tail -n 20 "$T/batch.err"; fail "the sbatch job failed: $(job_state)"; }
compare "sbatch, step 0" "$T/batch.out"
compare "sbatch, step 1 (same job id, so the same port)" "$T/batch2.out"

# A rank killed under srun: the job fails, the driver names the rank, and the
# other ranks stop (the runtime's 3 s rule) instead of hanging.
start=$SECONDS
# shellcheck disable=SC2086
if STRADS_FAULT=2:1 timeout "$(left 30)" srun -n 2 --overcommit "$T/par" $args >"$T/kill.out" 2>"$T/kill.err"; then
    fail "srun succeeded although rank 1 was killed"
fi
grep -q "STRADS_FAULT: killing myself" "$T/kill.err" || { tail -n 30 "$T/kill.err"; fail "the fault did not fire"; }
grep -qE "^strads\[0\]: .*rank 1 lost" "$T/kill.err" ||
    { tail -n 30 "$T/kill.err"; fail "the driver did not name rank 1"; }
grep -qE "task 1: Killed" "$T/kill.err" || { tail -n 30 "$T/kill.err"; fail "srun did not report task 1 killed"; }
[ $((SECONDS - start)) -le 20 ] || fail "the failed job took $((SECONDS - start)) s"
echo "killed rank: $(grep -E '^strads\[0\]: .*rank 1 lost' "$T/kill.err" | head -n 1)"
echo "ok (${SECONDS} s)"
