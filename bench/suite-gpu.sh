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
#                                           # verifying SUITE_JOBS (3) tasks at a time (those
#                                           # under SUITE_LARGE_GIB (4) of buffers)
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
  . bench/gpu-common.sh
  verified=$(mktemp -d)
  trap 'rm -rf "$verified"' EXIT
  # Verification of several tasks at once (verdicts do not depend on what else runs; the cache
  # takes concurrent writers) where their buffers are small, a large task's alone (its reference,
  # trials and outputs take several times its buffers); then timing one task at a time, alone on
  # the GPU. In batches, small tasks first, so that a run cut short has timed what it verified.
  small=() large=()
  while read -r number gib; do
    [ $((10#$number)) -ge $first ] && [ $((10#$number)) -le $last ] || continue
    grep -q ' ptx "' $dir/$number.mlir || continue
    if awk "BEGIN { exit !($gib < ${SUITE_LARGE_GIB:-4}) }"; then small+=($number); else large+=($number); fi
  done < <(python3 - $dir/[0-9][0-9][0-9].mlir <<'PY'
import math, re, sys
for path in sys.argv[1:]:  # each task's declared buffers, in GiB (4 bytes an element)
    head = open(path).read(20000)
    dims = re.findall(r'kb\.(?:input|output) "[^"]*" : tensor<((?:\d+x)*)\w+>', head)
    total = sum(math.prod(int(d) for d in shape.split('x') if d) * 4 for shape in dims)
    print(path.split('/')[-1][:3], f"{total / 2**30:.2f}")
PY
)
  export dir out runner verified suite_verify
  verify_and_time() { # TASK... : verified $1 $2 ... at once, then timed one by one
    printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c '
      start=$SECONDS
      kopt $dir/{}.mlir -o $verified/{}.mlir 2>>"$out/suite.log" \
        "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=$out/cache.jsonl $suite_verify})" ||
        echo "problem {}: kb-verify exit $?" >> "$out/suite.log"
      echo "problem {}: verified in $((SECONDS - start)) s" >> "$out/suite.log"'
    for number in "$@"; do
      start=$SECONDS
      [ -s $verified/$number.mlir ] || continue
      kopt $verified/$number.mlir -o /dev/null 2>>"$out/suite.log" "--pass-pipeline=builtin.module(kb-time{runner=$runner cache=$out/cache.jsonl strategy=all $suite_time})" ||
        echo "problem $number: kb-time exit $?" >> "$out/suite.log"
      echo "problem $number: timed in $((SECONDS - start)) s" >> "$out/suite.log"
    done
  }
  for ((at = 0; at < ${#small[@]}; at += 2 * jobs)); do
    verify_and_time "${small[@]:at:2*jobs}"
  done
  for number in "${large[@]}"; do
    verify_and_time $number
  done
  grep -c '"op":"time"' "$out/cache.jsonl" ;;
table)
  shift
  python3 bench/suite-table.py $dir "$@" ;;
*)
  echo "usage: $0 pack|run [FIRST [LAST]]|table DIR..." >&2; exit 2 ;;
esac
