#!/usr/bin/env python3
"""Make a corpus of phone photos: the rendered pages of eng-pages.tar.gz and jpn-pages.tar.gz
photographed on a desk (12 Mpx JPEG, perspective, uneven light, blur, sensor noise), with EXIF
turns and pages lying turned without EXIF, and photos of scenes holding no text (most of an old
photo archive). For the throughput benchmark (bench/run.sh) and orientation measurements; the
folder is made at bench time, not committed (a photo is 3-5 MB).

Usage:  python3 Corpora/make_photos.py OUT_DIR [--lang eng|jpn|both] [--text N] [--blank N]

Writes NAME.jpg (+ NAME.gt.txt for photos of a page) and SOURCES.tsv, one line a photo: the name,
the source page (archive:entry, or "none"), the EXIF orientation written (1: none), the turn the
page lies at in the scene without EXIF (clockwise degrees), the blur radius and the perspective
jitter. Every random choice comes from a generator seeded by the photo's name, so the same
Pillow/numpy reproduce the photos byte for byte. Needs Pillow and numpy (the peers' venvs have
them: .venv/rapidocr/bin/python).
"""

import argparse
import hashlib
import io
import os
import random
import sys
import tarfile

try:
    import numpy as np
    from PIL import Image, ImageDraw, ImageFilter
except ImportError:  # pragma: no cover
    sys.exit("make_photos.py needs Pillow and numpy: pip install pillow numpy")

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = "scanbench-photos-v1"
SENSOR = (4000, 3000)  # 12 Mpx, landscape as the sensor reads it
# EXIF orientation → the transpose that turns the upright picture into the stored pixels (the
# inverse of what the tag asks a viewer to do).
STORED = {1: None, 3: Image.Transpose.ROTATE_180, 6: Image.Transpose.ROTATE_90, 8: Image.Transpose.ROTATE_270}
# A page lying turned clockwise by this many degrees in the scene (no EXIF to say so).
LYING = {0: None, 90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}


def rng_for(name):
    return random.Random(int.from_bytes(hashlib.sha256(f"{SEED}/{name}".encode()).digest()[:8], "big"))


def pages(lang):
    names = {"eng": ["eng-pages.tar.gz"], "jpn": ["jpn-pages.tar.gz"], "both": ["eng-pages.tar.gz", "jpn-pages.tar.gz"]}
    result = []
    for archive in names[lang]:
        with tarfile.open(os.path.join(HERE, archive)) as tf:
            members = {m.name: tf.extractfile(m).read() for m in tf.getmembers() if m.isfile()}
        for name in sorted(members):
            if name.endswith(".gt.txt"):
                continue
            stem = name.rsplit(".", 1)[0]
            result.append((f"{archive}:{name}", members[name], members[stem + ".gt.txt"]))
    return result


def desk(rng, size):
    """A desk or floor: a smooth gradient of one colour with a wood-like low-frequency texture."""
    w, h = size
    base = np.array([rng.uniform(60, 170), rng.uniform(50, 140), rng.uniform(40, 120)], dtype=np.float32)
    small = np.random.default_rng(rng.getrandbits(32)).normal(0, 1, (h // 100, w // 100, 1)).astype(np.float32)
    texture = np.asarray(Image.fromarray(((small[:, :, 0] + 3) * 40).clip(0, 255).astype(np.uint8)).resize(
        (w, h), Image.BICUBIC), dtype=np.float32)[:, :, None] / 255.0
    return np.clip(base * (0.75 + 0.5 * texture), 0, 255)


def perspective_coefficients(src, dst):
    """PIL's 8 coefficients mapping output (dst) points to input (src) points."""
    rows = []
    for (x, y), (u, v) in zip(dst, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    a = np.array(rows, dtype=np.float64)
    b = np.array([c for point in src for c in point], dtype=np.float64)
    return np.linalg.solve(a, b).tolist()


def light_and_noise(rng, pixels):
    """Uneven light (a ramp and a vignette) and sensor noise, on a float array H × W × 3."""
    h, w, _ = pixels.shape
    ys, xs = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = 1 + rng.uniform(0.1, 0.3) * ((xs / w - 0.5) * np.cos(angle) + (ys / h - 0.5) * np.sin(angle))
    vignette = 1 - rng.uniform(0.1, 0.25) * (((xs / w - 0.5) ** 2 + (ys / h - 0.5) ** 2) * 2)
    gain = Image.fromarray(((ramp * vignette) * 128).clip(0, 255).astype(np.uint8)).resize((w, h), Image.BILINEAR)
    pixels *= np.asarray(gain, dtype=np.float32)[:, :, None] / 128.0
    noise = np.random.default_rng(rng.getrandbits(32)).normal(0, rng.uniform(2, 5), (h, w, 1)).astype(np.float32)
    pixels += noise
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def page_photo(rng, page_bytes, turn):
    """The page on a desk, upright in the picture (portrait, 3000 × 4000) unless `turn` lays it down."""
    frame = (SENSOR[1], SENSOR[0])
    picture = desk(rng, frame)
    page = Image.open(io.BytesIO(page_bytes)).convert("RGB")
    if LYING[turn] is not None:
        page = page.transpose(LYING[turn])
    fill = rng.uniform(0.7, 0.85)
    scale = min(frame[0] * fill / page.width, frame[1] * fill / page.height)
    pw, ph = page.width * scale, page.height * scale
    x0, y0 = (frame[0] - pw) / 2 + rng.uniform(-60, 60), (frame[1] - ph) / 2 + rng.uniform(-60, 60)
    jitter = rng.uniform(0.02, 0.06)
    corners = [(x0, y0), (x0 + pw, y0), (x0 + pw, y0 + ph), (x0, y0 + ph)]
    dst = [(x + rng.uniform(-jitter, jitter) * pw, y + rng.uniform(-jitter, jitter) * ph) for x, y in corners]
    src = [(0, 0), (page.width, 0), (page.width, page.height), (0, page.height)]
    coefficients = perspective_coefficients(src, dst)
    warped = page.transform(frame, Image.PERSPECTIVE, coefficients, Image.BICUBIC, fillcolor=(0, 0, 0))
    mask = Image.new("L", page.size, 255).transform(frame, Image.PERSPECTIVE, coefficients, Image.BILINEAR)
    scene = Image.fromarray(picture.astype(np.uint8))
    scene.paste(warped, (0, 0), mask)
    blur = rng.uniform(0.6, 1.6)
    scene = scene.filter(ImageFilter.GaussianBlur(blur))
    return light_and_noise(rng, np.asarray(scene, dtype=np.float32).copy()), blur, jitter


def blank_photo(rng):
    """A scene without text: a desk or wall, objects as soft shapes, a window's light."""
    frame = SENSOR if rng.random() < 0.6 else (SENSOR[1], SENSOR[0])
    scene = Image.fromarray(desk(rng, frame).astype(np.uint8))
    draw = ImageDraw.Draw(scene)
    for _ in range(rng.randint(3, 9)):
        w, h = rng.uniform(200, 1600), rng.uniform(200, 1600)
        x, y = rng.uniform(-200, frame[0]), rng.uniform(-200, frame[1])
        colour = tuple(rng.randint(20, 235) for _ in range(3))
        if rng.random() < 0.5:
            draw.ellipse([x, y, x + w, y + h], fill=colour)
        else:
            draw.rectangle([x, y, x + w, y + h], fill=colour)
    blur = rng.uniform(2, 8)
    scene = scene.filter(ImageFilter.GaussianBlur(blur))
    return light_and_noise(rng, np.asarray(scene, dtype=np.float32).copy()), blur


def exif_bytes(orientation):
    exif = Image.Exif()
    exif[0x0112] = orientation
    return exif.tobytes()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--lang", default="eng", choices=["eng", "jpn", "both"])
    parser.add_argument("--text", type=int, default=6, help="photos of a page")
    parser.add_argument("--blank", type=int, default=14, help="photos without text")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    sources = ["name\tsource\texif\tlying_cw\tblur\tperspective"]
    source_pages = pages(args.lang)
    # Orientations cycle so that every kind appears: upright, EXIF-turned, lying turned without EXIF.
    kinds = [(1, 0), (6, 0), (1, 180), (3, 0), (1, 90), (8, 0), (1, 270)]
    for index in range(args.text):
        source, page, gt = source_pages[index % len(source_pages)]
        exif, lying = kinds[index % len(kinds)]
        name = f"photo-{args.lang}-text-{index + 1:02d}"
        rng = rng_for(name)
        picture, blur, jitter = page_photo(rng, page, lying)
        if STORED[exif] is not None:
            picture = picture.transpose(STORED[exif])
        buffer = io.BytesIO()
        picture.save(buffer, "JPEG", quality=90, exif=exif_bytes(exif) if exif != 1 else b"")
        with open(os.path.join(args.out, name + ".jpg"), "wb") as f:
            f.write(buffer.getvalue())
        with open(os.path.join(args.out, name + ".gt.txt"), "wb") as f:
            f.write(gt)
        sources.append(f"{name}\t{source}\t{exif}\t{lying}\t{blur:.2f}\t{jitter:.3f}")
    for index in range(args.blank):
        name = f"photo-{args.lang}-blank-{index + 1:02d}"
        rng = rng_for(name)
        picture, blur = blank_photo(rng)
        buffer = io.BytesIO()
        picture.save(buffer, "JPEG", quality=90)
        with open(os.path.join(args.out, name + ".jpg"), "wb") as f:
            f.write(buffer.getvalue())
        sources.append(f"{name}\tnone\t1\t0\t{blur:.2f}\t0")
    with open(os.path.join(args.out, "SOURCES.tsv"), "w") as f:
        f.write("\n".join(sources) + "\n")


if __name__ == "__main__":
    main()
