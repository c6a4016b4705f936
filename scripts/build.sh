#!/usr/bin/env bash
# Installs the Debian packages kopt needs and builds it with the developer preset (build/dev).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
[ -f build/dev/build.ninja ] || cmake --preset dev >/dev/null
cmake --build --preset dev
