#!/usr/bin/env python3
"""Clean pages (a column sweep's) made to look like Corpora/eng-columns: scaled down to its small
print and given make_corpora.py's page damage and JPEG, so that their line crops (through
`ppocr-eval --cache` and models/region_crops.py) can calibrate or probe a recognizer without
touching eng-columns, which stays held out.

    damage_pages.py SOURCE_DIR OUT_DIR [COUNT]

Reads SOURCE_DIR/sweep-*.png with their .gt.txt (Corpora/make_column_sweep.py's), writes the first
COUNT (default 8) to OUT_DIR as eng-columns' are written: JPEG, one in three a PNG after a JPEG
round trip. Seeded by each page's name. Needs Pillow and NumPy (/usr/bin/python3).
"""
import glob
import os
import shutil
import sys

from PIL import Image, ImageOps

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Corpora"))
import make_corpora  # noqa: E402  (its damage model, encoder and seeded generators)


def main():
    source, out = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    os.makedirs(out, exist_ok=True)
    for index, path in enumerate(sorted(glob.glob(os.path.join(source, "sweep-*.png")))[:count]):
        name = os.path.basename(path)[:-len(".png")]
        # The key the pages of Reports/BENCHMARKS.md were made with.
        r, nr = make_corpora.rngs("rec8eng-columns", name)
        page = Image.open(path).convert("L")
        # The sweep sets its body at 300 dpi; eng-columns' is smaller print on a smaller page.
        scale = r.uniform(0.65, 0.8)
        page = page.resize((int(page.width * scale), int(page.height * scale)), Image.LANCZOS)
        fmt, quality = ("jpg", r.randint(45, 75)) if index % 3 != 2 else ("png-rt", r.randint(50, 75))
        style = make_corpora.pick_style(r, "page", fmt, hard=0.15)
        data, ext = make_corpora.encode(make_corpora.render_damage(ImageOps.invert(page), style, nr), fmt, quality)
        with open(os.path.join(out, f"{name}.{ext}"), "wb") as image:
            image.write(data)
        shutil.copyfile(os.path.join(source, name + ".gt.txt"), os.path.join(out, name + ".gt.txt"))
    print(out)


if __name__ == "__main__":
    sys.exit(main())
