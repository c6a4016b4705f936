#!/usr/bin/env bash
# Installs every Debian package kopt needs to build and test. Idempotent: packages already present
# are left alone, and apt-get update runs only when something is missing.
set -euo pipefail

# One place for the LLVM version and the package list.
LLVM_VERSION=22
PACKAGES=(
  cmake ninja-build ccache
  "llvm-${LLVM_VERSION}-dev" "llvm-${LLVM_VERSION}-tools" "libmlir-${LLVM_VERSION}-dev" "mlir-${LLVM_VERSION}-tools"
  "clang-${LLVM_VERSION}" "lld-${LLVM_VERSION}" "libclang-rt-${LLVM_VERSION}-dev"
  libgtest-dev libgmock-dev
  nlohmann-json3-dev libcurl4-openssl-dev libtorch-dev libxgboost-dev
  zlib1g-dev libzstd-dev libedit-dev libxml2-dev
  python3 python3-matplotlib python3-pytest xz-utils patchelf
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "setup: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
