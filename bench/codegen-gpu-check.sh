#!/usr/bin/env bash
# Runs the kernels kb-lower-to-ptx makes on a GPU: every candidate lowered here (those of the
# Codegen lit tests, 150 random decision lists on an awkward f16 task, 60 on a ReLU, and 6 on each
# KernelBench level-1 task in the elementwise family) is verified against its PyTorch reference
# through kopt-runner, and eight ReLU schedules and one CUDA C++ ReLU are timed against eager.
#
#   bench/codegen-gpu-check.sh pack   # here, after scripts/device-pack.sh: fills build/gpu-check
#   bench/codegen-gpu-check.sh run    # on the GPU machine (carry .device and build/gpu-check):
#                                     # verify.txt, time-relu.txt and logs into $OUT (default .)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build/gpu-check
case "${1:-}" in
pack)
  kopt=build/dev/bin/kopt lower="--pass-pipeline=builtin.module(kb-lower-to-ptx)"
  rm -rf $dir && mkdir -p $dir
  cmake --build --preset device >/dev/null
  strip -o $dir/kopt build/device/bin/kopt && xz -6 -T0 $dir/kopt
  for t in elementwise-relu elementwise-shapes elementwise-payloads not-elementwise; do
    $kopt test/Codegen/$t.mlir "$lower" -o $dir/test-$t.mlir 2>/dev/null
  done
  cat test/Codegen/Inputs/relu-task.mlir test/Codegen/cuda-source.mlir |
    $kopt - "$lower" -o $dir/test-cuda-source.mlir 2>/dev/null
  python3 bench/gen-policy-candidates.py test/Codegen/Inputs/awkward-task.mlir 150 7 |
    $kopt - "$lower" -o $dir/random-awkward.mlir 2>/dev/null
  python3 bench/gen-policy-candidates.py test/Codegen/Inputs/relu-task.mlir 60 3 |
    $kopt - "$lower" -o $dir/random-relu.mlir 2>/dev/null
  seed=0
  for task in tasks/kernelbench/level1/*.mlir; do
    seed=$((seed + 1))
    python3 bench/gen-policy-candidates.py "$task" 6 $seed | $kopt - "$lower" -o /tmp/lowered.mlir 2>/dev/null
    grep -q compile_error /tmp/lowered.mlir || mv /tmp/lowered.mlir "$dir/kernelbench-$(basename "$task")"
  done
  { cat tasks/kernelbench/level1/019_ReLU.mlir; cat <<'CANDIDATES'
kb.candidate @v4_p1_b256 of @relu policy decisions {}
kb.candidate @v4_p4_b256 of @relu policy decisions {vector = 4, per_thread = 4, block = 256}
kb.candidate @v4_p2_b512 of @relu policy decisions {vector = 4, per_thread = 2, block = 512}
kb.candidate @v4_p8_b128 of @relu policy decisions {vector = 4, per_thread = 8, block = 128}
kb.candidate @v4_gs4_b256 of @relu policy decisions {vector = 4, block = 256, grid_stride = true, blocks_per_sm = 4}
kb.candidate @v4_gs16_b512_p2 of @relu policy decisions {vector = 4, per_thread = 2, block = 512, grid_stride = true, blocks_per_sm = 16}
kb.candidate @v2_p2_b256 of @relu policy decisions {vector = 2, per_thread = 2, block = 256}
kb.candidate @v1_p1_b1024 of @relu policy decisions {vector = 1, block = 1024}
kb.candidate @cuda_v4 of @relu manual source "// kopt-launch: relu4 grid(1572864) block(256) args(x, out, i64:1610612736)\0Aextern \22C\22 __global__ void relu4(const float4 *x, float4 *out, long n) {\0A  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;\0A  if (i < n / 4) { float4 v = x[i]; out[i] = make_float4(fmaxf(v.x, 0.f), fmaxf(v.y, 0.f), fmaxf(v.z, 0.f), fmaxf(v.w, 0.f)); }\0A}\0A"
CANDIDATES
  } | $kopt - "$lower" -o $dir/time-relu.mlir 2>/dev/null
  du -sh $dir ;;
run)
  out=${OUT:-.}
  xz -dc $dir/kopt.xz > /tmp/kopt && chmod +x /tmp/kopt
  bash scripts/device-build-runner.sh > "$out/runner-build.log" 2>&1
  runner=$PWD/build/runner/kopt-runner
  summary() { python3 bench/candidates-table.py "$1"; }
  for f in $dir/test-*.mlir $dir/random-*.mlir $dir/kernelbench-*.mlir; do
    /tmp/kopt "$f" "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=none trials=3})" \
      -o /tmp/verified.mlir 2>>"$out/verify.log"
    summary /tmp/verified.mlir
  done > "$out/verify.txt"
  awk '{print $3}' "$out/verify.txt" | sort | uniq -c
  /tmp/kopt $dir/time-relu.mlir -o /tmp/timed.mlir 2>"$out/time.log" \
    "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=none trials=2},kb-time{runner=$runner strategy=all cache=none max-seconds=1})"
  summary /tmp/timed.mlir | tee "$out/time-relu.txt" ;;
*)
  echo "usage: $0 pack|run" >&2; exit 2 ;;
esac
