#!/bin/sh
# t-short-host.sh RT_PROG - srun's environment without Slurm: two processes
# given only SLURM_PROCID, SLURM_NTASKS, SLURM_JOB_ID and a step node list
# whose first host is short ("127.1", inet_aton's 127.0.0.1) assemble a job
# and run rt_prog's collectives. Rank 0 listens at 0.0.0.0 and the port of
# "first host:port"; formatting that address from a pointer into the same
# buffer gives, with a host name shorter than 7 characters, "0.0.0.0.0.0.0"
# and a job that never assembles. t-slurm.sh does
# the same under a real Slurm where it can.
set -u
prog=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for v in $(env | sed -n 's/^\(\(STRADS\|SLURM\|PMI\|PMIX\|OMPI\)_[A-Za-z0-9_]*\)=.*/\1/p'); do
    unset "$v"
done
export SLURM_NTASKS=2 SLURM_JOB_ID="short-host-$$" SLURM_STEP_NODELIST="127.1,n2" HOME="$d"
export STRADS_CONNECT_TIMEOUT_MS=10000
SLURM_PROCID=1 timeout 60 "$prog" basic >"$d/1.out" 2>"$d/1.err" &
p1=$!
SLURM_PROCID=0 timeout 60 "$prog" basic >"$d/0.out" 2>"$d/0.err"
rc0=$?
[ "$rc0" -eq 0 ] || kill "$p1" 2>/dev/null # it would wait out its connect deadline
wait "$p1"
rc1=$?
if [ "$rc0" -ne 0 ] || [ "$rc1" -ne 0 ] || ! grep -q "^ok basic size=2$" "$d/0.out"; then
    echo "FAIL: exit statuses $rc0 (rank 0) and $rc1 (rank 1)"
    for f in 0.out 0.err 1.err; do echo "--- $f"; head -c 2000 "$d/$f"; done
    exit 1
fi
echo "ok: coordinator 127.1, $(cat "$d/0.out")"
