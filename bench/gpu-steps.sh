#!/usr/bin/env bash
# On the GPU machine: runs steps in order, each a shell command under its own time limit, in one
# work folder that goes back as a single tarball, $OUT/work.tar.xz: the device tool returns at
# most 8 files from $OUT, fewer than one bench/train-gpu.sh step writes. A tarball from an earlier
# call, carried along, restores the folder first, so a run cut short goes on where it stopped.
#
#   bench/gpu-steps.sh RESTORE.tar.xz|- 'SECONDS COMMAND' ...
#
# $WORK names the work folder in each command, for example
#   bench/gpu-steps.sh gpu-tmp/work.tar.xz \
#     '300 OUT=$WORK/base bash bench/train-gpu.sh train 150 uniform 0.5' \
#     '200 OUT=$WORK/cmp bash bench/train-gpu.sh compare base $WORK/base/policy.json'
# Each step's output goes to $WORK/steps.log, one line per step to stdout; the limits should leave
# the call's own limit room for packing (seconds).
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 RESTORE.tar.xz|- 'SECONDS COMMAND' ..." >&2; exit 2; }
: "${OUT:?names the output folder on the GPU machine}"
export WORK=$(mktemp -d)
restore=$1; shift
if [ "$restore" != - ]; then
  tar -xJf "$restore" -C "$WORK" || { echo "gpu-steps: cannot restore $restore" >&2; exit 2; }
fi
trap 'tar -cJf "$OUT/work.tar.xz" -C "$WORK" .' EXIT
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee -a "$WORK/gpu.txt"
for step in "$@"; do
  seconds=${step%% *} command=${step#* }
  start=$(date +%s)
  echo "== $(date -u +%FT%TZ) ($seconds s): $command" >> "$WORK/steps.log"
  timeout "$seconds" bash -c "$command" >> "$WORK/steps.log" 2>&1
  status=$?
  echo "rc $status after $(($(date +%s) - start)) s: $command" | tee -a "$WORK/steps.log"
done
