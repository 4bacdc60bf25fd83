#!/bin/sh
# server-test.sh STRADSCC SRC BAD [MORE...] - the stradsc compile server
# (frontend/serve.h): the same objects, diagnostics and exit status as a
# direct stradsc run, also for several files one after the other (a worker
# serves many requests); the
# client's environment reaches the translation; a dead server's socket is
# replaced; an unsafe socket folder means no server (and a working build);
# the server leaves after STRADSCC_SERVER_IDLE seconds. The server of this
# test lives in a private XDG_RUNTIME_DIR.
set -eu
stradscc=$1
src=$2
bad=$3
shift 3
dir=$(mktemp -d)
export XDG_RUNTIME_DIR="$dir/run"
mkdir -m 700 "$XDG_RUNTIME_DIR"
export STRADSCC_SERVER_IDLE=60
cleanup() {
    for s in "$XDG_RUNTIME_DIR"/strads/*.sock; do
        [ -S "$s" ] && pkill -f "stradsc --serve $s" 2>/dev/null || true
    done
    rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
# until_gone PATTERN SECONDS: polls until no process matches PATTERN (pgrep
# -f); status 1 if one still does after about SECONDS.
until_gone() {
    i=0
    while pgrep -f "$1" >/dev/null; do
        i=$((i + 1))
        [ $i -le $(($2 * 10)) ] || return 1
        sleep 0.1
    done
}
# until_dead "PIDS" SECONDS: polls until each of PIDS is reaped or a zombie;
# status 1 if one is not after about SECONDS. Not until_gone: a dying
# process stops matching pgrep -f once its memory is released, before its
# descriptors close, and in between its listening socket still takes
# connections (and drops them unanswered).
until_dead() {
    i=0
    for p in $1; do
        while [ -e /proc/$p ] && ! grep -q '^State:.*Z' /proc/$p/status 2>/dev/null; do
            i=$((i + 1))
            [ $i -le $(($2 * 10)) ] || return 1
            sleep 0.1
        done
    done
}
server_pid() { pgrep -f "stradsc --serve $XDG_RUNTIME_DIR/strads/" || true; }

STRADSCC_SERVER=0 "$stradscc" -O2 -c "$src" -o "$dir/direct.o"
"$stradscc" -O2 -c "$src" -o "$dir/first.o"
sock=$(ls "$XDG_RUNTIME_DIR"/strads/*.sock 2>/dev/null || true)
[ -S "$sock" ] || fail "no server socket after the first translation"
[ -n "$(server_pid)" ] || fail "no server process"
"$stradscc" -O2 -c "$src" -o "$dir/second.o"
cmp "$dir/direct.o" "$dir/first.o" || fail "first served object differs from the direct one"
cmp "$dir/direct.o" "$dir/second.o" || fail "second served object differs from the direct one"

# A reader of stradscc's output (make, ctest, $(...)) sees it end when
# stradscc exits: no worker keeps a copy of the pipe.
echo 'int main(void) { return 0; }' >"$dir/tiny.c"
("$stradscc" -O2 -c "$dir/tiny.c" -o "$dir/piped.o" 2>&1 | cat >"$dir/piped.out") &
reader=$!
i=0
while kill -0 $reader 2>/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
kill -0 $reader 2>/dev/null && fail "the pipe of stradscc's output stayed open after it exited"
wait $reader

# Several files in turn through the same workers, each twice.
for f in "$@" "$@"; do
    b=$(basename "$f" .c)
    STRADSCC_SERVER=0 "$stradscc" -O2 -c "$f" -o "$dir/$b.direct.o"
    "$stradscc" -O2 -c "$f" -o "$dir/$b.served.o"
    cmp "$dir/$b.direct.o" "$dir/$b.served.o" || fail "$b: served object differs"
done

# A refused program: same stderr, same status, through the server.
set +e
STRADSCC_SERVER=0 "$stradscc" -c "$bad" -o "$dir/bad.o" 2>"$dir/direct.err"
st_direct=$?
"$stradscc" -c "$bad" -o "$dir/bad.o" 2>"$dir/served.err"
st_served=$?
set -e
[ "$st_direct" -ne 0 ] || fail "the refused program was accepted"
[ "$st_direct" = "$st_served" ] || fail "exit status $st_served through the server, $st_direct direct"
cmp "$dir/direct.err" "$dir/served.err" || fail "diagnostics differ through the server"
grep -q "error:" "$dir/served.err" || fail "no diagnostic through the server"

# The translation sees this client's environment and working directory,
# not the server's: a header found only through CPATH, a relative path.
mkdir "$dir/inc" "$dir/work"
echo '#define SCALE 3' >"$dir/inc/scale_cfg.h"
cat >"$dir/work/env.c" <<'EOF'
#include <stdio.h>
#include <scale_cfg.h>
int main(void)
{
    double v[4] = {1, 2, 3, 4}, s = 0;
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < 4; i++) s += SCALE * v[i];
    printf("%g\n", s);
    return 0;
}
EOF
(cd "$dir/work" && CPATH="$dir/inc" "$stradscc" -O2 -c env.c -o env.o) ||
    fail "CPATH of the client did not reach the served translation"
[ -f "$dir/work/env.o" ] || fail "relative output not written in the client's directory"

# A server killed without cleaning up: its socket stays, the next build
# starts a new server.
pids=$(pgrep -f "stradsc --serve $sock" || true)
pkill -KILL -f "stradsc --serve $sock" || fail "could not kill the server"
until_dead "$pids" 30 || fail "the killed server is still there"
[ -S "$sock" ] || fail "the killed server's socket vanished (the test needs it stale)"
"$stradscc" -O2 -c "$src" -o "$dir/third.o"
cmp "$dir/direct.o" "$dir/third.o" || fail "object after a stale socket differs"
[ -n "$(server_pid)" ] || fail "no new server after a stale socket"

# Workers leave with their server.
srv=$(pgrep -o -f "stradsc --serve $sock")
[ "$(pgrep -c -f "stradsc --serve $sock")" -ge 2 ] || fail "no worker beside the server"
pids=$(pgrep -f "stradsc --serve $sock")
kill -TERM "$srv"
until_dead "$pids" 30 || fail "workers outlived their server"
STRADSCC_SERVER_IDLE=2 "$stradscc" -O2 -c "$src" -o "$dir/fourth.o"
cmp "$dir/direct.o" "$dir/fourth.o" || fail "object after a terminated server differs"

# Idle: the server exits and removes its socket and its lock file.
until_gone "stradsc --serve $XDG_RUNTIME_DIR/strads/" 30 ||
    fail "the server did not leave after STRADSCC_SERVER_IDLE"
[ ! -e "$sock" ] || fail "the idle server left its socket"
[ ! -e "$sock.lock" ] || fail "the idle server left its lock file"

# A socket folder others may write to is not used: no server, same object.
chmod 777 "$XDG_RUNTIME_DIR/strads"
"$stradscc" -O2 -c "$src" -o "$dir/open.o"
cmp "$dir/direct.o" "$dir/open.o" || fail "object with an unsafe socket folder differs"
[ -z "$(ls "$XDG_RUNTIME_DIR"/strads/*.sock 2>/dev/null)" ] || fail "server used an open folder"
echo "ok: compile server"
