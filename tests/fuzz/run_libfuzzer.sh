#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs one libFuzzer target for a time (tests/fuzz/README.md, "The parser fuzzer").
#   run_libfuzzer.sh TARGET SECONDS WORKDIR [SEED_DIR...] [-LIBFUZZER_FLAG...]
# WORKDIR/corpus keeps what the runs find (it grows from run to run); the inputs that failed
# are written to WORKDIR as crash-*, leak-*, timeout-* and oom-*. The SEED_DIRs are read,
# never written. Flags starting with '-' go to libFuzzer (e.g. -fork=4 for four processes).
# Exit status: 0 when the time ran out without a failure, else libFuzzer's.
set -eu
if [ $# -lt 3 ]; then
   echo "usage: run_libfuzzer.sh TARGET SECONDS WORKDIR [SEED_DIR...] [-FLAG...]" >&2
   exit 2
fi
target=$1
seconds=$2
work=$3
shift 3
mkdir -p "$work/corpus"
"$target" -max_total_time="$seconds" -max_len=8192 -timeout=20 -print_final_stats=1 \
   -artifact_prefix="$work/" "$work/corpus" "$@" && status=0 || status=$?
failed=$(find "$work" -maxdepth 1 -newer "$work/corpus" \( -name 'crash-*' -o -name 'leak-*' \
   -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
where=""
[ "$failed" -eq 0 ] || where=", $failed failing inputs in $work"
echo "$(basename "$target"): ${seconds} s, corpus $(find "$work/corpus" -type f | wc -l) inputs," \
   "status $status$where"
exit "$status"
