#!/usr/bin/env bash
# Recorded model answers through the whole pipeline on a GPU: the hand-written LogSoftmax answers in
# bench/llm-samples/log_softmax/ (packed by make-jsonl.py into log_softmax.jsonl) become replay
# candidates, are compiled here (clang-22, CUDA C++ -> PTX) and tagged, then verified, timed and
# selected on the GPU machine by every selection strategy.
#
#   bench/llm-samples/gpu-run.sh pack   # here, after scripts/device-pack.sh: fills build/llm-samples
#   bench/llm-samples/gpu-run.sh run    # on the GPU machine (carry .device and build/llm-samples):
#                                       # candidates.txt, selections.txt and logs into $OUT
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=build/llm-samples
task=tasks/kernelbench/level1/024_LogSoftmax.mlir
strategies="oracle random confidence surprise surprise-top3 confidence-top3 bon-4"
case "${1:-}" in
pack)
  rm -rf $dir && mkdir -p $dir
  build/dev/bin/kopt $task -o $dir/lowered.mlir \
    "--pass-pipeline=builtin.module(kb-replay{samples=bench/llm-samples/log_softmax.jsonl},kb-lower-to-ptx,kb-tag-features)"
  python3 bench/candidates-table.py $dir/lowered.mlir ;;
run)
  out=${OUT:-.}
  eval "$(scripts/device-unpack.sh)"
  bash scripts/device-build-runner.sh > "$out/runner-build.log" 2>&1
  export KOPT_RUNNER=$PWD/build/runner/kopt-runner
  # Oracle first: it times every correct candidate, so the other strategies find their timings
  # in the shared result cache.
  for s in $strategies; do
    kopt --select=$s --seed=1 --cache="$out/cache.jsonl" $dir/lowered.mlir \
      -o "$out/select-$s.mlir" 2> "$out/select-$s.log" || echo "kopt --select=$s: exit $?"
    echo "$s: $(python3 bench/candidates-table.py "$out/select-$s.mlir" | grep ' selected ' || echo none)"
  done | tee "$out/selections.txt"
  python3 bench/candidates-table.py "$out/select-oracle.mlir" | tee "$out/candidates.txt" ;;
*)
  echo "usage: $0 pack|run" >&2; exit 2 ;;
esac
