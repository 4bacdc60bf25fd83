#!/bin/sh
# t-stats.sh STATS_SH - stats.sh reads the keys of the STRADS_STATS lines of
# one event (also behind strads-run's "[rank R] "), never of another event
# whose name starts the same, nor of the human sentences.
set -u
st=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cat >"$d/err" <<'END'
strads[0]: note: sync_for a.c:3: custom as ssp, 2 nodes x 2 threads
strads[0]: stats: ev=sync_for rank=0 site=a.c:3 model=custom runs_as=ssp nodes=2 time_s=0.100000
strads[0]: stats: ev=sync_for rank=0 site=a.c:3 model=bsp runs_as=bsp nodes=2 time_s=0.200000
[rank 1] strads[1]: stats: ev=node_spans rank=1 blocks_s=0.100000 key_pass_s=0.000000
strads[0]: stats: ev=sync_forx rank=0 model=asp
strads: stats: ev=checkpoints rank=0 written=4
END
[ "$(sh "$st" get "$d/err" sync_for model | tr '\n' ' ')" = "custom bsp " ] || fail "get model"
[ "$(sh "$st" count "$d/err" sync_for)" = 2 ] || fail "count"
[ "$(sh "$st" get "$d/err" checkpoints written)" = 4 ] || fail "get without rank prefix"
sh "$st" has "$d/err" sync_for model=custom runs_as=ssp || fail "has: both keys of one line"
! sh "$st" has "$d/err" sync_for model=custom runs_as=bsp || fail "has: keys of two lines"
! sh "$st" has "$d/err" sync_for model=cust || fail "has: a prefix of the value"
! sh "$st" has "$d/err" sync_for model=asp || fail "has: another event"
sh "$st" has "$d/err" sync_for 'time_s=0\.[12]0+' || fail "has: an ERE"
sh "$st" has "$d/err" node_spans rank=1 'key_pass_s=[0-9.]+' || fail "has: behind [rank 1]"
! sh "$st" has "$d/err" node_spans 'key_pass_s=[0-9.]*[1-9][0-9.]*' || fail "has: a zero"
! sh "$st" has "$d/err" sync_for nosuch=.* || fail "has: a missing key"
sh "$st" bogus "$d/err" x 2>/dev/null && fail "a bad command succeeded"
echo "ok stats.sh"
