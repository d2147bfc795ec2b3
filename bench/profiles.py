#!/usr/bin/env python3
"""Every engine at every level on every corpus: CER, images/s and peak RSS, one sitting.

Prints a Markdown section on stdout (progress on stderr): the table `--level` is chosen from
(README, "Profiles"), then, per language, which engine each level would pick by the rule the
README states — accurate: the lowest CER; fast: the fastest whose CER is within FAST_MARGIN
(relative) of accurate's. Standard library only.

Usage: bench/profiles.py BIN   Environment: REPEATS (1), SHARED (../shared/corpora), JOBS (cores),
ONLY (space-separated corpus names), FAST_MARGIN (0.25: within 25 % of accurate's CER).
"""
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.argv[1]).resolve()
REPEATS = int(os.environ.get("REPEATS", "1"))
SHARED = Path(os.environ.get("SHARED", ROOT.parent / "shared" / "corpora"))
JOBS = int(os.environ.get("JOBS", str(len(os.sched_getaffinity(0)))))
ONLY = set(os.environ.get("ONLY", "").split())
FAST_MARGIN = float(os.environ.get("FAST_MARGIN", "0.25"))
WORK = Path(tempfile.mkdtemp(prefix="scanbench-profiles-"))
ENV = dict(os.environ, OMP_THREAD_LIMIT="1")

# name, input, language, options, what it is
CORPORA = [
    ("uw3-lines", SHARED / "uw3-lines", "eng", ["--psm", "7", "--dpi", "300"], "500 scanned text lines"),
    ("sroie-receipts", SHARED / "sroie-receipts", "eng", ["--case-fold"], "100 shop receipts, case-folded"),
    ("tesseract-pages", SHARED / "tesseract-pages", "eng", [], "4 whole pages"),
    ("eng-lines", ROOT / "Corpora/eng-lines.tar.gz", "eng", ["--psm", "7"], "60 damaged English lines"),
    ("eng-pages", ROOT / "Corpora/eng-pages.tar.gz", "eng", [], "6 English pages"),
    ("jpn-lines", ROOT / "Corpora/jpn-lines.tar.gz", "jpn", ["--psm", "7"], "60 Japanese lines"),
    ("jpn-pages", ROOT / "Corpora/jpn-pages.tar.gz", "jpn", [], "4 Japanese pages"),
    ("jpn-vertical", ROOT / "Corpora/jpn-vertical.tar.gz", "jpn_vert", ["--psm", "5"], "6 vertical Japanese pages"),
]
ENGINES = ["tesseract", "ppocr"]
LEVELS = ["accurate", "fast"]


def log(message):
    print(message, file=sys.stderr, flush=True)


def run(corpus, engine, level):
    name, source, lang, options, _ = corpus
    store = WORK / f"{name}-{engine}-{level}.jsonl"
    walls, summary, rss = [], None, 0
    for attempt in range(REPEATS):
        if store.exists():
            store.unlink()
        command = ["/usr/bin/time", "-f", "%M", str(BIN), "run", str(source), "--engine", engine, "--level", level,
                   "--lang", lang, "--jobs", str(JOBS), "--out", str(store), "--json", *options]
        start = time.perf_counter()
        done = subprocess.run(command, env=ENV, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        if done.returncode not in (0, 1):
            log(f"  {name} {engine} {level}: exit {done.returncode}: {done.stderr.strip()[-300:]}")
            return None
        summary = json.loads(done.stdout)
        rss = max(rss, int(done.stderr.strip().splitlines()[-1]) // 1024)
        log(f"  {name} {engine} {level} #{attempt + 1}: {walls[-1]:.1f} s, CER {summary['cer_micro']:.4f}")
    wall = statistics.median(walls)
    return {"cer": summary["cer_micro"], "macro": summary["cer_macro"], "images": summary["images"],
            "rate": summary["images"] / wall, "rss": rss, "models": summary["engine"]["settings"]}


def percent(value):
    return "n/a" if value is None else f"{value * 100:.2f}%"


def main():
    results = {}
    for corpus in CORPORA:
        name, source = corpus[0], corpus[1]
        if ONLY and name not in ONLY:
            continue
        if not source.exists():
            log(f"{source} is absent: {name} left out")
            continue
        for engine in ENGINES:
            for level in LEVELS:
                results[(name, engine, level)] = run(corpus, engine, level)
    print(f"{JOBS} workers; images/s is the whole command's (start-up included), median of {REPEATS}; peak RSS of the"
          " process (`/usr/bin/time -f %M`). `tesseract fast` is Debian's fast models; `ppocr accurate` PP-OCRv6 small,"
          " `ppocr fast` the tiny recognizer and detector for English, the small recognizer with the tiny detector"
          " for Japanese.")
    print()
    print("| corpus | engine | level | CER micro | CER macro | images/s | peak RSS |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
    for corpus in CORPORA:
        for engine in ENGINES:
            for level in LEVELS:
                row = results.get((corpus[0], engine, level))
                if row:
                    print(f"| {corpus[0]} ({corpus[4]}) | {engine} | {level} | {percent(row['cer'])} |"
                          f" {percent(row['macro'])} | {row['rate']:.2f} | {row['rss']} MB |")
    print()
    # The choice, per language, by the rule the README states.
    for lang in ["eng", "jpn", "jpn_vert"]:
        names = [c[0] for c in CORPORA if c[2] == lang]
        candidates = {}
        for engine in ENGINES:
            for level in LEVELS:
                rows = [results.get((n, engine, level)) for n in names]
                if any(r is None for r in rows) or not rows:
                    continue
                # Errors and time over all of the language's corpora, each corpus weighted equally.
                cer = statistics.mean(r["cer"] for r in rows)
                seconds = statistics.mean(r["images"] / r["rate"] for r in rows)
                candidates[(engine, level)] = (cer, seconds)
        if not candidates:
            continue
        accurate = min(candidates, key=lambda k: candidates[k][0])
        limit = candidates[accurate][0] * (1 + FAST_MARGIN)
        fast = min((k for k in candidates if candidates[k][0] <= limit), key=lambda k: candidates[k][1])
        shown = ", ".join(f"{e} {l} {percent(c)} in {s:.1f} s" for (e, l), (c, s) in sorted(candidates.items()))
        print(f"- **{lang}** ({', '.join(names)}; mean CER and mean seconds per corpus): {shown}. "
              f"Accurate → **{accurate[0]} {accurate[1]}**; fast (within {FAST_MARGIN:.0%} of its CER, fastest) → "
              f"**{fast[0]} {fast[1]}**.")
    print()


main()
