#!/usr/bin/env python3
"""Each worker's timeline, and where a run's idle cores fall (issue 29), from an OUTDIR that
bench/busytrace.py wrote with a build that traces (`git revert 7ba1007`: BusyTrace's spans and the
detector's turn). Prints, for each worker, every image it took (seconds from the start: its look at
the reduced copy, `decode-preview` and `examine`; its decode; its reading, with the detector's turn
waited for, `wait-turn`, and held, `det-turn`, and the recognizer's runs, `rec`), when it left its
loop; then the idle core-seconds by tenth of the run and by what the workers were doing meanwhile
(`start-up` before the first image; `exited` once a worker has left its loop, `helping` when it
reads another's lines for it). Usage:
  python3 bench/busytrace.py OUTDIR -- /usr/bin/time -f '%e %U %S %M' scanbench run INPUT --jobs 2 ...
  python3 bench/workertimeline.py OUTDIR
"""
import collections, os, sys
import busytrace

CORES = 2
PHASES = ("w:decode-preview", "w:examine", "w:decode", "w:recognize", "w:wait-turn", "w:det-turn", "w:rec", "w:osd", "w:finish")
STATES = ("w:decode-preview", "w:examine", "w:decode", "w:wait-turn", "w:det-turn", "w:rec", "w:finish", "w:queue-wait", "w:engine-wait", "w:osd", "w:sha")

out = sys.argv[1]
spans, (t0, t1, rc), runnable = busytrace.load(out)
samples = [(now, len(threads)) for now, threads in runnable]
workers = sorted(t for t, ss in spans.items() if any(l == "w:item" for _, _, l in ss))
seconds = lambda ns: (ns - t0) / 1e9


def overlap(ss, s, e, label):
    return sum(min(e, e2) - max(s, s2) for s2, e2, l in ss if l == label and s2 < e and e2 > s) / 1e9


print(f"wall {seconds(t1):.2f} s, exit status {rc}")
for w in workers:
    ss = sorted(spans[w])
    print(f"worker {w}:")
    for s, e, l in ss:
        if l == "w:queue-wait" and e - s > 5e6:
            print(f"  {seconds(s):7.2f}-{seconds(e):7.2f} waits for an image {1e-9 * (e - s):.2f}")
        if l == "w:item":
            parts = [f"{p[2:]} {v:.2f}" for p in PHASES if (v := overlap(ss, s, e, p)) > 0.0005]
            print(f"  {seconds(s):7.2f}-{seconds(e):7.2f} image {1e-9 * (e - s):.2f}: " + ", ".join(parts))
    print(f"  leaves its loop {seconds(max(e for s, e, l in ss if l == 'w:queue-wait')):.2f}")

first_image = min(s for w in workers for s, e, l in spans[w] if l == "w:item")
leaves = {w: max(e for s, e, l in spans[w] if l == "w:queue-wait") for w in workers}


def state(w, t):
    if t >= leaves[w]:
        helping = any(s <= t <= e and l == "w:rec" for s, e, l in spans[w])
        return "exited, helping" if helping else "exited"
    inner = min(((e - s, l) for s, e, l in spans[w] if s <= t <= e and l in STATES), default=None)
    if inner:
        return inner[1][2:]
    return "image, other" if any(s <= t <= e and l == "w:item" for s, e, l in spans[w]) else "between"


tenths = [0.0] * 10
causes = collections.Counter()
for i, (t, n) in enumerate(samples):
    d = min((samples[i + 1][0] if i + 1 < len(samples) else t1) - t, 5e7) / 1e9
    idle = (CORES - min(CORES, n)) * d
    tenths[min(9, int(10 * (t - t0) / (t1 - t0)))] += idle
    if idle:
        key = "start-up" if t < first_image else " | ".join(sorted(state(w, t) for w in workers))
        causes[key] += idle
total = sum(tenths)
print("idle core-s by tenth:", " ".join(f"{x:.2f}" for x in tenths),
      f"(total {total:.2f}, structural CPU / wall {CORES - total / seconds(t1):.2f})")
for key, v in causes.most_common(12):
    print(f"  {v:6.2f} idle core-s ({100 * v / total:3.0f}%)  {key}")
