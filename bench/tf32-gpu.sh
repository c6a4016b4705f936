#!/usr/bin/env bash
# TF32 matmul kernels on a GPU: the hand-picked candidates of results/tf32-h200/wgmma-candidates.mlir
# and 64 candidates drawn uniformly from the space of the 4096^3 TF32 task
# (test/Codegen/Inputs/square-matmul-tf32.mlir, kb-sample seed 1) are verified (two trials) and
# timed; prints each one's verdict, median time and, on the 4096^3 task, TFLOP/s.
#
#   bench/tf32-gpu.sh pack [DEST]   # here: lowers both with build/dev/bin/kopt into DEST
#                                   # (build/tf32-gpu)
#   bench/tf32-gpu.sh run [DEST]    # on the GPU machine, with .device (scripts/device-pack.sh)
#                                   # and DEST carried: picked.jsonl, uniform64.jsonl into $OUT
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${2:-build/tf32-gpu}
case "${1:-}" in
pack)
  mkdir -p "$dest"
  build/dev/bin/kopt results/tf32-h200/wgmma-candidates.mlir -o "$dest/picked.mlir" 2>/dev/null \
    '--pass-pipeline=builtin.module(kb-lower-to-ptx)'
  build/dev/bin/kopt test/Codegen/Inputs/square-matmul-tf32.mlir -o "$dest/uniform64.mlir" \
    2>/dev/null '--pass-pipeline=builtin.module(kb-sample{n=64 seed=1},kb-lower-to-ptx)'
  du -sh "$dest" ;;
run)
  out=${OUT:-.}
  . bench/gpu-common.sh
  for set in picked uniform64; do
    kopt "$dest/$set.mlir" -o /dev/null 2>"$out/$set.log" "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=none trials=2},kb-time{runner=$runner strategy=all cache=none max-seconds=0.2},kb-export-measurements{file=$out/$set.jsonl})"
    python3 - "$out/$set.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    us, d = r.get("median_us"), r.get("decisions", {})
    flops = 2 * 4096**3 / us / 1e6 if us and r["task"].startswith("square") else None
    kernel = "wgmma" if d.get("tf32") and d.get("wgmma") else "mma.sync" if d.get("tf32") else "f32"
    print(r["candidate"], r["verdict"], kernel, us and f"{us:.1f} us", flops and f"{flops:.1f} TFLOP/s")
PY
  done ;;
*) sed -n '2,10p' "$0"; exit 2 ;;
esac
