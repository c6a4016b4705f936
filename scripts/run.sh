#!/usr/bin/env bash
# kopt's main job on this machine: set up, build, then
#  1. choose a kernel for a task with surprisal-guided selection (surprise-top3) among candidates
#     that carry their measurements (examples/relu-recorded.mlir, or TASK.mlir), printing the
#     chosen candidate and a JSON summary;
#  2. run the whole pipeline on KernelBench's ReLU, a task without candidates: kopt draws 16 from
#     the base policy it ships, compiles them to PTX and tags their features here, and stops
#     before verification and timing, which need a GPU (kopt-runner), saying so (exit 3). With a
#     kopt-runner next to a GPU (--runner / KOPT_RUNNER), it goes on to select one.
#
#   scripts/run.sh [TASK.mlir] [STRATEGY]
set -euo pipefail
cd "$(dirname "$0")/.."
task=${1:-examples/relu-recorded.mlir}
strategy=${2:-surprise-top3}
bash scripts/build.sh >/dev/null
kopt=build/dev/bin/kopt

echo "== kopt --select=$strategy $task"
status=0
"$kopt" --select="$strategy" "$task" -o build/dev/selected.mlir || status=$?
case $status in
  0) echo "== selected:"; grep -E '^ *kb\.candidate .* selected ' build/dev/selected.mlir || true
     echo "== summary (--emit=json):"
     "$kopt" --emit=json build/dev/selected.mlir
     echo "full IR: build/dev/selected.mlir" ;;
  2) echo "== no correct candidate: nothing selected (IR in build/dev/selected.mlir)" ;;
  3) echo "== stopped: the remaining stages need a GPU (see above); IR so far in build/dev/selected.mlir" ;;
  *) exit "$status" ;;
esac

echo
relu=tasks/kernelbench/level1/019_ReLU.mlir
echo "== fresh candidates: kopt --select=$strategy --samples=16 $relu"
status=0
"$kopt" --select="$strategy" --samples=16 "$relu" -o build/dev/relu-fresh.out.mlir || status=$?
case $status in
  0) echo "== selected:"; grep -E '^ *kb\.candidate .* selected ' build/dev/relu-fresh.out.mlir | cut -c1-200 ;;
  3) echo "== compiled and tagged here; verification and timing need a GPU (see above)."
     echo "   IR with PTX, launch plans and features: build/dev/relu-fresh.out.mlir" ;;
  *) exit "$status" ;;
esac
