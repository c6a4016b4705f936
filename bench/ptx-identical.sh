#!/usr/bin/env bash
# Whether two kopt binaries lower the same candidates to the same output, PTX included: a
# refactoring of the kernel builders must not change a byte. Each task file is lowered at its own
# tolerance and at the loose preset (which admits the matmul family's TF32 kernels, so that
# tf32 and wgmma decisions apply); a task without candidates gets N drawn uniformly (SEED), a
# file with hand-written candidates keeps them.
#
#   bench/ptx-identical.sh OLD_KOPT NEW_KOPT TASK.mlir...
#
# N (32) and SEED (1) pick the draws, CHIPS ("sm_90") the targets. Prints the candidates compared
# per task and file, and exits non-zero after listing every output that differs.
set -uo pipefail
old=$1 new=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total=0 differ=0
for task in "$@"; do
  for chip in ${CHIPS:-sm_90}; do
    for tolerance in task loose; do
      preset=
      [ "$tolerance" = loose ] && preset='kb-set-tolerance{preset=loose},'
      sample="kb-sample{n=${N:-32} seed=${SEED:-1} policy=uniform}"
      pipeline="builtin.module(${preset}${sample},kb-lower-to-ptx{chip=$chip})"
      for side in old new; do
        # Progress lines come in the order the threads finish: compared as a set. A binary that
        # fails writes no output: compared as empty.
        rm -f "$work/$side.mlir"
        "${!side}" "$task" --pass-pipeline="$pipeline" -o "$work/$side.mlir" 2>&1 |
          sed -E 's| [0-9]+/[0-9]+ | |' | sort >"$work/$side.err"
        touch "$work/$side.mlir"
      done
      count=$(grep -c 'ptx "' "$work/old.mlir")
      total=$((total + count))
      if cmp -s "$work/old.mlir" "$work/new.mlir" && cmp -s "$work/old.err" "$work/new.err"; then
        echo "same: $count candidates: $(basename "$task") $chip $tolerance"
      else
        differ=$((differ + 1))
        echo "DIFFERENT: $(basename "$task") $chip $tolerance"
      fi
    done
  done
done
echo "$total candidates lowered to the same PTX; $differ outputs differ"
[ "$differ" -eq 0 ]
