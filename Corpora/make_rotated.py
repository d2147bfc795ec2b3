#!/usr/bin/env python3
"""Make Corpora/eng-pages-rotated.tar.gz: the pages of eng-pages.tar.gz turned on their side or
upside down, for measuring orientation detection (docs/engines.md, "Photos: orientation, HEIC, phone exports").

Usage:  python3 Corpora/make_rotated.py [--all DIR]

Each page of eng-pages.tar.gz is turned clockwise by 90°, 180° or 270° (page N by
[90, 180, 270][(N - 1) % 3], so each angle appears twice) in its own format (a JPEG page
re-encoded at quality 90, which keeps the archive under 2 MB) as NAME-cwDEG.EXT, with the page's
ground truth as NAME-cwDEG.gt.txt. --all DIR also writes every page at every angle (0, 90, 180,
270) into DIR losslessly as PNG (so the turned pages' pixels are exactly the upright page's), for
the full measurement in docs/engines.md; that folder is not committed.

Needs Pillow (pip install pillow), as make_corpora.py does. Reproducible: same tar layout as
make_corpora.py (sorted names, fixed mtime, no owner names, gzip mtime 0).
"""

import argparse
import io
import os
import sys
import tarfile

try:
    from PIL import Image
except ImportError:  # pragma: no cover
    sys.exit("make_rotated.py needs Pillow: pip install pillow")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_corpora import write_archive  # noqa: E402  (same reproducible tar.gz writer)

HERE = os.path.dirname(os.path.abspath(__file__))
# Pillow's transpose constants turn counter-clockwise; these turn the page clockwise.
CLOCKWISE = {0: None, 90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180,
             270: Image.Transpose.ROTATE_90}


def pages():
    with tarfile.open(os.path.join(HERE, "eng-pages.tar.gz")) as tf:
        members = {m.name: tf.extractfile(m).read() for m in tf.getmembers() if m.isfile()}
    for name in sorted(members):
        if name.endswith(".gt.txt"):
            continue
        stem = name.rsplit(".", 1)[0]
        yield stem, Image.open(io.BytesIO(members[name])), members[stem + ".gt.txt"]


def turned(image, degrees, fmt="PNG"):
    out = image if CLOCKWISE[degrees] is None else image.transpose(CLOCKWISE[degrees])
    b = io.BytesIO()
    if fmt == "JPEG":
        out.save(b, "JPEG", quality=90, optimize=True)
    else:
        out.save(b, "PNG", optimize=True)
    return b.getvalue()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--all", metavar="DIR", help="also write every page at 0/90/180/270° into DIR")
    args = parser.parse_args()
    files = {}
    for number, (stem, image, truth) in enumerate(pages()):
        degrees = [90, 180, 270][number % 3]
        ext = "jpg" if image.format == "JPEG" else "png"
        files[f"{stem}-cw{degrees}.{ext}"] = turned(image, degrees, image.format)
        files[f"{stem}-cw{degrees}.gt.txt"] = truth
        if args.all:
            os.makedirs(args.all, exist_ok=True)
            for angle in CLOCKWISE:
                with open(os.path.join(args.all, f"{stem}-cw{angle}.png"), "wb") as f:
                    f.write(turned(image, angle))
                with open(os.path.join(args.all, f"{stem}-cw{angle}.gt.txt"), "wb") as f:
                    f.write(truth)
    path = os.path.join(HERE, "eng-pages-rotated.tar.gz")
    write_archive(path, files)
    print(f"{path}: {len(files) // 2} pages, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
