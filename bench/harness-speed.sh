#!/usr/bin/env bash
# The evaluation harness's speed and the repeatability of its speedups, on KernelBench's ReLU at
# its own size (019: 4096 x 393216 f32, 6 GiB moved by each run of a kernel).
#
#   bench/harness-speed.sh pack [DEST]  # here: 64 distinct CUDA ReLU kernels at that size
#                                       # (bench/gen-relu-variants.py), lowered, into DEST
#                                       # (build/harness-speed)
#   bench/harness-speed.sh run [DEST]   # on the GPU machine, with .device and DEST carried:
#     distinct-1, distinct-2  the 64 kernels verified (5 trials), timed and the fastest selected,
#                             twice, each in a process of its own with no result cache; wall time
#                             of each, and which speedups lie wholly above or below 1.0 in each
#     base-64                 kopt --select=surprise-top3 on 019 from scratch: 64 samples of the
#                             base policy (few distinct kernels), lowered, verified, timed
#   Results go to $OUT (summary.txt, the logs and measurements).
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${2:-build/harness-speed}
case "${1:-}" in
pack)
  mkdir -p "$dest"
  python3 bench/gen-relu-variants.py 4096 393216 "$dest/relu64.mlir"
  du -sh "$dest" ;;
run)
  out=${OUT:-.}
  . bench/gpu-common.sh
  # Seconds "$@" takes; its own standard output goes to $stdout (default: nowhere).
  wall() {
    local start=$(date +%s.%N)
    "$@" > "${stdout:-/dev/null}"
    awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $start }"
  }
  for run in 1 2; do
    rm -f "$out/distinct-$run.jsonl"
    seconds=$(wall kopt "$dest/relu64.mlir" -o /dev/null 2>"$out/distinct-$run.log" \
      "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=none},kb-time{runner=$runner strategy=oracle cache=none},kb-select{strategy=oracle},kb-export-measurements{file=$out/distinct-$run.jsonl})")
    echo "distinct-$run: 64 distinct kernels verified, timed and selected in $seconds s" | tee -a "$out/summary.txt"
  done
  seconds=$(stdout="$out/base-64.json" wall kopt --select=surprise-top3 --samples=64 --no-cache \
    --runner="$runner" --emit=json tasks/kernelbench/level1/019_ReLU.mlir 2>"$out/base-64.log")
  echo "base-64: kopt --select=surprise-top3 --samples=64 on 019 in $seconds s ($(grep -c 'same kernel as' "$out/base-64.log") verifications and timings reused from a duplicate)" | tee -a "$out/summary.txt"
  python3 - "$out/distinct-1.jsonl" "$out/distinct-2.jsonl" <<'PY' | tee -a "$out/summary.txt"
import json, sys
runs = [{r["candidate"]: r for r in map(json.loads, open(path))} for path in sys.argv[1:3]]
def side(r):
    if "speedup_low" not in r:
        return "none"
    return "above" if r["speedup_low"] > 1 else "below" if r["speedup_high"] < 1 else "straddles"
flips, counts = [], [{}, {}]
for name in runs[0]:
    a, b = (side(run.get(name, {})) for run in runs)
    for i, s in enumerate((a, b)):
        counts[i][s] = counts[i].get(s, 0) + 1
    if {a, b} == {"above", "below"}:
        flips.append(name)
for i, c in enumerate(counts, 1):
    print(f"distinct-{i}: intervals " + ", ".join(f"{k} 1.0: {v}" for k, v in sorted(c.items())))
widths = sorted((r["speedup_high"] / r["speedup_low"] - 1) * 50 for r in runs[0].values()
                if "speedup_low" in r)
if widths:
    print(f"half-width of the intervals (run 1): median {widths[len(widths) // 2]:.2f}%, "
          f"max {widths[-1]:.2f}%")
moves = sorted(abs(runs[1][n]["speedup"] / r["speedup"] - 1) * 100 for n, r in runs[0].items()
               if "speedup" in r and "speedup" in runs[1].get(n, {}))
if moves:
    print(f"speedup moved between the runs: median {moves[len(moves) // 2]:.2f}%, "
          f"max {moves[-1]:.2f}%")
print(f"wholly above 1.0 in one run and wholly below in the other: {len(flips)} {flips}")
PY
  ;;
*) sed -n '2,15p' "$0"; exit 2 ;;
esac
