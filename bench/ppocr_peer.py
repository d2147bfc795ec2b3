#!/usr/bin/env python3
"""scanbench's PP-OCR against its peers, the same images on the same 2 cores, whole commands:

- faster-paddle 1.0.4 (Rust + its own ONNX Runtime 1.28, the PP-OCRv6 models inside its wheel):
  `OcrEngine(model_size, threads=JOBS).ocr_batch(images)`, `small` for accurate and `tiny` for fast;
  both of its texts are written (`text` and `structured_text`) and the one that scores better for
  it on each corpus is shown;
- rapidocr 3.10.0 over a multiprocessing pool of JOBS processes, one ONNX Runtime thread each, with
  scanbench's own float model files of the level (small, or tiny for fast).

Lines are read without detection by scanbench (`--psm 7`) and rapidocr (`use_det=False`);
faster-paddle has no recognizer-only call, so it detects on them. Every command is timed whole
(interpreter start-up, imports and model loading included) under `/usr/bin/time` — wall, CPU
(user + sys) and peak RSS — in pairs, scanbench then each peer, REPEATS times; the medians are shown.
Every output is scored by `scanbench score` with the same metric, so the CERs compare exactly.

Prints a Markdown section on stdout (progress on stderr). Usage: bench/ppocr_peer.py BIN; the peers
run in the venvs `make rapidocr` and `make faster-paddle` make. Environment: REPEATS (1), SHARED
(../shared/corpora), JOBS (cores), ONLY (corpus names), LEVELS ("accurate fast"), PEERS
("faster-paddle rapidocr").
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.argv[1]).resolve()
REPEATS = int(os.environ.get("REPEATS", "1"))
SHARED = Path(os.environ.get("SHARED", ROOT.parent / "shared" / "corpora"))
JOBS = int(os.environ.get("JOBS", str(len(os.sched_getaffinity(0)))))
ONLY = set(os.environ.get("ONLY", "").split())
LEVELS = os.environ.get("LEVELS", "accurate fast").split()
PEERS = os.environ.get("PEERS", "faster-paddle rapidocr").split()
VENVS = {"rapidocr": ROOT / ".venv/rapidocr/bin/python", "faster-paddle": ROOT / ".venv/faster-paddle/bin/python"}
MODELS = ROOT / ".models/ppocr"
WORK = Path(tempfile.mkdtemp(prefix="scanbench-peer-"))
ENV = dict(os.environ, OMP_THREAD_LIMIT="1", ORT_DISABLE_TELEMETRY="1")
SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")

RAPIDOCR = r'''
import glob, os, sys
os.environ["ORT_DISABLE_TELEMETRY"] = "1"
from multiprocessing import Pool
folder, out, jobs, lines, models, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "lines", sys.argv[5], sys.argv[6]
engine = None
def start():
    global engine
    from rapidocr import RapidOCR
    dictionary = "ppocrv6_dict.txt" if size == "small" else "ppocrv6_tiny_dict.txt"
    engine = RapidOCR(params={
        "Global.use_cls": False, "Global.log_level": "error",
        "EngineConfig.onnxruntime.intra_op_num_threads": 1, "EngineConfig.onnxruntime.inter_op_num_threads": 1,
        "Det.model_path": f"{models}/PP-OCRv6_det_{size}.onnx", "Rec.model_path": f"{models}/PP-OCRv6_rec_{size}.onnx",
        "Rec.rec_keys_path": f"{models}/{dictionary}"})
def read(path):
    result = engine(path, use_det=not lines, use_cls=False)
    texts = list(result.txts) if getattr(result, "txts", None) else []
    return path, "\n".join(texts)
if __name__ == "__main__":
    images = sorted(p for p in glob.glob(os.path.join(folder, "*")) if p.lower().endswith(%r))
    with Pool(jobs, initializer=start) as pool:
        for path, text in pool.imap_unordered(read, images, chunksize=1):
            stem = os.path.basename(path).rsplit(".", 1)[0]
            open(os.path.join(out, "text", stem + ".txt"), "w", encoding="utf-8").write(text)
''' % (SUFFIXES,)

FASTER_PADDLE = r'''
import glob, os, sys
from faster_paddle import OcrEngine
folder, out, threads, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
images = sorted(p for p in glob.glob(os.path.join(folder, "*")) if p.lower().endswith(%r))
engine = OcrEngine(model_size=size, threads=threads)
# Windows of 16 images: the bytes of a window in memory, its pages decoded 4 at a time (the default).
for start in range(0, len(images), 16):
    window = images[start:start + 16]
    results = engine.ocr_batch([open(p, "rb").read() for p in window])
    for path, result in zip(window, results):
        stem = os.path.basename(path).rsplit(".", 1)[0]
        for field in ("text", "structured_text"):
            open(os.path.join(out, field, stem + ".txt"), "w", encoding="utf-8").write(result[field])
''' % (SUFFIXES,)

PHOTOS = WORK / "phone-photos"
# name, folder, one line per image?, scanbench's options, scoring options
SETS = [
    # Made here by Corpora/make_photos.py (seeded): 6 photos of the English pages (12 Mpx JPEG, EXIF
    # turns, pages lying turned without EXIF, perspective, light, blur) and 14 photos without text.
    ("phone-photos", PHOTOS, False, [], []),
    ("sroie-receipts", SHARED / "sroie-receipts", False, [], ["--case-fold"]),
    ("tesseract-pages", SHARED / "tesseract-pages", False, [], []),
    ("uw3-lines", SHARED / "uw3-lines", True, ["--psm", "7", "--dpi", "300"], []),
]
MODEL_SIZE = {"accurate": "small", "fast": "tiny"}


def log(message):
    print(message, file=sys.stderr, flush=True)


def timed(command):
    """Runs `command` under /usr/bin/time: (wall s, CPU s, peak RSS MB, stdout)."""
    stats = WORK / "time.txt"
    done = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", str(stats), *command], capture_output=True,
                          text=True, env=ENV)
    if done.returncode not in (0, 1):
        log(done.stderr[-2000:])
        raise SystemExit(f"failed ({done.returncode}): {' '.join(command)}")
    wall, user, system, rss = stats.read_text().split()[-4:]
    return float(wall), float(user) + float(system), int(rss) / 1024, done.stdout


def score(truth, folder, options):
    done = subprocess.run([str(BIN), "score", str(truth), str(folder), "--json", "--out", str(WORK / "score.jsonl"),
                           *options], capture_output=True, text=True, env=ENV)
    return json.loads(done.stdout)["summary"]["cer_micro"]


def peer_command(peer, folder, out, lines, level):
    size = MODEL_SIZE[level]
    if peer == "rapidocr":
        return [str(VENVS[peer]), str(WORK / "rapidocr_peer.py"), str(folder), str(out), str(JOBS),
                "lines" if lines else "pages", str(MODELS), size]
    return [str(VENVS[peer]), str(WORK / "faster_paddle_peer.py"), str(folder), str(out), str(JOBS), size]


def main():
    peers = [p for p in PEERS if VENVS[p].exists()]
    for p in PEERS:
        if p not in peers:
            print(f"The peer {p} needs `make {p}` ({VENVS[p].parent.parent}): left out.\n")
    (WORK / "rapidocr_peer.py").write_text(RAPIDOCR)
    (WORK / "faster_paddle_peer.py").write_text(FASTER_PADDLE)
    rows = []
    for name, folder, lines, run_options, score_options in SETS:
        if ONLY and name not in ONLY:
            continue
        if folder == PHOTOS and not folder.exists():
            log("making the phone photos (Corpora/make_photos.py)")
            maker = VENVS["rapidocr"] if VENVS["rapidocr"].exists() else VENVS["faster-paddle"]
            subprocess.run([str(maker), str(ROOT / "Corpora/make_photos.py"), str(folder), "--text", "6",
                            "--blank", "14"], check=True)
        if not folder.exists():
            log(f"{folder} is absent: {name} left out")
            continue
        images = sum(1 for p in folder.iterdir() if p.name.lower().endswith(SUFFIXES))
        blank = sum(1 for p in folder.iterdir() if p.name.lower().endswith(SUFFIXES)
                    and not (folder / (p.name.rsplit(".", 1)[0] + ".gt.txt")).exists())
        for level in LEVELS:
            ours, theirs, cer = [], {p: [] for p in peers}, {}
            store = WORK / f"{name}-{level}.jsonl"
            for attempt in range(REPEATS):
                store.unlink(missing_ok=True)
                command = [str(BIN), "run", str(folder), "--engine", "ppocr", "--level", level, "--jobs", str(JOBS),
                           "--out", str(store), "--json", *run_options, *score_options]
                wall, cpu, rss, stdout = timed(command)
                ours.append((wall, cpu, rss))
                cer["scanbench"] = json.loads(stdout)["cer_micro"]
                for peer in peers:
                    out = WORK / f"{name}-{level}-{peer}"
                    for field in ("text", "structured_text"):
                        (out / field).mkdir(parents=True, exist_ok=True)
                    wall, cpu, rss, _ = timed(peer_command(peer, folder, out, lines, level))
                    theirs[peer].append((wall, cpu, rss))
                log(f"  {name} {level} #{attempt + 1}: scanbench {ours[-1][0]:.1f} s / {ours[-1][1]:.1f} CPU s, "
                    + ", ".join(f"{p} {theirs[p][-1][0]:.1f} s / {theirs[p][-1][1]:.1f} CPU s" for p in peers))
            for peer in peers:
                out = WORK / f"{name}-{level}-{peer}"
                fields = ["text", "structured_text"] if peer == "faster-paddle" else ["text"]
                scored = {field: score(folder, out / field, score_options) for field in fields}
                best = min(scored, key=scored.get)
                cer[peer] = (scored[best], best)
            median = lambda runs, i: statistics.median(r[i] for r in runs)
            rows.append((name, images, level, {"scanbench": ours, **theirs}, cer, median, blank))
    print(f"Same images, {JOBS} cores; scanbench `run --engine ppocr --level LEVEL --jobs {JOBS}` against"
          f" faster-paddle 1.0.4 (`OcrEngine(model_size, threads={JOBS}).ocr_batch`, `small` for accurate, `tiny`"
          f" for fast) and rapidocr 3.10.0 (a pool of {JOBS} processes, one ONNX Runtime thread each, scanbench's"
          " float model files of the level). Whole commands under `/usr/bin/time`, in pairs (scanbench, then each"
          f" peer), median of {REPEATS}: images/s from wall time, CPU seconds (user + sys, all threads), peak RSS."
          " Lines: scanbench `--psm 7` and rapidocr `use_det=False` skip detection; faster-paddle has no"
          " recognizer-only call. faster-paddle's CER is of its `text` or `structured_text`, whichever scores better"
          " (named). Ratio: scanbench's images/s over the peer's (and, in brackets, the peer's CPU seconds over"
          " scanbench's).")
    print()
    # CPU used / wall: how many of the cores the whole command kept busy (the aim: >= 1.9 of 2).
    print("| corpus | level | engine | images/s | CPU s | CPU / wall | peak RSS | CER | ratio |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, images, level, runs, cer, median, _ in rows:
        ours_wall, ours_cpu = median(runs["scanbench"], 0), median(runs["scanbench"], 1)
        for engine, measured in runs.items():
            wall, cpu, rss = (median(measured, i) for i in range(3))
            if engine == "scanbench":
                quality, ratio = f"{cer[engine] * 100:.2f}%", ""
            else:
                value, field = cer[engine]
                quality = f"{value * 100:.2f}%" + (f" (`{field}`)" if engine == "faster-paddle" else "")
                ratio = f"**{wall / ours_wall:.2f}×** ({cpu / ours_cpu:.2f}×)"
            print(f"| {name} ({images}) | {level} | {engine} | {images / wall:.2f} | {cpu:.1f} | {cpu / wall:.2f} |"
                  f" {rss:.0f} MB |"
                  f" {quality} | {ratio} |")
    print()
    for name, images, level, runs, cer, median, blank in rows:
        if name != "phone-photos":
            continue
        rates = ", ".join(f"{engine} **{3600 * images / median(measured, 0):.0f}**"
                          for engine, measured in runs.items())
        print(f"A mixed photo archive ({images} photos, {blank} without text), `--level {level}`, {JOBS} cores: "
              f"photos per hour {rates}.")
        print()


main()
