#!/usr/bin/env python3
"""External engines: what the JSON-lines protocol costs against the built-in engine, on uw3-lines.

"The same model" is taken literally: the built-in engine's fast profile (Debian's eng.traineddata,
--psm 7 --dpi 300, tessedit_do_invert=0) against bench/engines/tesserocr-engine.py, which loads the
same model file into the same libtesseract (Debian's python3-tesserocr) once per worker and reuses
it, as the built-in engine does. The difference between the two is the protocol (scanbench encoding
each image as PNG and base64, the pipes, one JSON line back) plus the adapter's own work in Python
(decoding the PNG with Pillow, tesserocr handing it to Tesseract). bench/engines/echo-engine.py,
which answers at once without reading the image, isolates scanbench's side of it. The shell adapter
over the `tesseract` command is not compared here: it loads the model again for every image.

Prints a Markdown section on stdout; progress on stderr. Each configuration runs REPEATS times at
JOBS workers, the configurations taking turns; the median wall time is reported, with the median
CPU time of the whole process tree (scanbench and the programs it started), which other work on a
shared machine disturbs less.

Usage: bench/external.py BIN  (BIN = the release scanbench binary)
Environment: REPEATS (default 3), JOBS (default 2), IMAGES (default 400), SHARED (default
../shared/corpora).
"""
import hashlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.argv[1]).resolve()
REPEATS = int(os.environ.get("REPEATS", "3"))
JOBS = int(os.environ.get("JOBS", "2"))
IMAGES = int(os.environ.get("IMAGES", "400"))
SHARED = Path(os.environ.get("SHARED", ROOT.parent / "shared" / "corpora"))
TESSDATA = Path("/usr/share/tesseract-ocr/5/tessdata")
ENV = dict(os.environ, OMP_THREAD_LIMIT="1", ORT_DISABLE_TELEMETRY="1")
WORK = Path(tempfile.mkdtemp(prefix="scanbench-external-"))


def log(message):
    print(message, file=sys.stderr, flush=True)


def corpus():
    """The first IMAGES lines of uw3-lines with their ground truth, in a folder."""
    source = SHARED / "uw3-lines"
    folder = WORK / "uw3-lines"
    folder.mkdir()
    for image in sorted(source.glob("*.png"))[:IMAGES]:
        shutil.copy(image, folder)
        shutil.copy(image.with_suffix(".gt.txt"), folder)
    return folder


def run(folder, options):
    """One run into a new store: wall seconds, CPU seconds of the process tree, the summary."""
    store = WORK / "store.jsonl"
    store.unlink(missing_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [str(BIN), "run", str(folder), "--jobs", str(JOBS), "--out", str(store)] + options,
        check=False, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    summary = None
    with open(store) as file:
        for line in file:
            record = json.loads(line)
            if record.get("kind") == "summary":
                summary = record
    return wall, cpu, summary


def percent(value):
    return f"{value * 100:+.1f}%"


def main():
    if not (SHARED / "uw3-lines").is_dir():
        print(f"## External engines\n\n{SHARED / 'uw3-lines'} is absent: not measured.\n")
        return
    check = ["/usr/bin/python3", "-c", "import tesserocr, PIL"]
    missing = subprocess.run(check, capture_output=True).returncode
    if missing:
        log("installing python3-tesserocr and python3-pil (Debian) for the tesserocr adapter")
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "python3-tesserocr",
                        "python3-pil"], check=True, stdout=subprocess.DEVNULL)
    folder = corpus()
    count = len(list(folder.glob("*.png")))
    model = hashlib.sha256((TESSDATA / "eng.traineddata").read_bytes()).hexdigest()
    adapter = ROOT / "bench" / "engines" / "tesserocr-engine.py"
    echo = ROOT / "bench" / "engines" / "echo-engine.py"
    configurations = [
        ("built-in (fast profile)", ["--engine", "tesseract", "--level", "fast", "--psm", "7", "--dpi", "300"]),
        ("external: tesserocr, same model", [
            "--engine", f"command:{adapter} {TESSDATA} eng 7 300 tessedit_do_invert=0"]),
        ("external: echo (protocol only)", ["--engine", f"command:{echo}"]),
    ]
    # Interleaved, one run of each in turn: on a shared machine, load that comes and goes then falls
    # on every configuration alike.
    runs = {label: {"walls": [], "cpus": []} for label, _ in configurations}
    for attempt in range(REPEATS):
        for label, options in configurations:
            wall, cpu, summary = run(folder, options)
            runs[label]["walls"].append(wall)
            runs[label]["cpus"].append(cpu)
            runs[label]["summary"] = summary
            log(f"  {label} #{attempt + 1}: {wall:.2f} s wall, {cpu:.2f} s CPU, "
                f"{summary['images_per_second']:.1f} img/s")
    results = {
        label: {"wall": statistics.median(r["walls"]), "cpu": statistics.median(r["cpus"]),
                "summary": r["summary"]}
        for label, r in runs.items()}
    builtin, tesserocr, protocol = (results[label] for label, _ in configurations)
    same_model = builtin["summary"]["engine"]["models"].get("eng.traineddata") == model
    print("## External engines")
    print()
    print(f"Command: `bench/external.py {BIN}` — {count} lines of uw3-lines, {JOBS} workers, "
          f"median of {REPEATS}. The tesserocr adapter loads the built-in fast profile's model file "
          f"(`eng.traineddata` {model[:12]}…{'' if same_model else ', NOT the built-in run’s'}) "
          "into the same "
          "libtesseract once per worker, with the same settings.")
    print()
    print("| engine | wall s | images/s | CPU s (all processes) | CER micro | wall vs built-in |")
    print("| --- | --- | --- | --- | --- | --- |")
    for label, _ in configurations:
        result = results[label]
        summary = result["summary"]
        cer = summary.get("cer_micro")
        print(f"| {label} | {result['wall']:.2f} | {count / result['wall']:.1f} | {result['cpu']:.2f} | "
              f"{'n/a' if cer is None else f'{cer * 100:.2f}%'} | "
              f"{percent(result['wall'] / builtin['wall'] - 1)} |")
    print()
    overhead = tesserocr["wall"] / builtin["wall"] - 1
    per_image = protocol["cpu"] / count * 1000
    print(f"Protocol overhead, same model, {JOBS} workers: **{percent(overhead)}** wall time "
          f"({percent(tesserocr['cpu'] / builtin['cpu'] - 1)} CPU; aim: under +10%). The echo engine's "
          f"whole run costs {per_image:.2f} ms of CPU per image (decoding, PNG and base64, pipes, "
          f"a Python process per worker), against {builtin['cpu'] / count * 1000:.2f} ms per image "
          "for the built-in run.")
    print()
    shutil.rmtree(WORK, ignore_errors=True)


main()
