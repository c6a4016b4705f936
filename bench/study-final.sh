#!/usr/bin/env bash
# The study's final run (docs/study.md), which takes more GPU time than one machine session
# gives: three study runs, worked through in order, each resuming where the last session left
# it. A run's directory, results/NAME, travels with the checkout and is committed compact: its
# raw units as raw.tar.xz (without the policies of TTT steps already probed, which the analysis
# does not read), unpacked into raw/ (ignored) where they are used. A session's progress comes
# back as one tarball, unpacked here and committed.
#
# Every run records kopt's version and the GPU's name and resumes under no other: pack .device
# at the revision the runs began with (`git worktree add DIR REVISION`, scripts/device-pack.sh
# there, .device copied back here); kopt-runner is built from the source .device holds, so it is
# of that revision too. Ask for the kind of machine the runs began on.
#
#   bench/study-final.sh run SECONDS      # on the GPU machine (carry .device): works on all its
#                                         # GPUs, packs, and ends within SECONDS;
#                                         # $OUT/study-final.tar.xz
#   bench/study-final.sh unpack TARBALL   # here: into results/, then each run's progress
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
names=$(for run in "${runs[@]}"; do echo "${run%% *}"; done)

unpack_raw() {  # results/NAME/raw.tar.xz into results/NAME/raw
  rm -rf "results/$1/raw"
  [ ! -f "results/$1/raw.tar.xz" ] || tar -xJf "results/$1/raw.tar.xz" -C "results/$1"
}

pack_raw() {  # results/NAME/raw into results/NAME/raw.tar.xz, without what a run need not keep
  local dir=results/$1 unit
  [ -d "$dir/raw" ] || return 0
  : > "$dir/.exclude"
  for unit in "$dir"/raw/*/seed*; do
    [ -d "$unit/probe" ] && echo "${unit#"$dir/"}/ttt/steps" >> "$dir/.exclude"
  done
  tar -cJf "$dir/raw.tar.xz" -C "$dir" --exclude='*.partial' --exclude-from="$dir/.exclude" raw
  rm -rf "$dir/.exclude" "$dir/raw"
}

case "${1:-}" in
run)
  : "${OUT:?names the output folder on the GPU machine}"
  seconds=${2:?run needs a time limit in seconds}
  deadline=$((SECONDS + seconds - 60))  # a minute for packing
  environment=$(scripts/device-unpack.sh)
  eval "$environment"
  [ -f .device/runner-src.tar.xz ] || { echo "study-final: .device has no runner source" >&2; exit 2; }
  # A card of another kind than the runs began on would be refused by every run: stop here.
  card=$(python3 -c 'import sys; sys.path.insert(0, "python/study"); import study; print(study.gpu_names())')
  for name in $names; do
    began=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("device", ""))' \
            "results/$name/config.json" 2>/dev/null || true)
    if [ -n "$began" ] && [ "$began" != "$card" ]; then
      echo "study-final: $name began on $began, this machine has $card" >&2; exit 2
    fi
  done
  # The runner of .device's revision, built again whenever .device is packed anew.
  source_sum=$(sha256sum .device/runner-src.tar.xz | cut -d' ' -f1)
  if [ "$(cat build/runner-pinned/source.sha256 2>/dev/null)" != "$source_sum" ]; then
    rm -rf .device/src build/runner-pinned && mkdir -p .device/src
    tar -xJf .device/runner-src.tar.xz -C .device/src
    bash scripts/device-build-runner.sh .device/src build/runner-pinned > "$OUT/runner-build.log" 2>&1
    echo "$source_sum" > build/runner-pinned/source.sha256
  fi
  # On a machine with several GPUs, a runner on each (docs/runner-pool.md); the units' results
  # do not depend on how many.
  gpus=$(nvidia-smi -L | grep -c '^GPU' || true)
  runner=$PWD/build/runner-pinned/kopt-runner pool=(--runner "$runner")
  if [ "$gpus" -gt 1 ]; then
    pool=(--runners "$gpus" --runner "CUDA_VISIBLE_DEVICES={gpu} $runner")
  fi
  # Packs the runs this session unpacked (a failure in one must not lose the others), then all.
  reached=""
  trap 'set +e; for name in $reached; do pack_raw "$name" || echo "cannot pack $name" >&2; done
        tar -cJf "$OUT/study-final.tar.xz" -C results $(cd results && ls -d final-* 2>/dev/null)' EXIT
  for run in "${runs[@]}"; do
    left=$((deadline - SECONDS))
    [ "$left" -gt 30 ] || break
    read -r name options <<< "$run"
    [ ! -f "results/$name/done" ] || continue  # every unit done: left packed as it is
    unpack_raw "$name"
    reached="$reached $name"
    # SIGINT: the driver records the session's time before it stops; a unit cut short is done
    # again in the next session.
    timeout -s INT -k 20 "$left" python3 python/study/study.py run --name "$name" $options \
      --kopt .device/bin/kopt "${pool[@]}" --no-report \
      > "$OUT/$name.log" 2>&1 && touch "results/$name/done" ||
      echo "$name: stopped (exit $?)" >> "$OUT/$name.log"
    # The driver's progress lines, every session's, kept with the run.
    [ ! -d "results/$name" ] || cat "$OUT/$name.log" >> "results/$name/sessions.log"
  done ;;
unpack)
  tar -xJf "${2:?unpack needs the tarball}" -C results
  for name in $names; do
    [ -d "results/$name" ] || { echo "$name: not started"; continue; }
    last=$(grep -o '^study: \[[0-9]*/[0-9]*\] [a-z]*' "results/$name/sessions.log" | tail -n 1 || true)
    echo "$name: $(grep -c . "results/$name/runs.jsonl" || true) sessions; last unit begun:" \
         "${last#study: }; $(tail -n 1 "results/$name/sessions.log")"
  done ;;
report)
  for name in $names; do
    unpack_raw "$name"
    python3 python/study/study.py report --name "$name"
    rm -rf "results/$name/raw"
  done ;;
*)
  echo "usage: $0 run SECONDS | unpack TARBALL | report" >&2; exit 2 ;;
esac
