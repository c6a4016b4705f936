#!/usr/bin/env bash
# Sets up, builds and runs every test: GoogleTest unit tests, the lit suite (tests that need a GPU
# report UNSUPPORTED on a machine without one) and the outside project in examples/ built against
# the installed package. Ends with ctest's summary.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --preset dev --parallel "$(nproc)"
