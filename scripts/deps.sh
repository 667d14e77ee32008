#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs libaco's build and test dependencies from Debian 12's packages (only when
# something is missing, so it is cheap to run again).
set -eu
pkgs="meson ninja-build gcc pkg-config libcmocka-dev llvm-19 lld-19 clang-19 libclang-rt-19-dev
      libdrm-dev libvulkan-dev abigail-tools spirv-headers glslang-tools mesa-vulkan-drivers"
missing=""
for p in $pkgs; do
   dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
echo "installing:$missing"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
