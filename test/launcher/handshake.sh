# test/launcher/handshake.sh - sourced by the sh -c programs of the launcher
# and restart tests, so that one rank's step waits for a condition another
# rank made true, never for a fixed time. DIR is a folder every rank of the
# job can write (the test's temporary folder, passed as an argument).
#
#   hs_up DIR          this rank is running: its pid goes to DIR/up.RANK
#   hs_await_up DIR    waits until every rank of the job (STRADS_SIZE) has
#                      said hs_up and that process is alive (a file left by
#                      an earlier attempt of a restarted job names a dead
#                      pid and does not count)
#   hs_await_file F    waits until the file F exists (another rank made it)
#   hs_await_gone DIR R  waits until rank R has said hs_up and its process
#                      is gone: exited and reaped by strads-run, so that
#                      strads-run has seen it end
#   hs_await_backlog N on the driver: waits until N connections wait in the
#                      accept queue of the rendezvous socket (the port of
#                      STRADS_COORDINATOR, read from /proc/net/tcp*)
#
# Each wait polls with a 60 s deadline; past it the rank says which wait
# failed on stderr and exits 99, so that the test fails naming it.

hs_up() {
    echo $$ >"$1/up.$STRADS_RANK.tmp" && mv "$1/up.$STRADS_RANK.tmp" "$1/up.$STRADS_RANK"
}

hs__alive() {  # hs__alive DIR R: rank R's recorded process exists
    [ -s "$1/up.$2" ] && kill -0 "$(cat "$1/up.$2")" 2>/dev/null
}

hs__poll() {   # hs__poll WHAT CMD...: until CMD succeeds, 60 s at most
    hs_what=$1
    shift
    hs_i=0
    until "$@"; do
        hs_i=$((hs_i + 1))
        if [ "$hs_i" -gt 1200 ]; then
            echo "handshake: rank $STRADS_RANK: $hs_what not reached within 60 s" >&2
            exit 99
        fi
        sleep 0.05
    done
}

hs__all_up() {
    hs_r=0
    while [ "$hs_r" -lt "$STRADS_SIZE" ]; do
        hs__alive "$1" "$hs_r" || return 1
        hs_r=$((hs_r + 1))
    done
}

hs__gone() {
    [ -s "$1/up.$2" ] && ! kill -0 "$(cat "$1/up.$2")" 2>/dev/null
}

hs_await_up() { hs__poll "every rank up" hs__all_up "$1"; }
hs_await_file() { hs__poll "$1 to exist" test -e "$1"; }
hs_await_gone() { hs__poll "rank $2 gone" hs__gone "$1" "$2"; }

hs__backlog() {
    hs_port=$(printf '%04X' "${STRADS_COORDINATOR##*:}")
    # A listening socket's rx_queue is the length of its accept queue.
    hs_q=$(awk -v p=":$hs_port" '$4 == "0A" && substr($2, length($2) - 4) == p {
                                    split($5, q, ":"); print q[2]; exit }' \
               /proc/net/tcp /proc/net/tcp6 2>/dev/null)
    [ -n "$hs_q" ] && [ $((0x$hs_q)) -ge "$1" ]
}
hs_await_backlog() { hs__poll "$1 connections in the accept queue" hs__backlog "$1"; }
