#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# libaco.so's ABI against the baseline abi/libaco.abi (abigail-tools' abidw XML of the
# public headers' types and functions; docs/api.md "Versioning").
#   abi.sh check LIBACO_SO   abidiff against the baseline: fails (exit 1) on a removed or
#                            changed function or a changed layout of a type it reaches;
#                            added functions are reported and pass
#   abi.sh update LIBACO_SO  writes the baseline from this library (from a plain gcc
#                            build: meson setup build && ninja -C build)
set -eu
cd "$(dirname "$0")/.."
baseline=abi/libaco.abi
[ $# -eq 2 ] || { echo "usage: abi.sh check|update LIBACO_SO" >&2; exit 2; }
lib=$2
case $1 in
update)
   mkdir -p abi
   abidw --headers-dir include/aco --drop-private-types --no-corpus-path --no-show-locs \
      --no-comp-dir-path --out-file "$baseline" "$lib"
   echo "wrote $baseline"
   ;;
check)
   # every change but added functions and variables fails: removed or changed functions,
   # changed layouts of the types they reach (abidiff's status 4 covers both kinds)
   status=0
   abidiff --no-added-syms "$baseline" "$lib" || status=$?
   if [ "$status" -ne 0 ]; then
      echo "abi: $lib differs from $baseline (abidiff status $status): update the baseline"
      echo "abi: only with a soname change, or if the change above is intended (docs/api.md)"
      exit 1
   fi
   added=0
   abidiff --added-fns --added-vars "$baseline" "$lib" >/dev/null || added=$?
   [ "$added" -eq 0 ] || echo "abi: functions added since $baseline (update it when releasing)"
   echo "abi: $lib is compatible with $baseline"
   ;;
*)
   echo "usage: abi.sh check|update LIBACO_SO" >&2
   exit 2
   ;;
esac
