# Sourced by the bench scripts' steps on the GPU machine, from the repository root with $out set:
# kopt and its tools on PATH (scripts/device-unpack.sh), kopt-runner built once per machine
# ($runner), and the suite's evaluator settings (bench/suite-gpu.sh), which the scripts share so
# that each one's result cache serves the others.
eval "$(scripts/device-unpack.sh)"
[ -x build/runner/kopt-runner ] || bash scripts/device-build-runner.sh > "${out:?}/runner-build.log" 2>&1
runner=$PWD/build/runner/kopt-runner
suite_verify="trials=2"                       # kb-verify
suite_time="max-seconds=0.1 target=0.05"      # kb-time
