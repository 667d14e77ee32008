#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Long runs of every libFuzzer target (tests/fuzz/README.md, "Long runs"):
#   tests/fuzz/nightly.sh [SECONDS_PER_TARGET [WORKDIR [-LIBFUZZER_FLAG...]]]
# Sets up the fuzz build (ACO_FUZZ_BUILD, default build-fuzz: clang-19, -Dfuzz=true,
# ASan+UBSan) if it does not exist, builds the targets and runs each in turn, 4 hours by
# default, with its corpus and failing inputs in WORKDIR/TARGET (default
# ~/.cache/aco-fuzz), kept from one night to the next. Exit status 1 if a target failed.
set -u
cd "$(dirname "$0")/../.."
seconds=${1:-14400}
work=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/aco-fuzz}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
dir=${ACO_FUZZ_BUILD:-build-fuzz}
# the libFuzzer targets of tests/fuzz/meson.build, and the programs each starts from
targets="fuzz-parse"
seeds_of() {
   case $1 in
      fuzz-parse) echo "tests/ir tests/bad examples bench/programs" ;;
   esac
}
if [ ! -d "$dir" ]; then
   CC=clang-19 meson setup "$dir" -Dfuzz=true -Db_sanitize=address,undefined \
      -Db_lundef=false >/dev/null || exit 1
fi
# shellcheck disable=SC2046
ninja -C "$dir" $(for t in $targets; do echo "tests/fuzz/$t"; done) || exit 1
status=0
for t in $targets; do
   # shellcheck disable=SC2046
   bash tests/fuzz/run_libfuzzer.sh "$dir/tests/fuzz/$t" "$seconds" "$work/$t" \
      $(seeds_of "$t") "$@" || status=1
done
exit $status
