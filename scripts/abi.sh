#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# libaco.so's ABI against the baseline abi/libaco.abi (abigail-tools' abidw XML of the
# public headers' types and functions; docs/api.md "Versioning").
#   abi.sh check LIBACO_SO   abidiff against the baseline: fails (exit 1) on a change that
#                            breaks existing callers (a removed or changed function or
#                            type); additions are reported and pass
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
   status=0
   abidiff --headers-dir2 include/aco "$baseline" "$lib" || status=$?
   # abidiff's status bits: 1 error, 2 usage, 4 ABI change, 8 incompatible ABI change
   if [ $((status & 11)) -ne 0 ]; then
      echo "abi: $lib is not compatible with $baseline (abidiff status $status)"
      exit 1
   fi
   [ "$status" -eq 0 ] || echo "abi: compatible additions to $baseline (update it when releasing)"
   echo "abi: $lib is compatible with $baseline"
   ;;
*)
   echo "usage: abi.sh check|update LIBACO_SO" >&2
   exit 2
   ;;
esac
