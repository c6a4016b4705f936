#!/usr/bin/env bash
# On the GPU machine: builds kopt-runner against the PyTorch found there, from this checkout
# into build/runner, or from another source tree (one holding tools/kopt-runner and protocol,
# such as the one scripts/device-pack.sh packs into .device) into BUILD_DIR.
#
#   scripts/device-build-runner.sh [SOURCE_ROOT BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
source_root=${1:-.} build_dir=${2:-build/runner}
torch_prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
json=()  # nlohmann/json: .device packs it for a GPU machine that has none
[ ! -d .device/include ] || json=(-DKOPT_JSON_INCLUDE_DIR="$PWD/.device/include")
cmake -S "$source_root/tools/kopt-runner" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$torch_prefix" -DKOPT_RUNNER_BUILD_TESTS=OFF "${json[@]}" >/dev/null
cmake --build "$build_dir"
