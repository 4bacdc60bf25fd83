#!/bin/sh
# Builds strads with warnings as errors and runs the whole test suite with
# ctest. Installs missing Debian packages first. Used by the README and by
# .ci/run. Extra arguments go to ctest (e.g. -R unit, -L integration).
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DSTRADS_WERROR=ON -DSTRADS_BUILD_FRONTEND=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$jobs"
cd build
ctest --output-on-failure -j"$jobs" --timeout 600 "$@"
