#!/usr/bin/env bash
# On the GPU machine: unpacks what scripts/device-pack.sh made into .device/bin and prints the
# environment to use it (eval "$(scripts/device-unpack.sh)").
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f .device/bin/kopt ] || xz -dc .device/kopt.xz > .device/bin/kopt
for lib in .device/lib/*.xz; do [ -e "$lib" ] && [ ! -f "${lib%.xz}" ] && xz -dk "$lib"; done
chmod +x .device/bin/*
echo "export KOPT_BIN_DIR=$PWD/.device/bin LLVM_TOOLS_DIR=$PWD/.device/bin"
echo "export PATH=$PWD/.device/bin:\$PATH"
