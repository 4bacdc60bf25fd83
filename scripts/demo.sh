#!/bin/sh
# The README's demo: installs missing packages, builds strads, and runs a
# program across 4 local processes with strads-run.
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
echo "== 1 process"
./build/bin/strads-run -n 1 ./build/bin/pi 40000000
echo "== 4 processes"
./build/bin/strads-run -n 4 ./build/bin/pi 40000000
