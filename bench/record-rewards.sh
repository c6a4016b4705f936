#!/usr/bin/env bash
# The recorded reward table that stands in for kopt-runner in the learning tests: every decision
# list of the elementwise and reduction spaces (720 each) for the two small tasks of
# bench/rewards/, compiled here, verified (two trials) and timed on the GPU machine, written as a
# measurements file (docs/measurements-format.md).
#
#   bench/record-rewards.sh pack   # here: fills build/rewards (after scripts/device-pack.sh)
#   bench/record-rewards.sh run    # on the GPU machine (carry .device and build/rewards):
#                                  # $OUT/rewards.jsonl, to be committed as
#                                  # results/rewards-h200/rewards.jsonl
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build/rewards
case "${1:-}" in
pack)
  rm -rf $dir && mkdir -p $dir
  for task in bench/rewards/*.mlir; do
    build/dev/bin/kopt "$task" -o "$dir/$(basename "$task")" \
      "--pass-pipeline=builtin.module(kb-sample{exhaustive=true},kb-lower-to-ptx)"
  done ;;
run)
  out=${OUT:-.}
  . bench/gpu-common.sh
  rm -f "$out/rewards.jsonl"
  for file in $dir/*.mlir; do
    kopt "$file" -o /dev/null 2>>"$out/rewards.log" "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=$out/cache.jsonl $suite_verify},kb-time{runner=$runner cache=$out/cache.jsonl strategy=all $suite_time},kb-export-measurements{file=$out/rewards.jsonl})"
  done
  wc -l "$out/rewards.jsonl" ;;
*)
  echo "usage: $0 pack|run" >&2; exit 2 ;;
esac
