#!/usr/bin/env python3
"""Times rapidfuzz's Levenshtein distance on the pairs `scanbench-bench scoring --write-pairs` wrote.

Usage: rapidfuzz_bench.py PAIRS_FOLDER

Reads every pair-<length>.gt.txt / pair-<length>.ocr.txt, times
rapidfuzz.distance.Levenshtein.distance on it (median over as many repeats as the Swift side uses) and
prints one JSON object on stdout.
"""

import json
import pathlib
import platform
import re
import statistics
import sys
import time

import rapidfuzz
from rapidfuzz.distance import Levenshtein


def repeats_for(length: int) -> int:
    # The same counts as ScoringBenchmark.repeats(forLength:), so both medians mean the same thing.
    if length < 5_000:
        return 201
    if length < 50_000:
        return 41
    return 11


def read(path: pathlib.Path) -> str:
    # newline="" keeps the text exactly as written: no line-ending translation.
    with path.open(encoding="utf-8", newline="") as file:
        return file.read()


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 64
    folder = pathlib.Path(sys.argv[1])
    pairs = []
    for ground_truth_path in sorted(folder.glob("pair-*.gt.txt")):
        match = re.fullmatch(r"pair-(\d+)\.gt\.txt", ground_truth_path.name)
        if not match:
            continue
        length = int(match.group(1))
        ground_truth = read(ground_truth_path)
        recognized = read(folder / f"pair-{length}.ocr.txt")
        repeats = repeats_for(length)
        times = []
        distance = None
        for _ in range(repeats):
            start = time.perf_counter()
            distance = Levenshtein.distance(ground_truth, recognized)
            times.append((time.perf_counter() - start) * 1000)
        pairs.append(
            {
                "length": length,
                "gt_length": len(ground_truth),
                "ocr_length": len(recognized),
                "distance": distance,
                "repeats": repeats,
                "distance_ms_median": round(statistics.median(times), 4),
            }
        )
    if not pairs:
        print(f"error: no pair-*.gt.txt files in {folder}", file=sys.stderr)
        return 1
    pairs.sort(key=lambda pair: pair["length"])
    report = {
        "rapidfuzz": rapidfuzz.__version__,
        "python": platform.python_version(),
        "pairs": pairs,
    }
    json.dump(report, sys.stdout, indent=2, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
