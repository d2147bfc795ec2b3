#!/usr/bin/env python3
"""The recognition cascade without running the models again (Reports/BENCHMARKS.md, "Recognition cascade").

Takes two `ppocr-eval --cache` folders of one corpus read with the same detector, one by the tiny
recognizer and one by the small, and writes a third in which each line across keeps the tiny
reading unless the cascade's rule (PPOCRPipeline.Options.Cascade) would read it again, when it
takes the small one; tall regions take the small one, as in the pipeline. Lay the result out and
score it with `ppocr-eval CORPUS --cache OUT` (the models are loaded but not run). Prints the lines
read again and their share of the crop width (the small recognizer's cost grows with the width).

Usage: bench/cascade_merge.py TINY SMALL OUT [--char P] [--column P] [--mean P]
"""
import argparse
import json
import math
import os

parser = argparse.ArgumentParser()
parser.add_argument("tiny")
parser.add_argument("small")
parser.add_argument("out")
parser.add_argument("--char", type=float, default=0.8, help="a character below this: read again")
parser.add_argument("--column", type=float, default=0.0, help="a column below this: read again")
parser.add_argument("--mean", type=float, default=0.0, help="a mean below this: read again")
arguments = parser.parse_args()


def width(corners):
    return math.dist(corners[0:2], corners[2:4])


def read_again(region):
    characters = region["characters"]
    if not characters:
        return True
    probabilities = [c["probability"] for c in characters]
    return (
        region.get("leastSureColumn", 1) < arguments.column
        or sum(probabilities) / len(probabilities) < arguments.mean
        or min(probabilities) < arguments.char
        or any(ord(x) >= 0x2E80 for c in characters for x in c["text"])
    )


os.makedirs(arguments.out, exist_ok=True)
lines = again = 0
total_width = again_width = 0.0
for name in sorted(os.listdir(arguments.small)):
    with open(os.path.join(arguments.small, name)) as f:
        small = json.load(f)
    with open(os.path.join(arguments.tiny, name)) as f:
        tiny = json.load(f)
    if len(small) != len(tiny):
        raise SystemExit(f"{name}: {len(tiny)} regions read by the tiny recognizer, {len(small)} by the small")
    merged = []
    for s, t in zip(small, tiny):
        if s["isVertical"]:
            merged.append(s)
            continue
        if s["corners"] != t["corners"]:
            raise SystemExit(f"{name}: the two caches' regions differ (not the same detector?)")
        lines += 1
        total_width += width(t["corners"])
        if read_again(t):
            again += 1
            again_width += width(t["corners"])
            merged.append(s)
        else:
            merged.append(t)
    with open(os.path.join(arguments.out, name), "w") as f:
        json.dump(merged, f)
print(json.dumps({"lines": lines, "read_again": again, "width_share": round(again_width / max(total_width, 1e-9), 4)}))
