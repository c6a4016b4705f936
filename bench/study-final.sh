#!/usr/bin/env bash
# The study's final run (docs/study.md), which takes more GPU time than one machine session
# gives: three study runs, worked through in order, each resuming where the last session left
# it. Their directories live in results/ and travel with the checkout; a session's progress comes
# back as one tarball, unpacked here and committed. Each run records kopt's version and the GPU's
# name and resumes under no other, so every session packs kopt at the revision the runs started
# with (`git worktree add DIR REVISION`, then scripts/device-pack.sh there, and .device copied
# back here).
#
#   bench/study-final.sh run SECONDS      # on the GPU machine (carry .device): works for at most
#                                         # SECONDS, on all its GPUs, then writes
#                                         # $OUT/study-final.tar.xz
#   bench/study-final.sh unpack TARBALL   # here: into results/, then the progress of each run
#   bench/study-final.sh report           # here, once all three are done: their REPORT.md
set -euo pipefail
cd "$(dirname "$0")/.."
# NAME and its options: the 20 evaluation tasks x 5 seeds from the shipped base and conventional
# policies, with TTT; Best-of-N over all 100 level-1 tasks, one seed, without TTT.
runs=(
  "final-base --tasks eval --seeds 5 --policy policies/base.json"
  "final-conventional --tasks eval --seeds 5 --policy policies/conventional.json"
  "final-bon --tasks all --seeds 1 --ttt-steps 0 --policy policies/base.json"
)
case "${1:-}" in
run)
  : "${OUT:?names the output folder on the GPU machine}"
  seconds=${2:?run needs a time limit in seconds}
  deadline=$((SECONDS + seconds))
  eval "$(scripts/device-unpack.sh)"
  [ -x build/runner/kopt-runner ] ||
    bash scripts/device-build-runner.sh > "$OUT/runner-build.log" 2>&1
  # On a machine with several GPUs, a runner on each (docs/runner-pool.md); the units' results
  # do not depend on how many.
  gpus=$(nvidia-smi -L | grep -c '^GPU' || true)
  runner=$PWD/build/runner/kopt-runner pool=(--runner "$runner")
  if [ "$gpus" -gt 1 ]; then
    pool=(--runners "$gpus" --runner "CUDA_VISIBLE_DEVICES={gpu} $runner")
  fi
  trap 'tar -cJf "$OUT/study-final.tar.xz" -C results $(cd results && ls -d final-* 2>/dev/null)' EXIT
  for run in "${runs[@]}"; do
    left=$((deadline - SECONDS))
    [ "$left" -gt 30 ] || break
    read -r name options <<< "$run"
    # SIGINT: the driver records the session's time before it stops; a unit cut short is done
    # again on the next session.
    timeout -s INT -k 20 "$left" python3 python/study/study.py run --name "$name" $options \
      --kopt .device/bin/kopt "${pool[@]}" --no-report \
      > "$OUT/$name.log" 2>&1 || echo "$name: stopped (exit $?)" >> "$OUT/$name.log"
    # The driver's progress lines, every session's, kept with the run.
    [ -d "results/$name" ] && cat "$OUT/$name.log" >> "results/$name/sessions.log"
  done ;;
unpack)
  tar -xJf "${2:?unpack needs the tarball}" -C results
  for run in "${runs[@]}"; do
    name=${run%% *}
    [ -d "results/$name" ] || { echo "$name: not started"; continue; }
    last=$(grep -o '^study: \[[0-9]*/[0-9]*\] [a-z]*' "results/$name/sessions.log" | tail -n 1 || true)
    echo "$name: $(grep -c . "results/$name/runs.jsonl" || true) sessions; last unit begun:" \
         "${last#study: }; $(tail -n 1 "results/$name/sessions.log")"
  done ;;
report)
  for run in "${runs[@]}"; do
    python3 python/study/study.py report --name "${run%% *}"
  done ;;
*)
  echo "usage: $0 run SECONDS | unpack TARBALL | report" >&2; exit 2 ;;
esac
