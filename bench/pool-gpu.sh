#!/usr/bin/env bash
# A pool of runners on the GPU machine: the evaluation tasks' 64 base samples (as
# bench/train-gpu.sh compare draws them) verified and timed with each pool size given, from an
# empty cache each time; the wall time of each, and its measurements for bench/pool-compare.py.
#
#   bench/pool-gpu.sh N [N...]   # on the GPU machine (carry .device, build/train):
#                                # $OUT/pool.txt, $OUT/pool-N.jsonl, $OUT/pool-N.log
#
# Runner k of a pool runs on GPU k (CUDA_VISIBLE_DEVICES={gpu}); a pool of one is kopt's single
# runner, as before pools.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 N [N...]" >&2; exit 2; }
out=${OUT:-.}
. bench/gpu-common.sh
gpus=$(nvidia-smi -L | wc -l)
kopt build/train/eval.mlir -o "$out/pool-lowered.mlir" 2>/dev/null \
  "--pass-pipeline=builtin.module(kb-sample{n=64 seed=1 policy=policies/base.json},kb-lower-to-ptx)"
for n in "$@"; do
  if [ "$n" -gt "$gpus" ]; then
    echo "runners=$n: skipped, this machine has $gpus GPU(s)" | tee -a "$out/pool.txt"
    continue
  fi
  command=$runner
  [ "$n" -gt 1 ] && command="CUDA_VISIBLE_DEVICES={gpu} $runner"
  pool="runner=\"$command\" runners=$n cache=none"
  rm -f "$out/pool-$n.jsonl"
  start=$(date +%s%N)
  kopt "$out/pool-lowered.mlir" -o /dev/null 2> "$out/pool-$n.log" \
    "--pass-pipeline=builtin.module(kb-verify{$pool $suite_verify},kb-time{$pool strategy=all $suite_time},kb-export-measurements{file=$out/pool-$n.jsonl})"
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  echo "runners=$n: verified and timed in $ms ms on $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1) x $n" |
    tee -a "$out/pool.txt"
done
