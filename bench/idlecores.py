#!/usr/bin/env python3
"""How many cores a run leaves idle, on a loaded machine (issue 29): runs COMMAND and samples the
states of the threads of it and its children every 10 ms (/proc/PID/task/*/stat); a sample with
fewer than CORES runnable threads is an idle core for the sample's length. A runnable thread
waiting for a core other processes hold counts as busy, so the idle share does not depend on the
load. Prints wall s, idle core-s, the idle share of CORES x wall, 'structural CPU/wall' =
CORES x (1 - idle share), and the idle core-s in each tenth of the run; writes OUT.txt and
OUT.txt.samples (seconds, runnable threads). bench/busytrace.py's sampler without its span trace
(Reports/BENCHMARKS.md, "Fast's coarse pass out of the detector's turn, and a smaller screen dropped (issue 29)"). Usage:
  python3 bench/idlecores.py OUT.txt -- scanbench run INPUT --jobs 2 ...
"""
import os, subprocess, sys, time
from runnable import runnable_threads
CORES = 2
out = sys.argv[1]; cmd = sys.argv[sys.argv.index("--") + 1:]
p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
samples = []
while p.poll() is None:
    now = time.monotonic_ns(); n = len(runnable_threads(p.pid))
    samples.append((now, n)); time.sleep(0.01)
end = time.monotonic_ns()
idle = 0.0
for (t, n), (t2, _) in zip(samples, samples[1:] + [(end, 0)]):
    idle += (CORES - min(CORES, n)) * (t2 - t) / 1e9
wall = (end - samples[0][0]) / 1e9
line = f"wall {wall:.1f} s, idle {idle:.2f} core-s, idle share {idle / (CORES * wall):.3f}, structural CPU/wall {CORES * (1 - idle / (CORES * wall)):.2f}, samples {len(samples)}"
open(out, "w").write(line + "\n"); print(line)
# the timeline: idle core-seconds in each tenth of the run
t0 = samples[0][0]; buckets = [0.0] * 10
for (t, n), (t2, _) in zip(samples, samples[1:] + [(end, 0)]):
    buckets[min(9, int(10 * (t - t0) / (end - t0)))] += (CORES - min(CORES, n)) * (t2 - t) / 1e9
print("idle by tenth of the run:", " ".join(f"{b:.2f}" for b in buckets))
with open(out + ".samples", "w") as f:
    for t, n in samples: f.write(f"{(t - t0) / 1e9:.3f} {n}\n")
