# bench/cpu_share.sh - sourced by bench scripts: one cgroup per rank holding
# it to nproc/NP of a CPU (cgroup v1 cpu or v2, a 2 ms period), so that each
# process computes like a node of its own on a shared machine.
#
#   cpu_share_setup NAME NP WORK   sets CG (the cgroup folder, "" if none
#                                  could be made) and WRAP (a wrapper that
#                                  puts rank $STRADS_RANK in its cgroup, ""
#                                  without CG)
#   cpu_share_cleanup              removes the cgroups (call from the EXIT trap)
CG=""
WRAP=""
cpu_share_setup() {
    period=2000
    quota=$((period * $(nproc) / $2))
    for root in /sys/fs/cgroup/cpu /sys/fs/cgroup; do
        [ -w "$root" ] || continue
        if [ -f "$root/cpu.cfs_quota_us" ]; then # v1
            CG=$root/strads-$1-$$
            mkdir "$CG" 2>/dev/null || { CG=""; continue; }
            i=0
            while [ $i -lt "$2" ]; do
                mkdir "$CG/r$i" && echo $period >"$CG/r$i/cpu.cfs_period_us" &&
                    echo $quota >"$CG/r$i/cpu.cfs_quota_us" || CG=""
                i=$((i + 1))
            done
        elif grep -qw cpu "$root/cgroup.controllers" 2>/dev/null; then # v2
            CG=$root/strads-$1-$$
            mkdir "$CG" 2>/dev/null && echo +cpu >"$CG/cgroup.subtree_control" 2>/dev/null ||
                { CG=""; continue; }
            i=0
            while [ $i -lt "$2" ]; do
                mkdir "$CG/r$i" && echo "$quota $period" >"$CG/r$i/cpu.max" || CG=""
                i=$((i + 1))
            done
        fi
        [ -n "$CG" ] && break
    done
    [ -n "$CG" ] || return 0
    WRAP=$3/cpu-share.sh
    # shellcheck disable=SC2016 # expanded by the wrapper
    printf '#!/bin/sh\necho $$ >"%s/r$STRADS_RANK/cgroup.procs" || exit 1\nexec "$@"\n' "$CG" >"$WRAP"
    chmod +x "$WRAP"
}

cpu_share_cleanup() {
    [ -n "$CG" ] || return 0
    for g in "$CG"/r*; do rmdir "$g" 2>/dev/null || true; done
    rmdir "$CG" 2>/dev/null || true
}
