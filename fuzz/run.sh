#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS (default 600) on its committed seeds (Tests/Fuzz/TARGET,
# read only) and a working corpus in .build-fuzz/corpus/TARGET; crashes go to .build-fuzz/crashes/.
# Usage: fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/run.sh TARGET [SECONDS]}
seconds=${2:-600}
shift $(( $# >= 2 ? 2 : 1 ))
out=.build-fuzz
[ -x "$out/$target" ] || fuzz/build.sh "$target"
mkdir -p "$out/corpus/$target" "$out/crashes/$target"
case "$target" in
  archive) max_len=65536 ;;
  store|documents|baseline) max_len=16384 ;;
  external-protocol) max_len=65536 ;;
  http-request) max_len=65536 ;;
  *) max_len=4096 ;;
esac
exec "$out/$target" "$out/corpus/$target" "Tests/Fuzz/$target" \
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$out/crashes/$target/" -print_final_stats=1 "$@"
