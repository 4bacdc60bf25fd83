#!/bin/sh
# Builds strads with warnings as errors and runs the whole test suite with
# ctest. Installs missing Debian packages first. Used by the README and by
# .ci/run. Extra arguments go to ctest (e.g. -R unit, -L integration).
#
# When CI is set (or STRADS_SANITIZE=1), the sanitizer stages follow, each in
# a build folder of its own (scripts/test-sanitizers.sh says what and why):
# build-asan, AddressSanitizer + LeakSanitizer + UBSan, the whole suite; then
# build-tsan, ThreadSanitizer, the tests of the runtime's threads. Without it
# the default run stays the plain suite (~5 min on 2 cores). On 2 idle cores
# the ASan stage adds about 15 min (measured: suite 4 min, then build and
# ASan suite) and the TSan stage about 8 min (build 41 s, tests 406 s on a
# fresh clone; 17-26 min when other builds shared the cores). With the plain
# suite that is well inside CI's 90. Each stage prints its time.
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
t0=$(date +%s)
cmake -S . -B build -DSTRADS_WERROR=ON -DSTRADS_BUILD_FRONTEND=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$jobs"
t1=$(date +%s)
(cd build && ctest --output-on-failure -j"$jobs" --timeout 600 "$@")
t2=$(date +%s)
echo "test.sh: build $((t1 - t0)) s, suite $((t2 - t1)) s"
if [ -n "${CI:-}" ] || [ "${STRADS_SANITIZE:-0}" = 1 ]; then
    sh scripts/test-sanitizers.sh "$@"
fi
