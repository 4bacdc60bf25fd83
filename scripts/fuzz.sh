#!/bin/sh
# scripts/fuzz.sh [seconds] [libFuzzer options...] - builds and runs a
# libFuzzer target for the given time (default 60 s): by default the frame
# decoder and message decoding (test/fuzz/fuzz_frame.c); FUZZ_TARGET=handshake
# runs what an unauthenticated client reaches (test/fuzz/fuzz_handshake.c),
# FUZZ_TARGET=gaps the check of a plan message's offsets (test/fuzz/fuzz_gaps.c).
#
# A target is compiled with clang-16 -fsanitize=fuzzer,address,undefined
# straight from the few runtime files it needs (frame.c, mailbox.c, log.c;
# handshake.c and util.c for the handshake), so it needs neither CMake nor the
# rest of the library. It starts from the seeds in test/fuzz/corpus/ (shared
# by both targets; test/fuzz/gen_seeds.c writes them) and keeps what it learns
# in fuzz-corpus/TARGET (git-ignored), so every run goes on from the last one;
# a crash is written to $FUZZ_DIR/artifacts/ and the script exits non-zero.
#
#   scripts/fuzz.sh                         one minute of fuzz_frame
#   FUZZ_TARGET=handshake scripts/fuzz.sh   one minute of fuzz_handshake
#   scripts/fuzz.sh 600 -jobs=2             ten minutes, two fuzzing processes
#   scripts/fuzz.sh 0 crash-1234            reproduce: run one saved input
#
# Environment: FUZZ_TARGET (frame, handshake or gaps), FUZZ_DIR (build folder,
# default build-fuzz), FUZZ_CORPUS (growing corpus, default
# fuzz-corpus/TARGET), CLANG (default /usr/bin/clang-16).
# Exits 77 when clang-16 or its fuzzer runtime (libclang-rt-16-dev, installed
# by scripts/install-deps.sh) is missing, which ctest reports as skipped.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_TO_RUN=${1:-60}
[ $# -gt 0 ] && shift
CLANG=${CLANG:-/usr/bin/clang-16}
TARGET=${FUZZ_TARGET:-frame}
FUZZ_DIR=${FUZZ_DIR:-$ROOT/build-fuzz}
FUZZ_CORPUS=${FUZZ_CORPUS:-$ROOT/fuzz-corpus/$TARGET}
case $TARGET in
frame) SRCS="frame.c mailbox.c logging.c" LIBS="" ;;
handshake) SRCS="handshake.c frame.c mailbox.c logging.c msg.c" LIBS="-lsodium" ;;
gaps) SRCS="" LIBS="" ;;
*) echo "fuzz.sh: FUZZ_TARGET must be frame, handshake or gaps" >&2; exit 2 ;;
esac

if [ ! -x "$CLANG" ]; then
    echo "fuzz.sh: $CLANG not found (apt-get install clang-16 libclang-rt-16-dev); skipping" >&2
    exit 77
fi
RTDIR=$("$CLANG" --print-runtime-dir 2>/dev/null || true)
if ! ls "$RTDIR"/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
    echo "fuzz.sh: libFuzzer runtime missing in $RTDIR (apt-get install libclang-rt-16-dev); skipping" >&2
    exit 77
fi

MSGPACK=$(pkg-config --cflags --libs msgpack 2>/dev/null || echo -lmsgpackc)
mkdir -p "$FUZZ_DIR/artifacts" "$FUZZ_CORPUS"
BIN=$FUZZ_DIR/fuzz_$TARGET
RUNTIME=""
for f in $SRCS; do RUNTIME="$RUNTIME $ROOT/core/$f"; done
# shellcheck disable=SC2086
"$CLANG" -std=gnu11 -Wall -Wextra -g -O1 -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I"$ROOT" -I"$ROOT/include" "$ROOT/test/fuzz/fuzz_$TARGET.c" $RUNTIME \
    $MSGPACK $LIBS -lpthread -o "$BIN"

# Reproduction: a file argument after the time runs just that input.
if [ "$SECONDS_TO_RUN" = 0 ]; then
    exec "$BIN" "$@"
fi

# -max_len: the seeds go up to ~5 KiB so that a message can be larger than
# the 1 KiB zero-copy threshold of the harness; 16 KiB leaves room to grow.
exec "$BIN" -max_total_time="$SECONDS_TO_RUN" -max_len=16384 \
    -print_final_stats=1 -artifact_prefix="$FUZZ_DIR/artifacts/" "$@" \
    "$FUZZ_CORPUS" "$ROOT/test/fuzz/corpus"
