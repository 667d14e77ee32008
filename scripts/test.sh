#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sets up (if needed), builds and runs every test suite.
#   ACO_BUILD=dir          build directory (default: build)
#   ACO_MESON_ARGS="..."   extra `meson setup` options (e.g. -Db_sanitize=address,undefined)
#   ACO_TESTS="a b"        run only these tests (building only what they need)
set -eu
cd "$(dirname "$0")/.."
bash scripts/deps.sh
dir=${ACO_BUILD:-build}
# warnings are errors here (and so in CI), not in a plain `meson setup`
# shellcheck disable=SC2086
[ -d "$dir" ] || meson setup "$dir" -Dwerror=true ${ACO_MESON_ARGS:-} >/dev/null
if [ -n "${ACO_TESTS:-}" ]; then
   # shellcheck disable=SC2086
   meson test -C "$dir" --print-errorlogs --num-processes 2 $ACO_TESTS
else
   ninja -C "$dir"
   meson test -C "$dir" --print-errorlogs --num-processes 2
fi
