#!/bin/bash
# `make slurm-check`: a real one-node Slurm cluster on this machine runs deploy/slurm/submit.sh as a
# user would, and the results are checked against a plain `scanbench run`.
#
#   1. munged, slurmctld and slurmd start on localhost with a generated slurm.conf (one node with
#      this machine's CPUs, one partition, select/cons_tres so that 1-CPU tasks share the node) in a
#      private folder, on free ports, with a private munge key and socket; a trap stops them (and
#      cancels what they run) whatever happens.
#   2. A single `scanbench run --jobs 2` over a corpus archive (the first $SLURM_CHECK_LINES lines of
#      ../shared/corpora/uw3-lines, or four copies of Corpora/eng-lines.tar.gz when it is absent).
#   3. SHARDS=3 CPUS=1 deploy/slurm/submit.sh: the array of 3 shards, then the merge
#      (--dependency=afterok); waited for with squeue, states from sacct; the merged store must have
#      every image of the single run exactly once, with the same texts.
#   4. The same again, with task 1 killed mid-run and requeued (`scontrol requeue`, as preemption or
#      a node failure does): its second run must resume (--resume) and skip exactly what the first
#      stored, no image twice in its store, and the merge must still prove every shard complete.
#
# Needs root (slurmd), slurm-wlm and munge (make setup), python3 and bsdtar. Environment:
#   SCANBENCH          the binary (default .build/release/scanbench)
#   SLURM_CHECK_LINES  uw3 lines in the archive (default 240; 500 = all)
#   SLURM_CHECK_KEEP   1: keep the private folder (printed) instead of removing it
# Exit 0 when every check passes; 1 on a failed check; 2 when it cannot run here.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
scanbench=$(realpath "${SCANBENCH:-$repo/.build/release/scanbench}")
lines=${SLURM_CHECK_LINES:-240}
keep=${SLURM_CHECK_KEEP:-}
started=$(date +%s%3N)

# Seconds since $1 (date +%s%3N), with one decimal.
seconds_since() { local ms=$(($(date +%s%3N) - $1)); printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100)); }
log() { printf '[%6ss] %s\n' "$(seconds_since "$started")" "$*"; }
fail() { log "FAILED: $*"; exit 1; }
cannot() { echo "slurm-check: cannot run here: $*" >&2; exit 2; }

[ "$(id -u)" -eq 0 ] || cannot "slurmd must run as root"
export PATH=$PATH:/usr/sbin:/sbin  # the daemons, for shells whose PATH lacks them
for command in munged mungekey slurmctld slurmd sbatch squeue sacct scontrol scancel srun sinfo python3 bsdtar; do
  command -v "$command" >/dev/null || cannot "'$command' is missing (make setup installs slurm-wlm and munge)"
done
[ -x "$scanbench" ] || cannot "no scanbench at $scanbench (make release, or set SCANBENCH)"

# Nothing of a surrounding Slurm job (this may itself run inside one) leaks into the private cluster.
for variable in ${!SLURM_@} ${!SBATCH_@} ${!SRUN_@}; do unset "$variable"; done

state=$(mktemp -d "${TMPDIR:-/tmp}/scanbench-slurm.XXXXXX")
chmod 755 "$state"  # munged refuses a socket in a folder others cannot traverse
mkdir -p "$state"/{munge,run,slurm/state,slurm/spool,slurm/log,bin,work}
chmod 700 "$state/munge"
export SLURM_CONF=$state/slurm/slurm.conf
declare -A pids=()
cgroup="" cgroup_home="" cpu_file=""

# CPU seconds used in the cgroup so far, in milliseconds; empty without one.
cpu_ms() {
  [ -n "$cgroup" ] || return 0
  if [ "$cpu_file" = cpuacct.usage ]; then echo $(($(cat "$cgroup/cpuacct.usage") / 1000000))
  else echo $(($(awk '$1 == "usage_usec" { print $2 }' "$cgroup/cpu.stat") / 1000)); fi
}
# "12.3 s" of CPU between two cpu_ms readings, or "n/a".
cpu_between() {
  [ -n "$1" ] && [ -n "$2" ] || { echo n/a; return; }
  local ms=$(($2 - $1)); printf '%d.%d s' $((ms / 1000)) $((ms % 1000 / 100))
}

stop() {
  local status=$? name pid jobs stopped leftovers
  trap - EXIT INT TERM
  if [ -n "${pids[slurmctld]:-}" ] && kill -0 "${pids[slurmctld]}" 2>/dev/null; then
    # Jobs first: slurmstepd and the tasks outlive slurmd, so they are cancelled and waited for.
    jobs=$(squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ')
    if [ -n "${jobs// /}" ]; then
      log "stopping: cancelling jobs $jobs"
      scancel $jobs 2>/dev/null || true
      for _ in $(seq 60); do [ -z "$(squeue -h -o %A 2>/dev/null)" ] && break; sleep 0.5; done
    fi
  fi
  stopped=""
  for name in slurmd slurmctld munged; do
    pid=${pids[$name]:-}
    [ -n "$pid" ] || continue
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid" 2>/dev/null || true; fi
    wait "$pid" 2>/dev/null || true
    stopped+="${stopped:+, }$name $pid"
  done
  [ -n "$stopped" ] && log "stopped $stopped"
  # Whatever the cluster started and left behind (a slurmstepd or a task whose job could not be
  # cancelled) carries this check's SLURM_CONF in its environment, and nothing else does.
  leftovers=$(python3 - "$SLURM_CONF" $$ <<'PY'
import os, sys
mark = b"SLURM_CONF=" + sys.argv[1].encode()
ours = {int(sys.argv[2]), os.getpid(), os.getppid()}
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        environment = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
    except OSError:
        continue
    if mark in environment and int(pid) not in ours:
        print(pid)
PY
  )
  if [ -n "$leftovers" ]; then
    log "stopping what the cluster left running: $(echo $leftovers)"
    kill $leftovers 2>/dev/null || true
    sleep 2
    kill -9 $leftovers 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ]; then
    for file in "$state"/slurm/log/*.log; do
      [ -f "$file" ] && { echo "--- $file (last 15 lines)"; tail -15 "$file"; }
    done
  fi
  if [ -n "$cgroup" ]; then
    echo $$ >"$cgroup_home/cgroup.procs" 2>/dev/null || true
    for _ in $(seq 20); do rmdir "$cgroup" 2>/dev/null && break; sleep 0.1; done
  fi
  if [ -n "$keep" ]; then log "kept $state"; else rm -rf "$state"; fi
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# CPU time of everything the check starts (the daemons, the single run, the jobs' tasks, squeue),
# counted by a cgroup of its own when it may make one (cgroup v1 cpuacct, else v2); "n/a" if not.
# Wall time on a shared machine says little on its own; CPU time says what the work cost.
if mount=$(awk '$3 == "cgroup" && $4 ~ /(^|,)cpuacct(,|$)/ { print $2; exit }' /proc/mounts) &&
  [ -n "$mount" ]; then
  cgroup_home=$mount$(awk -F: '$2 ~ /(^|,)cpuacct(,|$)/ { print $3 }' /proc/self/cgroup)
  cpu_file=cpuacct.usage
elif mount=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts) && [ -n "$mount" ]; then
  cgroup_home=$mount$(awk -F: '$1 == "0" { print $3 }' /proc/self/cgroup)
  cpu_file=cpu.stat
fi
if [ -n "$cgroup_home" ] && mkdir "${cgroup_home%/}/scanbench-slurm-check.$$" 2>/dev/null; then
  cgroup=${cgroup_home%/}/scanbench-slurm-check.$$
  echo $$ >"$cgroup/cgroup.procs" 2>/dev/null || { rmdir "$cgroup"; cgroup=""; }
fi

# Waits up to $1 seconds for the command after it to succeed.
wait_until() {
  local seconds=$1; shift
  local deadline=$(($(date +%s) + seconds))
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}

# --- 1. The cluster --------------------------------------------------------------------------
host=$(hostname -s)
# What slurmd finds (not nproc, which OMP_THREAD_LIMIT=1, as `make test` sets it, turns into 1).
hardware=$(slurmd -C)
cpus=$(sed -n 's/.*CPUs=\([0-9]*\).*/\1/p' <<<"$hardware")
memory=$(sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' <<<"$hardware")
read -r controller_port node_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in sockets))')

mungekey --create --keyfile="$state/munge/munge.key"
munged --foreground --socket="$state/run/munge.socket" --key-file="$state/munge/munge.key" \
  --pid-file="$state/run/munged.pid" --seed-file="$state/munge/munged.seed" \
  >"$state/slurm/log/munged.log" 2>&1 &
pids[munged]=$!
wait_until 10 test -S "$state/run/munge.socket" || fail "munged did not start"

cat >"$SLURM_CONF" <<EOF
# Generated by deploy/slurm/check.sh: one node, this machine, for one check.
ClusterName=scanbench-check
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$controller_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire also sets how long a requeued job waits before it may start again (default 120 s).
AuthInfo=socket=$state/run/munge.socket,cred_expire=10
StateSaveLocation=$state/slurm/state
SlurmdSpoolDir=$state/slurm/spool
SlurmctldPidFile=$state/run/slurmctld.pid
SlurmdPidFile=$state/run/slurmd.pid
SlurmctldLogFile=$state/slurm/log/slurmctld.log
SlurmdLogFile=$state/slurm/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
MailProg=/bin/true
# No slurmdbd here: sacct reads the job completion log (sacct --completion).
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc=$state/slurm/log/jobcomp.txt
ReturnToService=2
KillWait=10
MinJobAge=3600
SchedulerParameters=sched_interval=1
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -f "$SLURM_CONF" >"$state/slurm/log/slurmctld.out" 2>&1 &
pids[slurmctld]=$!
wait_until 20 bash -c 'scontrol ping | grep -q UP' || fail "slurmctld did not answer"
slurmd -D -f "$SLURM_CONF" >"$state/slurm/log/slurmd.out" 2>&1 &
pids[slurmd]=$!
wait_until 30 bash -c '[ "$(sinfo -h -o %T)" = idle ]' || fail "node $host did not become idle: $(sinfo -h -o '%T %E')"
log "cluster up: munged ${pids[munged]}, slurmctld ${pids[slurmctld]} (port $controller_port)," \
  "slurmd ${pids[slurmd]} (port $node_port); $(sinfo -h -o 'partition %P, node %N: %c CPUs, %m MB, %T')"

# --- 2. The corpus and the single run ----------------------------------------------------------
work=$state/work
archive=$work/lines.tar
corpus=$repo/../shared/corpora/uw3-lines
if [ -d "$corpus" ]; then
  (cd "$corpus" && ls | grep '\.png$' | sort | sed -n "1,${lines}p" | sed 'p;s/\.png$/.gt.txt/' |
    bsdtar -cf "$archive" -T -)
  options=(--engine tesseract --level fast --psm 7 --dpi 300)
  what="the first $lines lines of uw3-lines"
else
  # Four copies, each image given a comment naming its copy (a PNG tEXt chunk, a JPEG COM segment):
  # the same pixels in other bytes. (With the same bytes, --resume counts a copy as done once
  # another copy is stored, and a requeued shard would not write it.)
  for copy in 1 2 3 4; do
    mkdir -p "$work/src/copy$copy" && bsdtar -xf "$repo/Corpora/eng-lines.tar.gz" -C "$work/src/copy$copy"
  done
  python3 - "$work/src" <<'PY'
import pathlib, struct, sys, zlib
for path in sorted(pathlib.Path(sys.argv[1]).glob("copy*/*")):
    if path.name.endswith(".txt"):
        continue
    data, comment = path.read_bytes(), b"scanbench slurm-check " + path.parent.name.encode()
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        end = 8 + 8 + struct.unpack(">I", data[8:12])[0] + 4  # the signature, then IHDR
        body = b"Comment\0" + comment
        chunk = struct.pack(">I", len(body)) + b"tEXt" + body + struct.pack(">I", zlib.crc32(b"tEXt" + body))
        path.write_bytes(data[:end] + chunk + data[end:])
    elif data.startswith(b"\xff\xd8"):
        path.write_bytes(data[:2] + b"\xff\xfe" + struct.pack(">H", len(comment) + 2) + comment + data[2:])
    else:
        sys.exit(f"{path}: neither PNG nor JPEG: cannot make its copies differ")
PY
  (cd "$work/src" && find . -type f | sort | bsdtar -cf "$archive" -T -)
  rm -rf "$work/src"
  options=(--engine tesseract --level fast --psm 7)
  what="four copies of Corpora/eng-lines.tar.gz, $corpus being absent"
fi
# The jobs find scanbench on PATH and the standard models by SCANBENCH_MODELS, as on a cluster.
ln -s "$scanbench" "$state/bin/scanbench"
export PATH=$state/bin:$PATH OMP_THREAD_LIMIT=1
[ -d "$repo/.models" ] && export SCANBENCH_MODELS=$repo/.models

log "single run: scanbench run lines.tar --jobs 2 ${options[*]} ($what)"
single=$work/single.jsonl
cpu_before=$(cpu_ms)
scanbench run "$archive" --jobs 2 "${options[@]}" --out "$single" >"$work/single.txt" 2>&1 ||
  { cat "$work/single.txt"; fail "the single run failed"; }
single_cpu=$(cpu_between "$cpu_before" "$(cpu_ms)")
images=$(grep -c '"kind":"result"' "$single")
single_wall=$(python3 -c 'import json,sys; print("%.1f" % json.loads(open(sys.argv[1]).readlines()[-1])["wall_seconds"])' "$single")
log "single run: $images images in $single_wall s ($single_cpu of CPU)"

# --- Helpers for the jobs ----------------------------------------------------------------------
# Submits with deploy/slurm/submit.sh, exactly as deploy/README.md says; sets $array, $merge,
# $submitted (date +%s%3N) and $submitted_cpu (cpu_ms).
submit() {
  local folder=$1 output
  mkdir -p "$folder"
  submitted=$(date +%s%3N)
  submitted_cpu=$(cpu_ms)
  log "+ cd $folder && SHARDS=3 CPUS=1 ARCHIVE=$archive OUT=$folder/results.jsonl deploy/slurm/submit.sh ${options[*]}"
  output=$(cd "$folder" && SHARDS=3 CPUS=1 ARCHIVE=$archive OUT=$folder/results.jsonl \
    "$repo/deploy/slurm/submit.sh" "${options[@]}") || fail "submit.sh failed: $output"
  log "$output"
  array=$(sed -n 's/^shards: job \([0-9]*\) .*/\1/p' <<<"$output")
  merge=$(sed -n 's/.*merge: job \([0-9]*\) .*/\1/p' <<<"$output")
  [ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in submit.sh's output"
}

# squeue until the jobs have left the queue, printing each change of state; sets $job_seconds,
# the time from sbatch to the end of the merge, and $job_cpu, the CPU time used meanwhile.
wait_for_jobs() {
  local last="" now deadline=$(($(date +%s) + 240))
  while :; do
    now=$(squeue -h -j "$array,$merge" -o '%i:%T' 2>/dev/null | sort | tr '\n' ' ')
    [ "$now" != "$last" ] && [ -n "$now" ] && log "squeue: $now"
    last=$now
    [ -z "$now" ] && break
    [ "$(date +%s)" -lt "$deadline" ] || fail "the jobs did not finish in 240 s"
    sleep 0.5
  done
  job_seconds=$(seconds_since "$submitted")
  job_cpu=$(cpu_between "$submitted_cpu" "$(cpu_ms)")
}

# The states of the finished jobs: sacct (from the completion log; the lines this submission
# added) and squeue --states=all.
sacct_seen=0
show_states() {
  local table
  log "sacct --completion (no slurmdbd: the completion log, by Slurm's internal job ids; a requeued" \
    "attempt is logged as PENDING):"
  table=$(sacct --completion --format=JobID,JobName%16,State,ExitCode,Start,End,Elapsed 2>/dev/null)
  { head -2 <<<"$table"; tail -n +$((sacct_seen + 3)) <<<"$table"; } | sed 's/^/    /'
  sacct_seen=$(($(wc -l <<<"$table") - 2))
  log "squeue --states=all -j $array,$merge (array task ids):"
  squeue --states=all -j "$array,$merge" -o '%.10i %.16j %.10T %.10M %S %e' | sed 's/^/    /'
  local states
  states=$(squeue --states=all -h -j "$array,$merge" -o '%T' | sort -u | tr '\n' ' ')
  [ "$states" = "COMPLETED " ] || fail "not every job COMPLETED: $states"
}

# Every image of the single run exactly once in the merged store, with the same text; the merge
# job's report says complete, without duplicates.
check_merged() {
  local folder=$1
  log "merge job $merge's log (scanbench-merge-$merge.log):"
  sed 's/^/    /' "$folder/scanbench-merge-$merge.log"
  grep -q '^shards  *3 of 3 complete' "$folder/scanbench-merge-$merge.log" || fail "the merge did not prove 3 of 3 shards"
  python3 - "$single" "$folder/results.jsonl" <<'PY' || fail "the merged store differs from the single run"
import collections, json, sys

def results(path):
    records = [json.loads(line) for line in open(path, encoding="utf-8")]
    return [r for r in records if r.get("kind") == "result"], [r for r in records if r.get("kind") == "summary"]

def key(r):
    return (r["entry"], r.get("page"), r["sha256"])

single, _ = results(sys.argv[1])
merged, summaries = results(sys.argv[2])
counts = collections.Counter(map(key, merged))
twice = [k for k, n in counts.items() if n > 1]
expected = {key(r): (r.get("text"), r.get("error")) for r in single}
got = {key(r): (r.get("text"), r.get("error")) for r in merged}
missing = expected.keys() - got.keys()
extra = got.keys() - expected.keys()
different = [k for k in expected.keys() & got.keys() if expected[k] != got[k]]
print(f"    merged store: {len(merged)} results, {len(counts)} distinct images (entry, page, SHA-256), "
      f"{len(twice)} twice; single run: {len(single)}; missing {len(missing)}, extra {len(extra)}, "
      f"different texts {len(different)}; summary: images {summaries[-1]['images']}, "
      f"interrupted {summaries[-1]['interrupted']}")
ok = not twice and not missing and not extra and not different and len(summaries) == 1
sys.exit(0 if ok and summaries[-1]["images"] == len(single) else 1)
PY
  log "merge proof: every image exactly once, the same texts as the single run"
}

# The wall time of every shard's runs, from the shard stores' summaries.
shard_times() {
  python3 - "$1" <<'PY'
import glob, json, sys
for path in sorted(glob.glob(sys.argv[1] + "/results.shard-*.jsonl")):
    runs = [json.loads(l) for l in open(path) if '"kind":"summary"' in l]
    print("    " + path.rsplit("/", 1)[1] + ": " + "; ".join(
        f"{r['images']} images, {r['skipped']} skipped, {r['wall_seconds']:.1f} s"
        + (" (interrupted)" if r["interrupted"] else "") for r in runs))
PY
}

# --- 3. The array, then the merge ---------------------------------------------------------------
clean=$work/clean
submit "$clean"
clean_array=$array
wait_for_jobs
clean_seconds=$job_seconds
clean_cpu=$job_cpu
show_states
shard_times "$clean"
check_merged "$clean"

# --- 4. A task killed mid-run and requeued ------------------------------------------------------
retry=$work/requeue
submit "$retry"
victim=${array}_1
store=$retry/results.shard-0001-of-0003.jsonl
# Task 1 starts at once (two 1-CPU tasks run side by side); it is killed once it has stored a
# quarter of its share, about images/12 results.
threshold=$(( images / 12 > 2 ? images / 12 : 2 ))
deadline=$(($(date +%s) + 120))
until [ -f "$store" ] && [ "$(grep -c '"kind":"result"' "$store")" -ge "$threshold" ]; do
  [ "$(date +%s)" -lt "$deadline" ] || fail "task $victim stored fewer than $threshold results in 120 s"
  sleep 0.1
done
before=$(grep -c '"kind":"result"' "$store")
log "+ scontrol requeue $victim   (task 1 running, $before results in its store)"
scontrol requeue "$victim"
wait_for_jobs
retry_seconds=$job_seconds
retry_cpu=$job_cpu
show_states
restarts=$(scontrol show job "$victim" | sed -n 's/.*Restarts=\([0-9]*\).*/\1/p')
log "scontrol show job $victim: Restarts=$restarts"
[ "$restarts" = 1 ] || fail "task $victim was not requeued once (Restarts=$restarts)"
shard_times "$retry"
log "task $victim's log (scanbench-${array}_1.log, both runs):"
sed 's/^/    /' "$retry/scanbench-${array}_1.log"
python3 - "$store" <<'PY' || fail "the requeued shard's store does not show a clean resume"
import collections, json, sys
records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
runs = collections.OrderedDict()
for r in records:
    runs.setdefault(r["run"], []).append(r)
summaries = [r for r in records if r.get("kind") == "summary"]
results = [r for r in records if r.get("kind") == "result"]
keys = collections.Counter((r["entry"], r.get("page"), r["sha256"]) for r in results)
first, second = (summaries + [None, None])[:2]
print(f"    {sys.argv[1].rsplit('/', 1)[1]}: {len(runs)} runs; {len(results)} results, {len(keys)} distinct images, "
      f"{sum(n > 1 for n in keys.values())} twice")
for s in summaries:
    print(f"      run {s['run']}: images {s['images']} (recorded {s.get('recorded', s['images'])}), "
          f"skipped {s['skipped']}, interrupted {s['interrupted']}")
# --resume continues the interrupted run under its id: one run, a summary for each part, the last
# counting the whole run (images) and what its part wrote (recorded).
ok = (len(summaries) == 2 and len(runs) == 1 and first["interrupted"] and not second["interrupted"]
      and second["skipped"] == first["images"] and first["images"] + second["recorded"] == len(keys) == len(results)
      and second["images"] == len(keys))
sys.exit(0 if ok else 1)
PY
log "resume proof: the first run was interrupted, the second skipped exactly what it had stored, no image twice"
check_merged "$retry"

# Images per second of the single run, of a job (from sbatch to the merge's end), and of one shard
# process (its images over its own wall time, as the merge's summary counts it).
rates() {
  python3 - "$single" "$clean/results.jsonl" "$clean_seconds" <<'PY'
import json, sys
single = json.loads(open(sys.argv[1]).readlines()[-1])
merged = json.loads(open(sys.argv[2]).readlines()[-1])
job = float(sys.argv[3])
print(f"single {single['images'] / single['wall_seconds']:.2f} img/s; "
      f"job {merged['images'] / job:.2f} img/s; "
      f"shard process {merged['images_per_second']:.2f} img/s (1 worker, {merged['wall_seconds']:.1f} s in all)")
PY
}
log "timings ($cpus CPUs, shared with whatever else runs; load average $(cut -d' ' -f1-3 /proc/loadavg)):"
log "  single scanbench run --jobs 2:                     $single_wall s, CPU $single_cpu"
log "  3-shard array + merge (sbatch to the merge's end): $clean_seconds s, CPU $clean_cpu (job $clean_array)"
log "  the same with task 1 requeued:                     $retry_seconds s, CPU $retry_cpu (job $array)"
log "  $images images: $(rates)"
log "slurm-check: passed"
