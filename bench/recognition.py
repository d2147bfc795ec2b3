#!/usr/bin/env python3
"""The Tesseract engine: scanbench against one-tesseract-per-image, scaling, memory. (Every engine at
every level, and the profiles chosen from them: bench/profiles.py.)

Prints a Markdown section on stdout; progress on stderr. Every figure is measured in this sitting;
each timed command runs REPEATS times and the median is reported. Standard library only.

Usage: bench/recognition.py BIN  (BIN = the release scanbench binary)
Environment: REPEATS (default 3), SHARED (default ../shared/corpora), LARGE_MB (default 2048),
CACHE (default ~/.cache/scanbench-bench: the large archive is made once and kept there).
"""
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.argv[1]).resolve()
REPEATS = int(os.environ.get("REPEATS", "3"))
SHARED = Path(os.environ.get("SHARED", ROOT.parent / "shared" / "corpora"))
CACHE = Path(os.environ.get("CACHE", Path.home() / ".cache" / "scanbench-bench"))
LARGE_MB = int(os.environ.get("LARGE_MB", "2048"))
CORES = os.cpu_count() or 1
MODELS = ROOT / ".models"
ENV = dict(os.environ, OMP_THREAD_LIMIT="1", ORT_DISABLE_TELEMETRY="1")
WORK = Path(tempfile.mkdtemp(prefix="scanbench-bench-"))


def log(message):
    print(message, file=sys.stderr, flush=True)


def timed(command, **kwargs):
    start = time.perf_counter()
    subprocess.run(command, check=True, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)
    return time.perf_counter() - start


def median_time(label, make_command, repeats=REPEATS, before=None):
    times = []
    for attempt in range(repeats):
        if before:
            before()
        seconds = timed(make_command())
        times.append(seconds)
        log(f"  {label} #{attempt + 1}: {seconds:.2f} s")
    return statistics.median(times), times


def read_store(path):
    results, summary = [], None
    with open(path) as file:
        for line in file:
            record = json.loads(line)
            if record["kind"] == "result":
                results.append(record)
            else:
                summary = record
    return results, summary


def scanbench_run(inputs, store, level, extra, jobs=CORES):
    def command():
        if store.exists():
            store.unlink()
        return [str(BIN), "run", *map(str, inputs), "--engine", "tesseract", "--level", level, "--jobs", str(jobs),
                "--out", str(store), *extra]

    return command


def peer_command(images, outdir, level, extra):
    """What a user would do without scanbench: one tesseract process per image, in parallel.

    `|| true`: the tesseract command dies of SIGFPE on uw3's rotated line 1150_010008 with the
    standard model; a failed image must not stop the peer's batch (scanbench records it as empty)."""
    model = ["--tessdata-dir", str(MODELS)] if level == "accurate" else []
    config = ["-c", "tessedit_do_invert=0"] if level == "fast" else []
    listing = WORK / f"peer-{level}-{len(images)}.txt"
    listing.write_text("\n".join(str(image) for image in images) + "\n")
    script = (
        f"xargs -P {CORES} -I{{}} sh -c 'tesseract \"$1\" \"{outdir}/$(basename \"$1\")\" "
        f"{' '.join(model + extra + config)} >/dev/null 2>&1 || true' _ {{}} < {listing}"
    )
    shown = f"OMP_THREAD_LIMIT=1 xargs -P {CORES} tesseract IMG OUT {' '.join(model + extra + config)}"
    return (lambda: ["bash", "-c", script]), shown


def steady_share(results, jobs):
    """Share of the workers' time outside recognition from the first record written to the last:
    start-up and the final tail left out. Each record's `time` is when it was written, so the
    window holds the work of every record but the first."""
    stamps = sorted(
        (datetime.datetime.fromisoformat(record["time"].replace("Z", "+00:00")).timestamp(), record["ms"]["recognize"])
        for record in results
    )
    if len(stamps) < 2:
        return None
    window = stamps[-1][0] - stamps[0][0]
    recognize = sum(ms for _, ms in stamps[1:]) / 1000
    return 1 - recognize / (window * jobs)


def fresh(folder):
    def reset():
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)

    return reset


def percent(value):
    return "n/a" if value is None else f"{value * 100:.2f}%"


def make_large_archive():
    """Line images each carrying a 4 MiB private PNG chunk of random bytes (decoders skip it): the
    archive is LARGE_MB of incompressible data, yet recognizing it stays quick."""
    path = CACHE / f"large-{LARGE_MB}MB.tar"
    if path.exists():
        return path
    CACHE.mkdir(parents=True, exist_ok=True)
    lines = sorted((SHARED / "uw3-lines").glob("*.png"))[:50]
    padding = 4 << 20
    count = LARGE_MB * (1 << 20) // padding
    log(f"making {path} ({count} entries, once)")
    partial = path.with_suffix(".part")
    with tarfile.open(partial, "w") as archive:
        for index in range(count):
            source = lines[index % len(lines)].read_bytes()
            chunk_type = b"scNb"
            data = os.urandom(padding)
            chunk = len(data).to_bytes(4, "big") + chunk_type + data
            chunk += zlib.crc32(chunk_type + data).to_bytes(4, "big")
            end_of_ihdr = 8 + 25
            png = source[:end_of_ihdr] + chunk + source[end_of_ihdr:]
            info = tarfile.TarInfo(f"large/{index:05d}.png")
            info.size = len(png)
            info.mtime = 0
            archive.addfile(info, fileobj=__import__("io").BytesIO(png))
    partial.rename(path)
    return path


def peak_rss_mb(command):
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%M", *command], env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    return int(result.stderr.strip().splitlines()[-1]) / 1024


def files_opened_for_writing(command):
    """Every path the run opened for writing, from strace: the archive's contents must go nowhere."""
    trace = WORK / "strace.log"
    subprocess.run(
        ["strace", "-f", "-qq", "-e", "trace=openat,open,creat", "-o", str(trace), *command],
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    written = set()
    for line in trace.read_text().splitlines():
        if ("O_WRONLY" in line or "O_RDWR" in line or "creat(" in line) and "= -1" not in line:
            written.add(line.split('"')[1])
    return sorted(written)


def main():
    uw3 = SHARED / "uw3-lines"
    pages = SHARED / "tesseract-pages"
    if not uw3.exists():
        sys.exit(f"{uw3} is missing: the benchmark needs ../shared/corpora")
    uw3_archive = WORK / "uw3-lines.tar.gz"
    subprocess.run(["tar", "czf", str(uw3_archive), "-C", str(uw3), "."], check=True)
    uw3_images = sorted(uw3.glob("*.png"))
    page_images = sorted(pages.glob("*.tif"))
    out = []
    line_options = ["--psm", "7", "--dpi", "300"]

    # 1. Against the peer.
    rows = []
    corpora = [
        ("uw3-lines (500 lines)", [uw3_archive], uw3_images, line_options, "eng"),
        ("tesseract-pages (4 pages)", [pages], page_images, [], "eng"),
    ]
    for name, inputs, images, options, lang in corpora:
        for level in ["fast", "accurate"]:
            log(f"{name}, {level}")
            store = WORK / f"{level}-{len(images)}.jsonl"
            ours, _ = median_time(f"scanbench {level}", scanbench_run(inputs, store, level, options))
            results, summary = read_store(store)
            outdir = WORK / "peer-out"
            make_peer, shown = peer_command(images, outdir, level, options)
            theirs, _ = median_time(f"peer {level}", make_peer, before=fresh(outdir))
            rows.append((name, level, len(images) / ours, len(images) / theirs, theirs / ours, shown))
    out.append("### Against the peer: one `tesseract` process per image\n")
    out.append(
        f"Same models, same segmentation and settings on both sides; {CORES} parallel processes for the peer, "
        f"{CORES} workers for scanbench; wall time of the whole command, median of {REPEATS}.\n"
    )
    out.append("| corpus | profile | scanbench images/s | peer images/s | ratio | peer command |")
    out.append("| --- | --- | ---: | ---: | ---: | --- |")
    for name, level, ours, theirs, ratio, shown in rows:
        out.append(f"| {name} | {level} | {ours:.2f} | {theirs:.2f} | **{ratio:.2f}×** | `{shown}` |")
    out.append("")

    # 2. Against the limit: scaling and time outside recognition.
    log("scaling")
    scaling = []
    for jobs in sorted({1, CORES}):
        store = WORK / f"scale-{jobs}.jsonl"
        run = scanbench_run([uw3_archive], store, "fast", line_options, jobs=jobs)
        seconds_each, shares, steady = [], [], []
        for attempt in range(REPEATS):
            seconds = timed(run())
            results, _ = read_store(store)
            recognize = sum(record["ms"]["recognize"] for record in results) / 1000
            seconds_each.append(seconds)
            shares.append(1 - recognize / (seconds * jobs))
            steady.append(steady_share(results, jobs))
            log(
                f"  jobs {jobs} #{attempt + 1}: {seconds:.2f} s, outside recognition {shares[-1] * 100:.1f}% "
                f"(between first and last result {steady[-1] * 100:.1f}%)"
            )
        seconds = statistics.median(seconds_each)
        scaling.append((jobs, len(results) / seconds, statistics.median(shares), statistics.median(steady)))
    base = scaling[0][1]
    out.append("### Against the limit: scaling and time outside recognition\n")
    out.append(
        "uw3-lines, fast profile. *Outside recognition* is the share of the workers' time "
        "(wall × workers, whole process, each run against its own store; median of the runs) not spent inside "
        "Tesseract's recognition call: reading the archive, decoding, hashing, scoring, writing the store, "
        "start-up and model loading. *Between first and last result* leaves out start-up (re-exec, "
        "model loading, the input's first pass) and the last image's tail: workers × the time from the "
        "first record to the last, against the recognition time of the records written in it — the "
        "per-image cost of everything around recognition.\n"
    )
    out.append(
        "| workers | images/s | speed-up | parallel efficiency | outside recognition, whole process "
        "| outside recognition, between first and last result |"
    )
    out.append("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for jobs, rate, outside, steady in scaling:
        out.append(
            f"| {jobs} | {rate:.2f} | {rate / base:.2f}× | {rate / base / jobs:.2f} | {outside * 100:.1f}% "
            f"| {steady * 100:.1f}% |"
        )
    out.append("")

    # 4. Memory and disk.
    log("memory")
    large = make_large_archive()
    small_mb = max(1, LARGE_MB // 10)
    small = CACHE / f"large-{small_mb}MB-head.tar"
    if not small.exists():
        with tarfile.open(large) as source, tarfile.open(small, "w") as target:
            for index, member in enumerate(source):
                if index >= max(1, len(source.getnames()) // 10):
                    break
                target.addfile(member, source.extractfile(member))
    memory_rows = []
    for archive, engine, level in [(small, "tesseract", "fast"), (large, "tesseract", "fast"),
                                   (large, "ppocr", "fast"), (large, "ppocr", "accurate")]:
        store = WORK / "memory.jsonl"
        if store.exists():
            store.unlink()
        command = [str(BIN), "run", str(archive), "--engine", engine, "--level", level, "--psm", "7", "--dpi", "300",
                   "--out", str(store)]
        rss = peak_rss_mb(command)
        memory_rows.append((archive, archive.stat().st_size / (1 << 20), f"{engine} {level}", rss))
        log(f"  {archive.name} {engine} {level}: peak RSS {rss:.0f} MB")
    store = WORK / "strace.jsonl"
    written = files_opened_for_writing(
        [str(BIN), "run", str(small), "--engine", "tesseract", "--level", "fast", "--psm", "7", "--out", str(store)]
    )
    out.append("### Memory and disk\n")
    out.append(
        "Archives of line images padded with 4 MiB of random bytes each (a private PNG chunk decoders skip), "
        f"made once by the benchmark in `{CACHE}`; default jobs ({CORES}); peak RSS from `/usr/bin/time -f %M`.\n"
    )
    out.append("| archive | size | engine, level | peak RSS |")
    out.append("| --- | ---: | --- | ---: |")
    for archive, size, engine, rss in memory_rows:
        out.append(f"| `{archive.name}` | {size:,.0f} MB | {engine} | {rss:.0f} MB |")
    out.append("")
    out.append(
        "Files the run opened for writing (`strace -f -e trace=openat,open,creat`): "
        + ", ".join(f"`{path}`" for path in written)
        + (" — the store alone" if written == [str(store)] else " — the store and the files listed")
        + "; no archive content reaches the disk.\n"
    )
    print("\n".join(out))
    shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
