#!/usr/bin/env bash
# Any task files on a GPU, as bench/suite-gpu.sh runs the level-1 suite: N (64) candidates drawn
# from the uniform policy per task (seed 1) compiled here; on the GPU machine each verified (two
# trials) and every correct one timed against eager; the same table (bench/suite-table.py).
#
#   bench/tasks-gpu.sh pack DIR TASK.mlir...   # here: DIR/<task file's name>.mlir
#   bench/tasks-gpu.sh run DIR                 # on the GPU machine (carry .device and DIR):
#                                              # $OUT/cache.jsonl, $OUT/tasks.log
#   bench/tasks-gpu.sh table DIR RUN_DIR...    # here or there: the table (markdown)
#
# With WHERE set (bench/gen-policy-candidates.py's restrictions, e.g. WHERE="tf32=false
# stages=2,3"), pack sweeps that part of the space instead: all of it, or N lists drawn from it.
# With LISTS set to a file of decision lists (bench/matmul-fp32-lists.txt), pack compiles those.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${2:?usage: $0 pack DIR TASK...|run DIR|table DIR RUN_DIR...}
case "$1" in
pack)
  mkdir -p "$dir"
  for task in "${@:3}"; do
    name=$(basename "$task" .mlir)
    kopt=${KOPT:-build/dev/bin/kopt}
    if [ -n "${LISTS:-}" ]; then
      common=$(sed -n 's/^all: *//p' "$LISTS")
      {
        python3 bench/gen-policy-candidates.py "$task" 0
        grep -v '^#\|^all:\|^$' "$LISTS" | while read -r -a list; do
          python3 bench/gen-policy-candidates.py "$task" 1 \
              $(printf -- '--where %s ' $common "${list[@]}") | grep '^kb.candidate'
        done | awk '{ sub(/_p0 of /, "_l" NR - 1 " of "); print }'
      } | $kopt - -o "$dir/$name.mlir" 2>"$dir/$name.log" \
          "--pass-pipeline=builtin.module(kb-lower-to-ptx)"
    elif [ -n "${WHERE:-}" ]; then
      python3 bench/gen-policy-candidates.py "$task" "${N:-100000}" 1 \
          $(printf -- '--where %s ' $WHERE) |
        $kopt - -o "$dir/$name.mlir" 2>"$dir/$name.log" \
          "--pass-pipeline=builtin.module(kb-lower-to-ptx)"
    else
      $kopt "$task" -o "$dir/$name.mlir" 2>"$dir/$name.log" \
        "--pass-pipeline=builtin.module(kb-sample{n=${N:-64} seed=1 policy=uniform},kb-lower-to-ptx)"
    fi
    echo "$name: $(grep -c ' ptx "' "$dir/$name.mlir") compiled"
  done ;;
run)
  out=${OUT:-.}
  . bench/gpu-common.sh
  for file in "$dir"/*.mlir; do
    start=$SECONDS
    kopt "$file" -o /dev/null 2>>"$out/tasks.log" "--pass-pipeline=builtin.module(kb-verify{runner=$runner cache=$out/cache.jsonl $suite_verify},kb-time{runner=$runner cache=$out/cache.jsonl strategy=all $suite_time})" ||
      echo "$file: kopt exit $?" >> "$out/tasks.log"
    echo "$file: verified and timed in $((SECONDS - start)) s" >> "$out/tasks.log"
  done ;;
table)
  python3 bench/suite-table.py "$dir" "${@:3}" ;;
*)
  echo "usage: $0 pack DIR TASK...|run DIR|table DIR RUN_DIR..." >&2; exit 2 ;;
esac
