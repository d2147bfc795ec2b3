#!/usr/bin/env python3
"""Every engine at every level on every corpus: CER, images/s and peak RSS, one sitting.

Prints a Markdown section on stdout (progress on stderr): the table `--level` is chosen from
(docs/engines.md, "Profiles"), then, per language, which engine each level would pick by the rule
docs/engines.md, "Profiles" states — accurate: the lowest CER on the most of the language's corpora; fast: the fastest
(geometric mean of images/s over accurate's) whose CER is within FAST_MARGIN (relative) of
accurate's on most of them. Standard library only.

Usage: bench/profiles.py BIN   Environment: REPEATS (1), SHARED (../shared/corpora), JOBS (cores),
ONLY (space-separated corpus names), FAST_MARGIN (0.5: at most half again accurate's errors).
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
FAST_MARGIN = float(os.environ.get("FAST_MARGIN", "0.5"))
WORK = Path(tempfile.mkdtemp(prefix="scanbench-profiles-"))
ENV = dict(os.environ, OMP_THREAD_LIMIT="1", ORT_DISABLE_TELEMETRY="1")

# name, input, language, options, what it is
CORPORA = [
    ("uw3-lines", SHARED / "uw3-lines", "eng", ["--psm", "7", "--dpi", "300"], "500 scanned text lines"),
    ("sroie-receipts", SHARED / "sroie-receipts", "eng", ["--case-fold"], "100 shop receipts, case-folded"),
    ("tesseract-pages", SHARED / "tesseract-pages", "eng", [], "4 whole pages"),
    ("eng-lines", ROOT / "Corpora/eng-lines.tar.gz", "eng", ["--psm", "7"], "60 damaged English lines"),
    ("eng-pages", ROOT / "Corpora/eng-pages.tar.gz", "eng", [], "6 English pages"),
    ("jpn-lines", ROOT / "Corpora/jpn-lines.tar.gz", "jpn", ["--psm", "7"], "60 Japanese lines"),
    ("jpn-pages", ROOT / "Corpora/jpn-pages.tar.gz", "jpn", [], "4 Japanese pages"),
    ("eng-columns", ROOT / "Corpora/eng-columns.tar.gz", "eng", [], "6 pages in 2 or 3 columns, heading across"),
    ("jpn-vertical", ROOT / "Corpora/jpn-vertical.tar.gz", "jpn_vert", ["--psm", "5"], "6 vertical Japanese pages"),
    ("jpn-vertical-mixed", ROOT / "Corpora/jpn-vertical-mixed.tar.gz", "jpn_vert", [],
     "4 vertical pages under a horizontal heading"),
    ("jpn-vert-lines", ROOT / "Corpora/jpn-vert-lines.tar.gz", "jpn_vert", ["--psm", "5"], "30 single vertical columns"),
    ("jpn-tategaki", ROOT / "Corpora/jpn-tategaki.tar.gz", "jpn_vert", [],
     "6 vertical pages typeset by a browser, heading across"),
]
ENGINES = ["tesseract", "ppocr"]
LEVELS = ["accurate", "fast"]
# Models measured beside the levels' own, as candidates of the rule: a quantized model earns a place
# in a profile only by it (engine, label, what replaces --level's models).
VARIANTS = [("ppocr", "small-int8", ["--level", "accurate", "--models", "small-int8"])]
LABELS = LEVELS + [label for _, label, _ in VARIANTS]


def log(message):
    print(message, file=sys.stderr, flush=True)


def run(corpus, engine, level, models=None):
    name, source, lang, options, _ = corpus
    store = WORK / f"{name}-{engine}-{level}.jsonl"
    chosen = models or ["--level", level]
    walls, summary, rss = [], None, 0
    for attempt in range(REPEATS):
        if store.exists():
            store.unlink()
        command = ["/usr/bin/time", "-f", "%M", str(BIN), "run", str(source), "--engine", engine, *chosen,
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
    records = [json.loads(line) for line in store.read_text().splitlines()]
    images = [r for r in records if r.get("kind") != "summary" and "ms" in r and not r.get("error")]
    inference = sum(r["ms"].get("inference") or 0 for r in images) / 1000
    recognize = sum(r["ms"]["recognize"] for r in images) / 1000
    outside = None
    if inference > 0:
        # Of the workers' whole time (wall × workers of the last run: start-up, reading, decoding,
        # scoring, the store), and of the recognition calls alone (the pipeline around the models).
        outside = (1 - inference / (walls[-1] * JOBS), 1 - inference / recognize)
    return {"outside": outside,"cer": summary["cer_micro"], "macro": summary["cer_macro"], "images": summary["images"],
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
        for engine, label, models in VARIANTS:
            if corpus[2] != "jpn_vert":
                results[(name, engine, label)] = run(corpus, engine, label, models)
    print(f"{JOBS} workers; images/s is the whole command's (start-up included), median of {REPEATS}; peak RSS of the"
          " process (`/usr/bin/time -f %M`). `tesseract fast` is Debian's fast models; `ppocr accurate` PP-OCRv6 small,"
          " `ppocr fast` the tiny recognizer and detector for English, the small recognizer in int8 with the tiny"
          " detector for Japanese; `ppocr small-int8` (`--models small-int8`) the small pair in int8, made at setup,"
          " a candidate of the rule like the others.")
    print()
    print("| corpus | engine | level | CER micro | CER macro | images/s | peak RSS |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
    for corpus in CORPORA:
        for engine in ENGINES:
            for level in LABELS:
                row = results.get((corpus[0], engine, level))
                if row:
                    print(f"| {corpus[0]} ({corpus[4]}) | {engine} | {level} | {percent(row['cer'])} |"
                          f" {percent(row['macro'])} | {row['rate']:.2f} | {row['rss']} MB |")
    print()
    shares = [(c[0], l, results[(c[0], "ppocr", l)]["outside"]) for c in CORPORA for l in LEVELS
              if results.get((c[0], "ppocr", l)) and results[(c[0], "ppocr", l)]["outside"]]
    if shares:
        print("PP-OCR's time outside model inference (`ms.inference` of each record: the worker thread's CPU time"
              " inside ONNX Runtime's `Run`; the detector's second intra-op thread is not counted): of the workers' whole time (wall × workers: start-up, model loading, reading, decoding,"
              " scoring, the store), and of the recognition calls alone (resizing, crops, decoding, layout):")
        print()
        print("| corpus | level | outside inference, whole run | outside inference, recognition calls |")
        print("| --- | --- | ---: | ---: |")
        for name, level, (whole, calls) in shares:
            print(f"| {name} | {level} | {whole * 100:.1f}% | {calls * 100:.1f}% |")
        print()
    # The choice, per language, by the rule docs/engines.md, "Profiles" states. Corpora are compared one by one, not
    # by a mean CER, so that one corpus an engine cannot read (a two-column magazine page) does not
    # outvote the others, nor one easy corpus hide a loss on the rest.
    for lang in ["eng", "jpn", "jpn_vert"]:
        names = [c[0] for c in CORPORA if c[2] == lang and results.get((c[0], "tesseract", "accurate"))]
        candidates = [(e, l) for e in ENGINES for l in LABELS if all(results.get((n, e, l)) for n in names)]
        if not names or not candidates:
            continue
        def row(n, k):
            return results[(n, k[0], k[1])]
        def wins(k):
            return sum(1 for n in names if row(n, k)["cer"] <= min(row(n, c)["cer"] for c in candidates))
        accurate = max(candidates, key=lambda k: (wins(k), -statistics.mean(row(n, k)["cer"] for n in names)))
        def close(k):
            return sum(1 for n in names if row(n, k)["cer"] <= row(n, accurate)["cer"] * (1 + FAST_MARGIN)) * 2 > len(names)
        def speedup(k):
            return statistics.geometric_mean(row(n, k)["rate"] / row(n, accurate)["rate"] for n in names)
        fast = max((k for k in candidates if k == accurate or close(k)), key=speedup)
        losses = []
        for n in names:
            best = min(candidates, key=lambda c: row(n, c)["cer"])
            if row(n, best)["cer"] < row(n, accurate)["cer"]:
                losses.append(f"{n}: {percent(row(n, accurate)['cer'])} against {best[0]} {best[1]}'s"
                              f" {percent(row(n, best)['cer'])}")
        print(f"- **{lang}** ({', '.join(names)}): accurate → **{accurate[0]} {accurate[1]}**, lowest CER on"
              f" {wins(accurate)} of {len(names)}" + (f", not on {'; '.join(losses)}" if losses else "") +
              f"; fast → **{fast[0]} {fast[1]}**, {speedup(fast):.2f}× accurate's images/s (geometric mean over the"
              f" corpora), CER within {FAST_MARGIN:.0%} of accurate's on {sum(1 for n in names if row(n, fast)['cer'] <= row(n, accurate)['cer'] * (1 + FAST_MARGIN))} of {len(names)}.")
    print()

main()
