#!/usr/bin/env bash
# The KernelBench level-1 suite on a GPU: for every task, 64 candidates drawn from the uniform
# policy (kb-sample, seed = the problem number; duplicates marked and measured once) are compiled
# here; on the GPU machine every compiled candidate is verified against the PyTorch reference (two
# trials: the benchmark's input distribution and its alternative) and every correct one is timed
# against eager. Tasks kopt cannot schedule get no candidates; the table says so, with the reason.
#
#   bench/suite-gpu.sh pack [FIRST [LAST]]  # here: fills build/suite (after scripts/device-pack.sh)
#   bench/suite-gpu.sh run [FIRST [LAST]]   # on the GPU machine (carry .device and build/suite):
#                                           # the tasks FIRST..LAST (problem numbers) into $OUT,
#                                           # verifying SUITE_JOBS (3) tasks at a time
#   bench/suite-gpu.sh table DIR...         # here: results table (markdown) from runs' outputs
# SUITE_DIR names another folder than build/suite for the packed tasks (a subset to carry).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${SUITE_DIR:-build/suite}
case "${1:-}" in
pack)
  first=$((10#${2:-1})) last=$((10#${3:-100}))
  mkdir -p $dir
  for task in tasks/kernelbench/level1/*.mlir; do
    number=$(basename "$task" | cut -c1-3)
    [ $((10#$number)) -ge $first ] && [ $((10#$number)) -le $last ] || continue
    build/dev/bin/kopt "$task" -o "$dir/$number.mlir" 2>"$dir/$number.log" \
      "--pass-pipeline=builtin.module(kb-sample{n=64 seed=$((10#$number))},kb-lower-to-ptx)"
    echo "$number $(grep -c ' ptx "' "$dir/$number.mlir") compiled"
  done | tee -a $dir/compiled.txt ;;
run)
  out=${OUT:-.} first=$((10#${2:-1})) last=$((10#${3:-100})) jobs=${SUITE_JOBS:-3}
  eval "$(scripts/device-unpack.sh)"
  [ -x build/runner/kopt-runner ] || bash scripts/device-build-runner.sh > "$out/runner-build.log" 2>&1
  runner=$PWD/build/runner/kopt-runner verified=$(mktemp -d)
  numbers=()
  for file in $dir/[0-9][0-9][0-9].mlir; do
    number=$((10#$(basename "$file" .mlir)))
    [ $number -ge $first ] && [ $number -le $last ] && grep -q ' ptx "' "$file" && numbers+=("$(basename "$file" .mlir)")
  done
  # Verification of several tasks at once (verdicts do not depend on what else runs; the cache
  # takes concurrent writers), then timing one task at a time, alone on the GPU; in batches, so
  # that a run cut short has timed what it verified.
  export dir out runner verified
  for ((at = 0; at < ${#numbers[@]}; at += 2 * jobs)); do
    batch=("${numbers[@]:at:2*jobs}")
    printf '%s\n' "${batch[@]}" | xargs -P "$jobs" -I{} bash -c '
      start=$SECONDS
      kopt $dir/{}.mlir -o $verified/{}.mlir 2>>"$out/suite.log" \
        "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=$out/cache.jsonl trials=2})" ||
        echo "problem {}: kb-verify exit $?" >> "$out/suite.log"
      echo "problem {}: verified in $((SECONDS - start)) s" >> "$out/suite.log"'
    for number in "${batch[@]}"; do
      start=$SECONDS
      [ -s $verified/$number.mlir ] || continue
      kopt $verified/$number.mlir -o /dev/null 2>>"$out/suite.log" "--pass-pipeline=builtin.module(kb-time{runner=$runner cache=$out/cache.jsonl strategy=all max-seconds=0.1 target=0.05})" ||
        echo "problem $number: kb-time exit $?" >> "$out/suite.log"
      echo "problem $number: timed in $((SECONDS - start)) s" >> "$out/suite.log"
    done
  done
  grep -c '"op":"time"' "$out/cache.jsonl" ;;
table)
  shift
  python3 bench/suite-table.py $dir "$@" ;;
*)
  echo "usage: $0 pack|run [FIRST [LAST]]|table DIR..." >&2; exit 2 ;;
esac
