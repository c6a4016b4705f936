#!/usr/bin/env bash
# Packs what the GPU machine needs to run kopt and its lit suite into .device/ (git-ignored; carry
# it to the device): the self-contained kopt (device preset, stripped, xz) with the XGBoost
# libraries its cost model loads, lit, and FileCheck, not and count with their needless libz3
# dependency dropped (the GPU machine has no LLVM), and the nlohmann/json headers kopt-runner
# builds with there.
# Unpack there with scripts/device-unpack.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
LLVM_BIN=/usr/lib/llvm-22/bin

cmake --preset device >/dev/null
cmake --build --preset device
# Packed beside the old one and swapped in at the end: a run started meanwhile still finds a whole
# .device.
rm -rf .device.new && mkdir -p .device.new/bin
strip -o .device.new/kopt build/device/bin/kopt
# Debian ships XGBoost as a shared library only: it and the two it needs beyond the C and C++
# runtimes go to .device/lib, which kopt's RPATH names (DT_RPATH, unlike RUNPATH, also serves
# libxgboost's own dependencies).
mkdir -p .device.new/lib
for lib in libxgboost.so.0 libdmlc.so.0 libgomp.so.1; do
  cp -L "/usr/lib/x86_64-linux-gnu/$lib" .device.new/lib/
done
patchelf --force-rpath --set-rpath '$ORIGIN/../lib' .device.new/kopt
# Compressed, kopt and its libraries leave room in the device tool's 64 MiB carry for results/.
xz -9 -T0 -f .device.new/kopt .device.new/lib/*
for tool in FileCheck not count; do
  cp "$LLVM_BIN/$tool" .device.new/bin/
  patchelf --remove-needed libz3.so.4 ".device.new/bin/$tool"
done
cp -r /usr/lib/llvm-22/utils/lit/lit .device.new/lit
mkdir -p .device.new/include && cp -r /usr/include/nlohmann .device.new/include/  # for kopt-runner
# kopt-runner's source as packed, so that a run spread over sessions (bench/study-final.sh) builds
# the runner of kopt's own revision.
tar -cJf .device.new/runner-src.tar.xz tools/kopt-runner protocol
find .device.new/lit -name __pycache__ -prune -exec rm -rf {} +
cat > .device.new/bin/lit <<'LIT'
#!/usr/bin/env python3
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from lit.main import main
main()
LIT
rm -rf .device && mv .device.new .device
du -sh .device
