#!/usr/bin/env python3
"""`make bench` part `column-sweep`: seeded pages of 2-4 columns (Corpora/make_column_sweep.py) read
at accurate by PP-OCR and by Tesseract; per shape (number of columns, and all pages) the mean,
median, 90th-percentile and worst page CER.

    bench/column_sweep.py BIN [--count 50] [--seed 1] [--pages DIR]

--pages reads pages made before (a folder the generator wrote) instead of making them.
Environment: SCANBENCH_MODELS as for scanbench itself.
"""
import argparse
import json
import math
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def percentile(values, share):
    """Nearest rank: the smallest value at or above `share` of the values."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def read(binary, pages, engine, out):
    store = out / f"{engine}.jsonl"
    if store.exists():
        store.unlink()
    command = [binary, "run", str(pages), "--engine", engine, "--level", "accurate", "--lang", "eng",
               "--out", str(store), "--json"]
    done = subprocess.run(command, capture_output=True, text=True,
                          env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    if done.returncode not in (0, 1):
        sys.exit(f"column sweep: {engine} exited {done.returncode}: {done.stderr.strip()[-300:]}")
    result = {}
    for line in store.read_text().splitlines():
        record = json.loads(line)
        if record.get("kind") == "result" and "cer" in record:
            result[pathlib.Path(record["entry"]).stem] = record["cer"]
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pages")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as work:
        work = pathlib.Path(work)
        pages = pathlib.Path(args.pages) if args.pages else work / "pages"
        if not args.pages:
            subprocess.run([sys.executable, str(ROOT / "Corpora/make_column_sweep.py"), str(pages),
                            "--count", str(args.count), "--seed", str(args.seed)], check=True)
        shapes = {}
        sources = (pages / "SOURCES.txt").read_text().splitlines()
        # The pages say how they were made (their first line is the generator's command): a folder
        # given with --pages is named by it, not by this script's --seed.
        made_by = sources[0].strip() if sources and sources[0].startswith("Corpora/") else \
            f"Corpora/make_column_sweep.py --seed {args.seed} --count {args.count}"
        for line in sources:
            found = re.match(r"(sweep-\d+): (\d) columns", line)
            if found:
                shapes[found.group(1)] = f"{found.group(2)} columns"
        readings = {engine: read(args.binary, pages, engine, work) for engine in ("ppocr", "tesseract")}
    print(f"{len(shapes)} pages, `{made_by}`, "
          "`--level accurate`, CER per page (whitespace collapsed).")
    print()
    print("| shape | pages | engine | mean | median | p90 | worst (page) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for shape in sorted(set(shapes.values())) + ["all"]:
        names = [n for n, s in shapes.items() if shape in ("all", s)]
        for engine, cers in readings.items():
            values = [cers[n] for n in names if n in cers]
            if not values:
                continue
            worst = max(names, key=lambda n: cers.get(n, -1))
            print(f"| {shape} | {len(values)} | {engine} | {100 * statistics.mean(values):.2f}% | "
                  f"{100 * statistics.median(values):.2f}% | {100 * percentile(values, 0.9):.2f}% | "
                  f"{100 * cers[worst]:.2f}% ({worst}) |")
    print()


if __name__ == "__main__":
    main()
