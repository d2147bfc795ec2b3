#!/usr/bin/env python3
"""Rough OCR sanity check of the corpora with the tesseract CLI.

Usage: python3 Corpora/sanity_cer.py [ARCHIVE.tar.gz ...]   (default: all in Corpora/)

CER = Levenshtein(gt, ocr) / len(gt), after collapsing whitespace to single
spaces; for Japanese, spaces next to a CJK character are dropped on both sides.
"""
import concurrent.futures as cf
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ARGS = {
    "eng-lines": ["-l", "eng", "--psm", "7"],
    "eng-pages": ["-l", "eng", "--psm", "3"],
    "jpn-lines": ["-l", "jpn", "--psm", "7"],
    "jpn-pages": ["-l", "jpn", "--psm", "3"],
    "jpn-vertical": ["-l", "jpn_vert", "--psm", "5"],
}
CJK = r"\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"


def norm(s, jpn, nfkc=False):
    if nfkc:
        s = unicodedata.normalize("NFKC", s)
    s = " ".join(s.split())
    if jpn:
        s = re.sub(rf"(?<=[{CJK}]) | (?=[{CJK}])", "", s)
    return s


def lev(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def ocr(img, args):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    out = subprocess.run(["tesseract", img, "stdout", *args], capture_output=True, env=env)
    return out.stdout.decode("utf-8", "replace")


def main():
    paths = sys.argv[1:] or sorted(
        os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".tar.gz"))
    for path in paths:
        kind = os.path.basename(path)[: -len(".tar.gz")]
        jpn = kind.startswith("jpn")
        with tempfile.TemporaryDirectory() as tmp:
            with tarfile.open(path) as tf:
                tf.extractall(tmp, filter="data")
            imgs = sorted(f for f in os.listdir(tmp) if f.endswith((".png", ".jpg")))
            with cf.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
                outs = list(ex.map(lambda f: ocr(os.path.join(tmp, f), ARGS[kind]), imgs))
            tot_e = tot_n = tot_e2 = 0
            per = []
            for f, o in zip(imgs, outs):
                gt = open(os.path.join(tmp, f.rsplit(".", 1)[0] + ".gt.txt"), encoding="utf-8").read()
                g, h = norm(gt, jpn), norm(o, jpn)
                e = lev(g, h)
                e2 = lev(norm(gt, jpn, True), norm(o, jpn, True))
                tot_e += e
                tot_e2 += e2
                tot_n += len(g)
                per.append((e / max(1, len(g)), f, g, h))
            per.sort(reverse=True)
            print(f"{kind}: {len(imgs)} images, CER {100 * tot_e / tot_n:.1f}% "
                  f"(NFKC {100 * tot_e2 / tot_n:.1f}%), tesseract {' '.join(ARGS[kind])}; "
                  f"per-image median {100 * per[len(per) // 2][0]:.1f}%, "
                  f"worst {per[0][1]} {100 * per[0][0]:.1f}%")
            if os.environ.get("VERBOSE"):
                for c, f, g, h in per:
                    print(f"  {100 * c:5.1f}% {f}\n    gt : {g[:150]}\n    ocr: {h[:150]}")


if __name__ == "__main__":
    main()
