#!/usr/bin/env bash
# Verifies and times uniformly drawn candidates of the matmul space on the KernelBench matmul
# tasks (001-018 but the elementwise 005 and 012) on a GPU, and prints per task: candidates
# compiled, correct, the best median time, its TFLOP/s and its fraction of cuBLAS on an H200
# (fp32 51 TFLOP/s, TF32 417; see results/).
#
#   bench/matmul-gpu-check.sh pack [DEST]   # here: lowers COUNT (64) candidates per task with
#                                           # build/dev/bin/kopt into DEST (build/gpu-matmul)
#   bench/matmul-gpu-check.sh run [DEST]    # on the GPU machine, with .device (the static kopt,
#                                           # scripts/device-pack.sh) and DEST carried: summary.txt
#                                           # and the timed candidate files into $OUT (default .)
#
# TASKS (e.g. "001 016") picks tasks, COUNT the candidates per task, MAX_SECONDS kb-time's
# budget per candidate (0.3).
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${2:-build/gpu-matmul}
tasks=${TASKS:-"001 002 003 004 006 007 008 009 010 011 013 014 015 016 017 018"}
case "${1:-}" in
pack)
  mkdir -p "$dest"
  for t in $tasks; do
    task=$(ls tasks/kernelbench/level1/${t}_*.mlir)
    python3 bench/gen-policy-candidates.py "$task" "${COUNT:-64}" "$((10#$t))" |
      build/dev/bin/kopt - '--pass-pipeline=builtin.module(kb-lower-to-ptx)' -o "$dest/$t.mlir" 2>/dev/null
    echo "$t: $(grep -c 'ptx "' "$dest/$t.mlir") of ${COUNT:-64} compiled"
  done
  du -sh "$dest" ;;
run)
  out=${OUT:-.}
  eval "$(scripts/device-unpack.sh)"
  timeout 300 bash scripts/device-build-runner.sh > "$out/runner-build.log" 2>&1
  runner=$PWD/build/runner/kopt-runner
  for t in $tasks; do
    [ -f "$dest/$t.mlir" ] || continue
    timeout 1200 kopt "$dest/$t.mlir" -o "$out/timed-$t.mlir" 2>"$out/log-$t.txt" \
      "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=none trials=2},kb-time{runner=$runner strategy=all cache=none max-seconds=${MAX_SECONDS:-0.3}})" || true
    [ -f "$out/timed-$t.mlir" ] || continue
    python3 - "$out/timed-$t.mlir" "$t" <<'SUMMARY'
import re, sys
text = open(sys.argv[1]).read()
# 2 x batch x M x N x K of each task.
flops = {"001": 2 * 4096**3, "002": 2 * 2048 * 8192 * 4096, "003": 2 * 128 * 512 * 1024 * 2048,
         "004": 2 * 2048 * 1048576, "006": 2 * 256 * 524288 * 256, "007": 2 * 32768 * 64 * 32768,
         "008": 2 * 8205 * 2949 * 5921, "009": 2 * 32768 * 32 * 32768,
         "010": 2 * 16 * 1024 * 2048 * 768, "011": 2 * 8 * 256 * 512 * 256 * 768,
         "013": 2 * 4096**3, "014": 2 * 4096**3, "015": 2 * 4096**3,
         "016": 2 * 2048 * 8192 * 4096, "017": 2 * 2048 * 8192 * 4096, "018": 2 * 2048 * 8192 * 4096}
lines = [l for l in text.splitlines() if l.lstrip().startswith("kb.candidate")]
compiled = sum('ptx "' in l for l in lines)
correct = sum("verdict <correct" in l for l in lines)
times = []
for l in lines:
    m = re.search(r"time <median = ([0-9.e+-]+)", l)
    if m and "verdict <correct" in l:
        times.append((float(m[1]), re.search(r"kb\.candidate @(\S+)", l)[1],
                      (re.search(r"decisions \{([^}]*)\}", l) or [None, ""])[1]))
verdicts = {}
for l in lines:
    v = re.search(r"verdict <(\w+)", l)
    verdicts[v[1] if v else "none"] = verdicts.get(v[1] if v else "none", 0) + 1
task = sys.argv[2]
if times:
    best, name, decisions = min(times)
    tflops = flops[task] / (best * 1e-6) / 1e12
    # A matvec is bound by reading its matrix: its bandwidth says more than its FLOP/s.
    bandwidth = f", {2 * flops[task] / (best * 1e-6) / 1e12:.2f} TB/s" if task == "004" else ""
    print(f"{task}: compiled {compiled}/{len(lines)}, correct {correct}, best {best:.1f} us, "
          f"{tflops:.1f} TFLOP/s, {tflops / 51:.2f} of cuBLAS fp32{bandwidth} ({name}: "
          f"{decisions}) {verdicts}")
else:
    print(f"{task}: compiled {compiled}/{len(lines)}, correct {correct}, none timed {verdicts}")
SUMMARY
  done | tee "$out/summary.txt" ;;
*)
  echo "usage: $0 pack|run [DEST]" >&2; exit 2 ;;
esac
