#!/usr/bin/env bash
# Builds kopt's libFuzzer targets (the `fuzz` preset: build/fuzz, ASan + UBSan) and runs each for
# a share of a time budget, keeping going past crashes, then prints per target the executions,
# crashes, timeouts (hangs) and out-of-memory inputs. Findings go to build/fuzz/findings/TARGET/
# (reproduce one with `build/fuzz/bin/kopt-fuzz-TARGET FILE`); the corpus grows in
# build/fuzz/corpus/TARGET/ from one run to the next. Exit status 1 when anything was found.
#
#   scripts/fuzz.sh                      # 60 s in all, the CI-sized run
#   scripts/fuzz.sh --time=1800          # 30 minutes in all
#   scripts/fuzz.sh --time=600 task      # 10 minutes on the task fuzzer alone
#
# Options: --time=SECONDS (the whole budget, shared equally by the targets; default 60),
# --timeout=SECONDS (one input longer than this is a hang; default 30), --build-only, --no-build.
# KOPT_FUZZ_BUILD_JOBS sets the build's parallelism (default 1). Fuzzers run one at a time, as
# one process at nice 10.
set -euo pipefail
cd "$(dirname "$0")/.."

ALL_TARGETS=(task samples server-response policy measurements result-cache runner-reply)
total=60
timeout=30
build=1
run=1
targets=()
for arg in "$@"; do
  case "$arg" in
    --time=*) total="${arg#--time=}" ;;
    --timeout=*) timeout="${arg#--timeout=}" ;;
    --build-only) run=0 ;;
    --no-build) build=0 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $arg" >&2; exit 2 ;;
    *)
      if [[ ! " ${ALL_TARGETS[*]} " == *" $arg "* ]]; then
        echo "fuzz.sh: unknown target '$arg' (targets: ${ALL_TARGETS[*]})" >&2; exit 2
      fi
      targets+=("$arg") ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")

if [ "$build" = 1 ]; then
  cmake --preset fuzz >/dev/null
  nice -n 10 cmake --build build/fuzz -j"${KOPT_FUZZ_BUILD_JOBS:-1}" \
    --target $(printf 'kopt-fuzz-%s ' "${targets[@]}")
fi
[ "$run" = 1 ] || exit 0

per_target=$(( total / ${#targets[@]} ))
[ "$per_target" -ge 1 ] || per_target=1
python3 fuzz/make-seeds.py . build/fuzz/seeds
found=0
summary=()
for target in "${targets[@]}"; do
  binary="build/fuzz/bin/kopt-fuzz-$target"
  corpus="build/fuzz/corpus/$target"
  findings="build/fuzz/findings/$target"
  log="build/fuzz/logs/$target.log"
  mkdir -p "$corpus" "$findings" "$(dirname "$log")" "build/fuzz/seeds/$target"
  dict=()
  [ -f "fuzz/$target.dict" ] && dict=(-dict="fuzz/$target.dict")
  before=$(ls "$findings" | wc -l)
  echo "fuzz.sh: $target for ${per_target} s (log: $log)"
  # -fork keeps going after a crash, a hang or an out-of-memory input and counts them. Inputs
  # may grow to 64 KiB: deep nesting needs length.
  nice -n 10 "$binary" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$per_target" -timeout="$timeout" -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix="$findings/" "${dict[@]}" "$corpus" "build/fuzz/seeds/$target" \
    >"$log" 2>&1 || true
  stats=$(grep -E '^#[0-9]+: .*oom/timeout/crash' "$log" | tail -1 || true)
  execs=$(sed -nE 's/^#([0-9]+):.*/\1/p' <<<"$stats")
  IFS=/ read -r ooms timeouts crashes < <(sed -nE 's/.*oom\/timeout\/crash: ([0-9]+\/[0-9]+\/[0-9]+).*/\1/p' <<<"$stats")
  new=$(( $(ls "$findings" | wc -l) - before ))
  [ "${crashes:-0}${timeouts:-0}${ooms:-0}" = 000 ] && [ "$new" = 0 ] || found=1
  summary+=("$(printf '%-16s %10s %8s %9s %5s %13s' "$target" "${execs:-?}" \
    "${crashes:-?}" "${timeouts:-?}" "${ooms:-?}" "$new")")
done
echo
printf '%-16s %10s %8s %9s %5s %13s\n' target executions crashes timeouts ooms "new findings"
printf '%s\n' "${summary[@]}"
[ "$found" = 0 ] || echo "fuzz.sh: findings in build/fuzz/findings/ (logs in build/fuzz/logs/)"
exit "$found"
