#!/usr/bin/env bash
# The base policy and what it is worth: GRPO (kb-train) over the KernelBench level-1 training
# tasks on the GPU machine, then fast_1 of 64 samples per evaluation task from the uniform prior
# and from the trained policy (the same seed, the same evaluator settings).
#
#   bench/train-gpu.sh pack                    # here: build/train (the task modules, and the
#                                              # result cache of the suite runs as a head start)
#   bench/train-gpu.sh train STEPS [PRIOR [ENTROPY]]
#                                              # on the GPU machine (carry .device, build/train):
#                                              # $OUT/policy.json, train-log.jsonl, cache.jsonl;
#                                              # run again into the same $OUT, it goes on until
#                                              # the log holds STEPS steps
#   bench/train-gpu.sh compare NAME POLICY [SPLIT]
#                                              # on the GPU machine: 64 samples per task of
#                                              # SPLIT (eval; train for the cost model's data)
#                                              # from POLICY into $OUT/compare-NAME.jsonl
#   bench/train-gpu.sh table A.jsonl B.jsonl   # here: the comparison (markdown)
#
# A step writes more files than the device tool returns (8): run the GPU steps through
# bench/gpu-steps.sh, which returns them as one tarball and restores it on the next call.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build/train
case "${1:-}" in
pack)
  rm -rf $dir && mkdir -p $dir
  for split in train eval; do
    grep -l "split = \"$split\"" tasks/kernelbench/level1/*.mlir | xargs cat > $dir/$split.mlir
  done
  cat results/suite-h200/run*/cache.jsonl > $dir/cache.jsonl
  wc -l $dir/cache.jsonl ;;
train|compare)
  out=${OUT:-.}
  mkdir -p "$out"
  if [ "$1" = compare ] && [ -z "${3:-}" ]; then
    echo "compare needs a policy file: the uniform prior's side is the suite's measurements" \
         "(bench/suite-table.py --measurements)" >&2; exit 2
  fi
  . bench/gpu-common.sh
  settings="$suite_verify $suite_time"  # those of bench/suite-gpu.sh: its cache applies
  if [ "$1" = train ]; then
    [ -f "$out/cache.jsonl" ] || cp $dir/cache.jsonl "$out/cache.jsonl"
    # A run cut short (a machine's time limit) goes on from the policy written after its last
    # step, under a seed of its own (the next task order and draws). Adam's moments and the
    # rewards' running medians start afresh there: each resumption is a new kb-train run.
    done_steps=0
    [ -f "$out/train-log.jsonl" ] && done_steps=$(grep -c . "$out/train-log.jsonl" || true)
    if [ "$done_steps" -gt 0 ] && [ ! -f "$out/policy.json" ]; then
      echo "train: $out/train-log.jsonl has $done_steps steps but there is no policy.json to go on from" >&2
      exit 2
    fi
    if [ "$done_steps" -ge "$2" ]; then
      echo "train: $done_steps of $2 steps done" >&2; exit 0
    fi
    prior=${3:-uniform} seed=0
    if [ "$done_steps" -gt 0 ]; then
      seed=$(cat "$out/train-runs" 2>/dev/null || echo 1)
      prior=$out/policy-after-$done_steps.json
      cp "$out/policy.json" "$prior"
      echo "train: going on after step $done_steps (run $((seed + 1)), from $prior)" >&2
    fi
    echo $((seed + 1)) > "$out/train-runs"
    kopt $dir/train.mlir -o /dev/null "--pass-pipeline=builtin.module(kb-train{steps=$(($2 - done_steps)) prior=$prior entropy=${4:-0.01} seed=$seed runner=$runner cache=$out/cache.jsonl $settings out=$out/policy.json log=$out/train-log.jsonl})"
  else
    # One task at a time, so that a run cut short keeps the tasks it finished, and a second run
    # into the same $OUT goes on from the first task not done. Its own cache: the suite's results
    # predate the TF32 baseline, and every sample here should carry both speedups.
    done_list="$out/compare-$2.done"
    touch "$done_list"
    for task in $(grep -l "split = \"${4:-eval}\"" tasks/kernelbench/level1/*.mlir); do
      grep -qxF "$task" "$done_list" && continue
      kopt "$task" -o /dev/null 2>>"$out/compare-$2.log" "--pass-pipeline=builtin.module(kb-sample{n=64 seed=1 policy=$3},kb-lower-to-ptx,kb-verify{runner=$runner cache=$out/compare-cache.jsonl $suite_verify},kb-time{runner=$runner cache=$out/compare-cache.jsonl strategy=all $suite_time},kb-export-measurements{file=$out/compare-$2.jsonl})" ||
        echo "$task: kopt exit $?" >> "$out/compare-$2.log"
      echo "$task" >> "$done_list"
    done
  fi ;;
table)
  python3 bench/policy-compare.py "$2" "$3" ;;
*)
  echo "usage: $0 pack|train STEPS [PRIOR [ENTROPY]]|compare NAME POLICY [SPLIT]|table A B" >&2
  exit 2 ;;
esac
