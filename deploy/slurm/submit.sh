#!/bin/bash
# Queues the shard array, then the merge, which starts only when every task has succeeded.
#   ARCHIVE=/shared/in/archive.tar.gz OUT=/shared/out/results.jsonl deploy/slurm/submit.sh [run options]
# SHARDS (default 16) is the number of array tasks, i.e. of shards; CPUS (default 8) each task's
# CPUs and workers. Options after the script's name go to every task's `scanbench run` (e.g.
# --level fast --psm 7); without them, scanbench's defaults (the accurate profile).
set -euo pipefail
here=$(dirname "$0")
export SHARDS=${SHARDS:-16}
export ARCHIVE=${ARCHIVE:-/shared/scanbench/in/archive.tar.gz}
export OUT=${OUT:-/shared/scanbench/out/results.jsonl}
CPUS=${CPUS:-8}
# Mistakes that would otherwise show only in the tasks' logs, after waiting in the queue.
[[ $SHARDS =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: SHARDS is '$SHARDS', not a count" >&2; exit 64; }
[[ $CPUS =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: CPUS is '$CPUS', not a count" >&2; exit 64; }
[ -r "$ARCHIVE" ] || { echo "submit.sh: cannot read ARCHIVE=$ARCHIVE" >&2; exit 66; }
[ -d "$(dirname "$OUT")" ] || { echo "submit.sh: no folder for OUT=$OUT" >&2; exit 66; }
# The tasks inherit this environment (sbatch --export=ALL): SHARDS, ARCHIVE, OUT and PATH.
array=$(sbatch --parsable --array=0-$((SHARDS - 1)) --cpus-per-task="$CPUS" \
  "$here/scanbench-array.sbatch" "$@")
array=${array%%;*}  # --parsable prints "jobid" or "jobid;cluster"
merge=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes "$here/scanbench-merge.sbatch")
echo "shards: job $array (array 0-$((SHARDS - 1)), CPUs per task $CPUS); merge: job ${merge%%;*} after it"
