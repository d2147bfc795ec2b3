#!/usr/bin/env python3
"""scanbench's PP-OCR against the Python peer a user would write: rapidocr 3.10.0 over a
multiprocessing pool of as many processes as scanbench has workers, one ONNX Runtime thread each,
with the same model files on the same images. Both outputs are scored by `scanbench score` with the
same metric, so the CERs compare exactly.

Prints a Markdown section on stdout. Usage: bench/ppocr_peer.py BIN; the peer runs in the venv
`make rapidocr` makes (.venv/rapidocr). Environment: REPEATS (3), SHARED (../shared/corpora), JOBS.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.argv[1]).resolve()
REPEATS = int(os.environ.get("REPEATS", "3"))
SHARED = Path(os.environ.get("SHARED", ROOT.parent / "shared" / "corpora"))
JOBS = int(os.environ.get("JOBS", str(len(os.sched_getaffinity(0)))))
PYTHON = ROOT / ".venv/rapidocr/bin/python"
MODELS = ROOT / ".models/ppocr"
WORK = Path(tempfile.mkdtemp(prefix="scanbench-peer-"))
ENV = dict(os.environ, OMP_THREAD_LIMIT="1", ORT_DISABLE_TELEMETRY="1")

PEER = r'''
import glob, os, sys, time
from multiprocessing import Pool
folder, out, jobs, lines, models = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "lines", sys.argv[5]
engine = None
def start():
    global engine
    from rapidocr import RapidOCR
    engine = RapidOCR(params={
        "Global.use_cls": False, "Global.log_level": "error",
        "EngineConfig.onnxruntime.intra_op_num_threads": 1, "EngineConfig.onnxruntime.inter_op_num_threads": 1,
        "Det.model_path": f"{models}/PP-OCRv6_det_small.onnx", "Rec.model_path": f"{models}/PP-OCRv6_rec_small.onnx",
        "Rec.rec_keys_path": f"{models}/ppocrv6_dict.txt"})
def read(path):
    result = engine(path, use_det=not lines, use_cls=False)
    texts = list(result.txts) if getattr(result, "txts", None) else []
    return path, "\n".join(texts)
if __name__ == "__main__":
    images = sorted(p for p in glob.glob(os.path.join(folder, "*")) if p.rsplit(".", 1)[-1].lower() in ("png", "jpg", "tif"))
    begin = time.perf_counter()
    with Pool(jobs, initializer=start) as pool:
        for path, text in pool.imap_unordered(read, images, chunksize=1):
            stem = os.path.basename(path).rsplit(".", 1)[0]
            open(os.path.join(out, stem + ".txt"), "w", encoding="utf-8").write(text)
    print(time.perf_counter() - begin)
'''

# name, folder, one line per image?, scoring options
SETS = [
    ("sroie-receipts", SHARED / "sroie-receipts", False, ["--case-fold"]),
    ("uw3-lines", SHARED / "uw3-lines", True, []),
]


def log(message):
    print(message, file=sys.stderr, flush=True)


def score(truth, folder, options):
    done = subprocess.run([str(BIN), "score", str(truth), str(folder), "--json", "--out", str(WORK / "score.jsonl"),
                           *options], capture_output=True, text=True, env=ENV)
    return json.loads(done.stdout)["summary"]["cer_micro"]


def main():
    if not PYTHON.exists():
        print("The Python peer needs `make rapidocr` (.venv/rapidocr): left out.\n")
        return
    (WORK / "peer.py").write_text(PEER)
    print(f"Same images, same model files (`.models/ppocr`: PP-OCRv6 small detector and recognizer), {JOBS} workers"
          f" against a pool of {JOBS} processes, one ONNX Runtime thread each; wall time of the whole command"
          f" (start-up and model loading included), median of {REPEATS}. The peer is rapidocr 3.10.0 with its"
          " default detection settings, which scanbench's pipeline also uses; lines are read without detection"
          " by both (`--psm 7`, `use_det=False`). Both outputs scored by `scanbench score`.")
    print()
    print("| set | images | scanbench images/s | peer images/s | ratio | scanbench CER | peer CER |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, folder, lines, options in SETS:
        if not folder.exists():
            log(f"{folder} is absent: {name} left out")
            continue
        images = sum(1 for p in folder.iterdir() if p.suffix.lower() in (".png", ".jpg", ".tif"))
        ours, theirs = [], []
        store = WORK / f"{name}.jsonl"
        for attempt in range(REPEATS):
            if store.exists():
                store.unlink()
            command = [str(BIN), "run", str(folder), "--engine", "ppocr", "--level", "accurate", "--jobs", str(JOBS),
                       "--out", str(store), "--json", *(["--psm", "7"] if lines else []), *options]
            start = time.perf_counter()
            run = subprocess.run(command, capture_output=True, text=True, env=ENV)
            ours.append(time.perf_counter() - start)
            summary = json.loads(run.stdout)
            out = WORK / f"{name}-peer"
            out.mkdir(exist_ok=True)
            peer = subprocess.run([str(PYTHON), str(WORK / "peer.py"), str(folder), str(out), str(JOBS),
                                   "lines" if lines else "pages", str(MODELS)], capture_output=True, text=True, env=ENV)
            if peer.returncode != 0:
                log(peer.stderr[-2000:])
                raise SystemExit("the peer failed")
            theirs.append(float(peer.stdout.strip().splitlines()[-1]))
            log(f"  {name} #{attempt + 1}: scanbench {ours[-1]:.1f} s, peer {theirs[-1]:.1f} s (pool only)")
        peer_cer = score(folder, out, options)
        ours_rate = images / statistics.median(ours)
        peer_rate = images / statistics.median(theirs)
        print(f"| {name} | {images} | {ours_rate:.2f} | {peer_rate:.2f} | **{ours_rate / peer_rate:.2f}×** |"
              f" {summary['cer_micro'] * 100:.2f}% | {peer_cer * 100:.2f}% |")
    print()
    print("The peer's time is its pool's (from before the pool starts to the last result), which leaves out the"
          " interpreter's start-up and its imports: in its favour.")
    print()


main()
