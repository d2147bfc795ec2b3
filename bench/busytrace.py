#!/usr/bin/env python3
"""Where a run's cores idle (issue 29): runs COMMAND, samples its threads' states every 10 ms, and
charges each idle core to what the workers were doing, from the span trace a build with BusyTrace
writes (`git revert 7ba1007` brings it back, with the detector's turn traced), as measured in
Reports/BENCHMARKS.md, "Every core busy: where the cores idled (issue 29)". The threads of the
command's child processes are sampled too, so COMMAND may be `/usr/bin/time … scanbench …`
(sampling the first process alone counted every core of a wrapped run idle).
bench/workertimeline.py prints each worker's images and phases from the same OUTDIR. Usage:
  python3 bench/busytrace.py OUTDIR -- scanbench run INPUT --jobs 2 ...
  python3 bench/busytrace.py --analyse OUTDIR
Writes OUTDIR/trace.txt and OUTDIR/samples.txt; prints the idle core-seconds by the workers' states."""
import os, subprocess, sys, time, collections, json
from runnable import runnable_threads

CORES = 2

def run(outdir, cmd):
    os.makedirs(outdir, exist_ok=True)
    env = dict(os.environ, SCANBENCH_BUSY_TRACE=os.path.join(outdir, "trace.txt"))
    t0 = time.monotonic_ns()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(outdir, "stderr"), "w"))
    samples = []
    while p.poll() is None:
        now = time.monotonic_ns()
        runnable = runnable_threads(p.pid)
        samples.append((now, runnable))
        time.sleep(0.01)
    t1 = time.monotonic_ns()
    with open(os.path.join(outdir, "samples.txt"), "w") as f:
        f.write(f"{t0} {t1} {p.returncode}\n")
        for now, r in samples:
            f.write(f"{now} {' '.join(map(str, r))}\n")
    return analyse(outdir)

def load(outdir):
    spans = collections.defaultdict(list)
    for line in open(os.path.join(outdir, "trace.txt")):
        tid, label, s, e = line.split()
        spans[int(tid)].append((int(s), int(e), label))
    lines = open(os.path.join(outdir, "samples.txt")).read().splitlines()
    t0, t1, rc = map(int, lines[0].split())
    samples = []
    for l in lines[1:]:
        parts = l.split()
        samples.append((int(parts[0]), [int(x) for x in parts[1:]]))
    return spans, (t0, t1, rc), samples

def state_at(spans, t):
    """innermost span covering t (the shortest)"""
    best = None
    for s, e, label in spans:
        if s <= t <= e and (best is None or e - s < best[1] - best[0]):
            best = (s, e, label)
    return best[2] if best else None

def analyse(outdir):
    spans, (t0, t1, rc), samples = load(outdir)
    workers = sorted(tid for tid, ss in spans.items() if any(l in ("w:item", "w:queue-wait", "w:engine-wait") for _, _, l in ss))
    first_worker = min((s for tid in workers for s, _, l in spans[tid] if l.startswith("w:")), default=t1)
    exits = {tid: max((e for s, e, l in spans[tid] if l.startswith("w:")), default=t1) for tid in workers}
    causes = collections.Counter()
    busy = collections.Counter()
    dt = []
    for i, (t, r) in enumerate(samples):
        d = (samples[i + 1][0] - t) if i + 1 < len(samples) else 0.01e9
        d = min(d, 0.05e9) / 1e9
        demand = min(CORES, len(r))
        idle = CORES - demand
        if t < first_worker:
            key = "start-up (before the workers)"
        else:
            states = []
            for w in workers:
                if t > exits[w]:
                    states.append("exited")
                else:
                    states.append(state_at(spans[w], t) or "between")
            key = " | ".join(sorted(states))
        causes[key] += idle * d
        busy[key] += d
    total_wall = (t1 - t0) / 1e9
    total_idle = sum(causes.values())
    out = {"wall": total_wall, "idle_core_s": total_idle, "core_s": CORES * total_wall,
           "by_state": sorted(((k, round(v, 3), round(busy[k], 3)) for k, v in causes.items()), key=lambda x: -x[1])}
    print(f"wall {total_wall:.2f} s, idle core-s {total_idle:.2f} of {CORES*total_wall:.2f} "
          f"({100*total_idle/(CORES*total_wall):.1f}%) rc={rc}")
    for k, v, b in out["by_state"]:
        if v >= 0.005:
            print(f"  {v:7.3f} idle core-s over {b:7.3f} s  {k}")
    return out

if __name__ == "__main__":
    if sys.argv[1] == "--analyse":
        analyse(sys.argv[2])
    else:
        sep = sys.argv.index("--")
        run(sys.argv[1], sys.argv[sep + 1:])
