#!/bin/bash
# t-malloc.sh STRADS-RUN PROG: the library leaves the program's malloc alone
# unless STRADS_MALLOC_TUNE=1 asks (strads-run asks by default). Seen from
# glibc: a fresh 1 MB block is mmapped under glibc's own thresholds and
# comes from the heap under the library's (32 MB).
set -u
SR=$1 PROG=$2
for v in $(env | grep -o '^STRADS_[A-Z_]*'); do unset "$v"; done
unset GLIBC_TUNABLES MALLOC_MMAP_THRESHOLD_ MALLOC_TRIM_THRESHOLD_ MALLOC_ARENA_MAX
fail() { echo "FAIL: $*" >&2; exit 1; }
mapped() { sed -n 's/^mmapped=//p'; }

m=$("$PROG" malloc | mapped)
[ -n "$m" ] && [ "$m" -gt 0 ] || fail "alone: a 1 MB block was not mmapped ($m): malloc was tuned"
m=$(STRADS_MALLOC_TUNE=1 "$PROG" malloc | mapped)
[ "$m" = 0 ] || fail "STRADS_MALLOC_TUNE=1: a 1 MB block was mmapped ($m)"
m=$("$SR" -n 1 "$PROG" malloc | mapped)
[ "$m" = 0 ] || fail "strads-run: a 1 MB block was mmapped ($m)"
m=$(STRADS_MALLOC_TUNE=0 "$SR" -n 1 "$PROG" malloc | mapped)
[ -n "$m" ] && [ "$m" -gt 0 ] || fail "strads-run, STRADS_MALLOC_TUNE=0: malloc was tuned ($m)"
echo ok
