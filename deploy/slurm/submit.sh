#!/bin/bash
# Queues the shard array, then the merge, which starts only when every task has succeeded.
#   ARCHIVE=/shared/in/archive.tar.gz OUT=/shared/out/results.jsonl deploy/slurm/submit.sh
set -euo pipefail
here=$(dirname "$0")
array=$(sbatch --parsable "$here/scanbench-array.sbatch")
array=${array%%;*}  # --parsable prints "jobid" or "jobid;cluster"
merge=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes "$here/scanbench-merge.sbatch")
echo "shards: job $array (array 0-15); merge: job ${merge%%;*} after it"
