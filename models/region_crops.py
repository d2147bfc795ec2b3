#!/usr/bin/env python3
"""Calibration lines for a recognizer from the regions scanbench's detector found on a corpus: the
crops the pipeline feeds the recognizer, as a tar of PNGs that models/quantize.py reads with
`--calibration`.

    region_crops.py CORPUS CACHE COUNT SEED OUT.tar [NAME,NAME,...]

CACHE is a `ppocr-eval CORPUS --cache CACHE` folder (one JSON file of regions an image, corners in
reading order); NAME,... limits it to those images. Each horizontal region is sampled through its
quadrilateral at its own length × thickness (bilinear, as the pipeline's crop before the resize to
the recognizer's height, which quantize.py does); COUNT of them, a seeded shuffle, are written in
name order.
"""
import io
import json
import os
import random
import sys
import tarfile

from PIL import Image


def main():
    corpus, cache, count, seed, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    names = set(sys.argv[6].split(",")) if len(sys.argv) > 6 else None
    found = []
    # The cache's other files (ppocr-eval's models.txt) are not an image's regions.
    for file in sorted(f for f in os.listdir(cache) if f.endswith(".json")):
        stem = file[:-len(".json")]
        if names and stem not in names:
            continue
        image = next(os.path.join(corpus, stem + suffix) for suffix in (".jpg", ".png", ".jpeg", ".tif")
                     if os.path.exists(os.path.join(corpus, stem + suffix)))
        with open(os.path.join(cache, file)) as regions:
            for index, region in enumerate(json.load(regions)):
                if not region.get("isVertical"):
                    found.append((image, stem, index, region["corners"]))
    random.Random(seed).shuffle(found)
    with tarfile.open(out, "w") as tar:
        for image, stem, index, corners in sorted(found[:count]):
            x0, y0, x1, y1, x2, y2, x3, y3 = corners
            length = max(1, int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5))
            thickness = max(1, int(((x3 - x0) ** 2 + (y3 - y0) ** 2) ** 0.5))
            # PIL's quad is top-left, bottom-left, bottom-right, top-right.
            crop = Image.open(image).convert("RGB").transform(
                (length, thickness), Image.QUAD, (x0, y0, x3, y3, x2, y2, x1, y1), Image.BILINEAR)
            data = io.BytesIO()
            crop.save(data, "PNG")
            member = tarfile.TarInfo(f"{stem}-{index:03d}.png")
            member.size = data.tell()
            data.seek(0)
            tar.addfile(member, data)
    print(out)


if __name__ == "__main__":
    sys.exit(main())
