#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the build into a temporary directory (meson install --destdir), then builds
# tests/install/client.c outside the tree with only pkg-config's flags for libaco and runs
# it against the installed library.
#   check_install.sh BUILD_DIR SOURCE_DIR CC
set -eu
build=$1
src=$2
cc=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
meson install --no-rebuild --quiet -C "$build" --destdir "$tmp/root" >/dev/null
pc=$(find "$tmp/root" -name libaco.pc | head -1)
[ -n "$pc" ] || { echo "no libaco.pc installed"; exit 1; }
# the system's own .pc files stay visible: libaco's may name libdrm_amdgpu (built with the
# libdrm feature), which a client's machine has installed beside it
system_pc=$(pkg-config --variable pc_path pkg-config)
export PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_SYSROOT_DIR=$tmp/root
export PKG_CONFIG_LIBDIR=$PKG_CONFIG_PATH:$system_pc
flags=$(pkg-config --cflags --libs libaco)
echo "pkg-config --cflags --libs libaco: $flags"
cd "$tmp"
# shellcheck disable=SC2086
$cc -std=c11 -Wall -Wextra -Werror -pthread -o client "$src/tests/install/client.c" $flags
# the installed library's directory, as pkg-config gives it (inside the sysroot)
libdir=$(pkg-config --libs-only-L libaco | sed 's/^ *-L//; s/ *$//')
LD_LIBRARY_PATH=$libdir ./client gfx1100
LD_LIBRARY_PATH=$libdir ./client gfx1030
# the client found the installed library, not the build's
LD_LIBRARY_PATH=$libdir ldd ./client | grep -q "$tmp/root.*libaco.so" ||
   { echo "the client does not use the installed libaco"; exit 1; }
echo "install: the out-of-tree client built and ran against $libdir"
