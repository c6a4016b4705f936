#!/usr/bin/env bash
# kopt's main job on this machine: set up, build, then choose a kernel for a task with
# surprisal-guided selection (surprise-top3), printing the chosen candidate and a JSON summary.
#
#   scripts/run.sh [TASK.mlir] [STRATEGY]
#
# Stages that need a GPU (verification and timing, through kopt-runner) cannot run here; kopt says
# which, and stops before them with exit status 3. The default input carries verdicts and timings
# recorded on an H200, so selection runs from it.
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
