# strads-run gone: no rank of a strads job outlives strads-run. Killed by
# SIGKILL, strads-run cannot forward anything: the runtime in every rank
# watches the pipe strads-run holds open (STRADS_LAUNCHER_FD) and ends its
# process when it closes. SIGTERM, SIGINT and SIGHUP are forwarded. The
# ranks are found through a pid file they write as they start.
. "$(dirname "$0")/lib.sh"
LINKED=$PROBE

alive() {  # alive PIDFILE: how many of its pids still run (zombies do not)
    local n=0 p
    for p in $(cat "$1"); do
        if [ -e "/proc/$p" ] && ! grep -q ') Z ' "/proc/$p/stat" 2>/dev/null; then
            n=$((n + 1))
        fi
    done
    echo $n
}

for sig in KILL TERM INT HUP; do
    pf=$TMP/pids.$sig
    rm -f "$TMP/out" "$TMP/err"
    "$SR" -n 3 "$LINKED" hold "$pf" >"$TMP/out" 2>"$TMP/err" </dev/null &
    bg=$!
    i=0
    while [ "$(cat "$pf" 2>/dev/null | wc -l)" -lt 3 ]; do
        i=$((i + 1))
        [ $i -lt 600 ] || fail "SIG$sig: the ranks did not start"
        sleep 0.1
    done
    kill -$sig $bg
    wait $bg
    RC=$?
    expect_nonzero_rc
    i=0
    while [ "$(alive "$pf")" -gt 0 ]; do
        i=$((i + 1))
        [ $i -lt 300 ] || fail "SIG$sig: $(alive "$pf") of the ranks $(tr '\n' ' ' <"$pf")survive strads-run"
        sleep 0.1
    done
    if [ $sig = KILL ]; then
        expect_match err '^strads\[0\]: fatal: strads-run is gone'
    fi
done
echo ok
