#!/bin/sh
# The sanitizer stages of the test suite (scripts/test.sh runs them when CI
# is set or STRADS_SANITIZE=1; run alone, they expect the dependencies
# installed). Extra arguments go to both ctest runs.
#
#   build-asan  -DSTRADS_ASAN=ON: AddressSanitizer, LeakSanitizer and UBSan
#               (any UBSan finding stops the process), the frontend
#               included, the whole suite. Programs built by the tests'
#               stradscc are linked with the same sanitizers.
#   build-tsan  -DSTRADS_TSAN=ON: ThreadSanitizer, without the frontend (a
#               one-threaded compiler; libclang is not built for TSan): the
#               tests whose processes run the runtime's threads (network
#               loop, worker pool, DDS server, checkpoint writer) on their
#               own, names starting with unit., integration., dds. or sync.
#               The races sync(hybrid), SSP and ASP make on purpose are
#               suppressed in tsan.supp, each by the one function that makes
#               them; any other report fails its test.
#
# A test that cannot work under a sanitizer is listed, with its reason, by
# strads_not_under() in its CMakeLists.txt: ctest reports it as not run
# (Disabled). Suppressions, each with its reason, are in
# test/sanitizers/*.supp; a report fails the test that produced it.
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
supp=$(pwd)/test/sanitizers

t0=$(date +%s)
cmake -S . -B build-asan -DSTRADS_ASAN=ON -DSTRADS_WERROR=ON -DSTRADS_BUILD_FRONTEND=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-asan -j"$jobs"
t1=$(date +%s)
(
    cd build-asan
    # exitcode 23: a report, told apart from a test's own failure in the log.
    STRADS_TEST_TIME_SCALE=3 ASAN_OPTIONS=abort_on_error=0:exitcode=23 \
        LSAN_OPTIONS=suppressions=$supp/lsan.supp:print_suppressions=0 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:suppressions=$supp/ubsan.supp \
        ctest --output-on-failure -j"$jobs" --timeout 900 "$@"
)
t2=$(date +%s)
cmake -S . -B build-tsan -DSTRADS_TSAN=ON -DSTRADS_WERROR=ON -DSTRADS_BUILD_FRONTEND=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-tsan -j"$jobs"
t3=$(date +%s)
(
    cd build-tsan
    # A peer is lost after 60 s of silence instead of 5: under TSan a busy
    # rank (copying a 256 MiB message, spinning on a lock) on a loaded machine
    # went 5 s without a heartbeat (integration.transfer*, async.locks). No
    # test relies on the default; a killed peer is seen at once either way.
    # history_size=7 (the most): a report names both accesses, and a
    # suppression can only match the older one while its stack is still in
    # the thread's history.
    STRADS_PEER_TIMEOUT_MS=60000 STRADS_TEST_TIME_SCALE=6 \
        TSAN_OPTIONS=exitcode=23:halt_on_error=1:second_deadlock_stack=1:history_size=7:suppressions=$supp/tsan.supp \
        ctest --output-on-failure -j"$jobs" --timeout 900 -R '^(unit|integration|dds|sync)\.' "$@"
)
t4=$(date +%s)
echo "test-sanitizers.sh: asan build $((t1 - t0)) s, suite $((t2 - t1)) s;" \
    "tsan build $((t3 - t2)) s, tests $((t4 - t3)) s"
