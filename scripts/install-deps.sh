#!/bin/sh
# Installs the Debian 12 packages that building, testing and running strads need.
# The Slurm and munge packages serve test/slurm, which starts its own one-node
# Slurm (munged, slurmctld, slurmd) in a temporary folder; the test does not
# use the daemons the packages may set up as system services.
# Idempotent: packages already present are not touched, so a warm machine pays
# only for one dpkg query. Called by the README commands and by .ci/run.
set -eu

PKGS="build-essential cmake pkg-config git libuv1-dev libmsgpack-dev libsodium-dev libxxhash-dev \
libclang-16-dev llvm-16-dev clang-16 libclang-rt-16-dev openmpi-bin libopenmpi-dev \
gdb python3 iproute2 dataset-fashion-mnist wordnet-base chromium dict-gcide \
slurm-wlm slurmctld slurmd slurm-client munge"

missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "install-deps: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
