#!/usr/bin/env bash
# On the GPU machine: builds kopt-runner against the PyTorch found there (build/runner).
set -euo pipefail
cd "$(dirname "$0")/.."
torch_prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
cmake -S tools/kopt-runner -B build/runner -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$torch_prefix" -DKOPT_RUNNER_BUILD_TESTS=OFF >/dev/null
cmake --build build/runner
