#!/bin/bash
# t-progress.sh STRADS_RUN SGDMF
# The progress line: on a terminal (script(1) gives the driver a pty) an
# operator longer than a second shows "strads: sync_for FILE:LINE: k/n clocks
# ..., ETA ..." redrawn in place and erased before the program prints again;
# with STRADS_PROGRESS=off, or when stderr is not a terminal, nothing.
# STRADS_SLOW_TEST makes rank 0 sleep after each sync_for task, so the RMSE
# loop of SGD-MF (one task a thread: its arrays are its iterations' own)
# lasts over a second whatever the machine's speed.
set -u
run=$1 sgdmf=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
die() { echo "t-progress: $*"; exit 1; }
command -v script >/dev/null || die "script(1) is missing (util-linux/bsdutils)"
cmd="env STRADS_THREADS=1 STRADS_SLOW_TEST=0:1500 $run -n 2 $sgdmf 2000 500 20000 4 1"

timeout 120 script -qefc "$cmd" /dev/null >"$dir/tty.txt" || { cat -A "$dir/tty.txt"; die "run on a pty failed"; }
cat -A "$dir/tty.txt" | tail -c 2000
grep -q "epoch 1 test_rmse" "$dir/tty.txt" || die "the program did not finish"
esc=$'\r\033\[K'
grep -Eq "${esc}strads: sync_for sgdmf\.c:[0-9]+: [0-9]+/[0-9]+ clocks \([0-9]+%\), [0-9.]+ clocks/s, elapsed [0-9:]+, ETA ([0-9:]+|--)" \
    "$dir/tty.txt" || die "no progress line on a terminal"
# erased: the program's next output starts on a clean line
grep -q "${esc}epoch 1 test_rmse" "$dir/tty.txt" || die "the progress line was not erased"

timeout 120 script -qefc "env STRADS_PROGRESS=off $cmd" /dev/null >"$dir/off.txt" || die "run with STRADS_PROGRESS=off failed"
grep -q "strads: sync_for" "$dir/off.txt" && die "STRADS_PROGRESS=off still drew"

env STRADS_THREADS=1 STRADS_SLOW_TEST=0:1500 timeout 120 "$run" -n 2 "$sgdmf" 2000 500 20000 4 1 \
    >"$dir/out.txt" 2>"$dir/err.txt" || die "run without a terminal failed"
grep -q $'\033' "$dir/err.txt" "$dir/out.txt" && die "control characters without a terminal"
echo "t-progress: ok"
