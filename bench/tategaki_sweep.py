#!/usr/bin/env python3
"""Per page shape of the vertical-Japanese sweep (Corpora/make_tategaki_sweep.py): mean, median,
90th percentile and worst page CER of each store given, side by side.

Usage: python3 bench/tategaki_sweep.py LABEL=STORE.jsonl [LABEL=STORE.jsonl ...]
A store's latest run is taken; a page's shape is its entry's folder (col-upright/..., book-2/...).
"""
import json
import math
import sys


def latest_run(path):
    rows, run = [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if rec.get("kind") != "result" or rec.get("cer") is None:
                continue
            if rec["run"] != run:
                run, rows = rec["run"], []
            rows.append(rec)
    return rows


def p90(values):
    s = sorted(values)
    return s[min(len(s) - 1, math.ceil(0.9 * len(s)) - 1)]


def main():
    stores = [a.split("=", 1) for a in sys.argv[1:]]
    if not stores:
        sys.exit(__doc__)
    by = {}
    for label, path in stores:
        for rec in latest_run(path):
            shape = rec["entry"].split("/")[0] if "/" in rec["entry"] else rec["entry"].rsplit("-", 1)[0]
            by.setdefault(shape, {}).setdefault(label, []).append((rec["cer"], rec["entry"]))
    head = "| shape | n | " + " | ".join(f"{l} mean | {l} median | {l} p90 | {l} worst" for l, _ in stores) + " |"
    print(head)
    print("|" + " --- |" * (2 + 4 * len(stores)))
    for shape in sorted(by):
        cells, n = [], 0
        for label, _ in stores:
            vals = by[shape].get(label, [])
            n = max(n, len(vals))
            if not vals:
                cells += ["-"] * 4
                continue
            c = sorted(v for v, _ in vals)
            worst = max(vals)
            cells += [f"{100 * sum(c) / len(c):.2f}%", f"{100 * c[len(c) // 2]:.2f}%", f"{100 * p90(c):.2f}%",
                      f"{100 * worst[0]:.2f}% ({worst[1].split('/')[-1]})"]
        print(f"| {shape} | {n} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
