#!/usr/bin/env bash
# What a verification budget saves: the evaluation tasks' 64 samples of a policy (the base by
# default, as bench/train-gpu.sh compare draws them), predicted by a cost model, verified on the GPU in full
# and with kb-verify{top=16 by=model}, each from an empty cache; the wall time of each and the
# verdicts it gave.
#
#   bench/verify-budget-gpu.sh MODEL [TOP [POLICY]]
#                           # on the GPU machine (carry .device, build/train):
#                           # $OUT/verify-budget.txt and the verified files
#
# How often the oracle's kernel survives the cut needs the measured speedups of every sample:
# bench/cost-model-eval.py eval reports it from a comparison's measurements.
set -euo pipefail
cd "$(dirname "$0")/.."
model=${1:?usage: $0 MODEL [TOP [POLICY]]}
top=${2:-16}
policy=${3:-policies/base.json}
out=${OUT:-.}
. bench/gpu-common.sh
kopt build/train/eval.mlir -o "$out/predicted.mlir" 2>/dev/null \
  "--pass-pipeline=builtin.module(kb-sample{n=64 seed=1 policy=$policy},kb-lower-to-ptx,kb-tag-features{ptxas=none},kb-predict{model=$model})"
report=$out/verify-budget.txt
: > "$report"
for budget in 0 "$top"; do
  start=$(date +%s%N)
  kopt "$out/predicted.mlir" -o "$out/verified-top$budget.mlir" 2> "$out/verify-top$budget.log" \
    "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=none trials=2 top=$budget})"
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  verdicts=$(grep -o 'verdict <[a-z_]*' "$out/verified-top$budget.mlir" | sort | uniq -c |
             awk '{printf "%s %s; ", substr($3, 2), $1}')
  echo "top=$budget: kb-verify took $ms ms; verdicts: $verdicts" | tee -a "$report"
done
