#!/usr/bin/env bash
# Runs the reduction family's kernels on a GPU: 64 uniformly drawn decision lists for each
# KernelBench level-1 reduction over an axis (47 sum, 48 mean, 49 max, 51 argmax, 52 argmin,
# 53 min: dim 1 of 128 x 4096 x 4095 f32) and the candidates of the reduction lit tests are
# lowered here; there every one is verified against its PyTorch reference through kopt-runner
# and the KernelBench ones are timed against eager. Per task it prints how many compiled and
# were correct, the best median time and speedup, and the bandwidth that time achieves (bytes
# read and written / time) as a fraction of the H200's copy bandwidth (4.26 TB/s).
#
#   bench/reduction-gpu-check.sh pack   # here: fills build/reduction-check (builds the device kopt)
#   bench/reduction-gpu-check.sh run    # on the GPU machine (carry .device and
#                                       # build/reduction-check): verify.txt, summary.txt and
#                                       # logs into $OUT (default .)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build/reduction-check
tasks="047 048 049 051 052 053"
case "${1:-}" in
pack)
  kopt=build/dev/bin/kopt lower="--pass-pipeline=builtin.module(kb-lower-to-ptx)"
  rm -rf $dir && mkdir -p $dir
  cmake --preset device >/dev/null && cmake --build --preset device >/dev/null
  strip -o $dir/kopt build/device/bin/kopt && xz -6 -T0 $dir/kopt
  for t in reduction-rows reduction-strided; do
    $kopt test/Codegen/$t.mlir "$lower" -o $dir/test-$t.mlir 2>/dev/null
  done
  for input in awkward-reduction-task awkward-argmin-task; do
    python3 bench/gen-policy-candidates.py test/Codegen/Inputs/$input.mlir 24 1 |
      $kopt - "$lower" -o $dir/test-$input.mlir 2>/dev/null
  done
  for number in $tasks; do
    task=$(ls tasks/kernelbench/level1/${number}_*.mlir)
    python3 bench/gen-policy-candidates.py "$task" 64 "$number" |
      $kopt - "$lower" -o "$dir/kernelbench-$number.mlir" 2>/dev/null
  done
  du -sh $dir ;;
run)
  out=${OUT:-.}
  xz -dc $dir/kopt.xz > /tmp/kopt && chmod +x /tmp/kopt
  [ -x build/runner/kopt-runner ] || bash scripts/device-build-runner.sh > "$out/runner-build.log" 2>&1
  runner=$PWD/build/runner/kopt-runner
  for f in $dir/test-*.mlir; do
    /tmp/kopt "$f" "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=none trials=3})" \
      -o "$out/$(basename "$f" .mlir).verified.mlir" 2>>"$out/verify.log"
  done
  # Two trials (the benchmark's distribution and its alternative); a short timing budget each.
  for number in $tasks; do
    /tmp/kopt $dir/kernelbench-$number.mlir -o "$out/kernelbench-$number.timed.mlir" \
      2>>"$out/time.log" "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=none trials=2},kb-time{runner=$runner strategy=all cache=none max-seconds=0.2})"
  done
  python3 - "$out" <<'SUMMARY' | tee "$out/summary.txt"
import glob, math, re, sys
out = sys.argv[1]
COPY_BANDWIDTH = 4.26e12  # bytes/s, the H200's device-to-device copy
BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i32": 4, "i64": 8}

def buffer_bytes(text):
    total = 0
    for shape, dtype in re.findall(r"kb\.(?:input|output) \"\w+\" : tensor<([0-9x]*?)x?([a-z]+[0-9]+)>", text):
        total += math.prod(int(d) for d in shape.split("x") if d) * BYTES[dtype]
    return total

print(f"{'file':40} {'compiled':>8} {'correct':>8} {'best_us':>10} {'speedup':>8} {'of_copy_bw':>10}")
for path in sorted(glob.glob(f"{out}/*.verified.mlir") + glob.glob(f"{out}/*.timed.mlir")):
    text = open(path).read()
    candidates = [l for l in text.splitlines() if l.lstrip().startswith("kb.candidate")]
    compiled = sum("ptx \"" in l for l in candidates)
    correct = sum("verdict <correct>" in l for l in candidates)
    wrong = [re.search(r"kb\.candidate @(\S+).*?verdict <(\w+)", l) for l in candidates
             if "verdict <" in l and "verdict <correct>" not in l]
    timed = [(float(m[1]), float(m[2])) for l in candidates
             if (m := re.search(r"time <median = ([0-9.e+-]+).*?speedup ([0-9.e+-]+)", l))]
    name = path.split("/")[-1].split(".")[0]
    if timed:
        best, speedup = min(timed)[0], max(s for _, s in timed)
        fraction = buffer_bytes(text) / (best * 1e-6) / COPY_BANDWIDTH
        print(f"{name:40} {compiled:8} {correct:8} {best:10.1f} {speedup:8.3f} {fraction:10.3f}")
    else:
        print(f"{name:40} {compiled:8} {correct:8} {'-':>10} {'-':>8} {'-':>10}")
    for m in wrong:
        print(f"    {m[1]}: {m[2]}")
SUMMARY
  ;;
*)
  echo "usage: $0 pack|run" >&2; exit 2 ;;
esac
