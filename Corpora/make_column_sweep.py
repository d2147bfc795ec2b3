#!/usr/bin/env python3
"""Seeded pages of English prose in 2-4 columns that sweep what a magazine varies (issue 30).

    python3 Corpora/make_column_sweep.py OUT_DIR [--count 50] [--seed 1] [--archive FILE.tar.gz]

Writes OUT_DIR/sweep-NNN.png (A4 at 300 dpi, grayscale) and OUT_DIR/sweep-NNN.gt.txt, the
ground truth in reading order: running head, heading across the columns, the columns left to right
(each column's heading first), footnotes, page number; a line of the page is a line of the
ground truth and blocks are separated by a blank line. OUT_DIR/SOURCES.txt records, page by
page, the seed, the shape and the fonts. --archive also packs the pages into a reproducible
.tar.gz (as Corpora/make_corpora.py does: sorted ustar entries, mtime 2024-01-01, uid and gid 0, no
owner names, mode 0644; a gzip header without name or time): Corpora/eng-column-sweep.tar.gz is
`--count 6 --archive Corpora/eng-column-sweep.tar.gz`.

What varies, page by page: 2-4 columns, a gutter of 40-200 px, ragged or justified lines (a
justified line runs up to the gutter, and a ragged one often nearly does), columns that start at
different heights, a heading over all columns or over one, a grey figure box between two
paragraphs, a running head, a page number, footnotes under a rule. Every line stays inside its
column, as a typesetter keeps it: a URL or a word wider than the column is broken (after a `/`, `.`
or `-` when one is near the end), and the script stops if a line's ink would cross the gutter.

Text: the GNU General Public License version 3 (/usr/share/common-licenses/GPL-3, Debian
package base-files), paragraphs taken in order from a seeded start. Fonts: Debian's
fonts-dejavu-core and fonts-dejavu-extra (Sans, Serif and their condensed cuts).
Needs Pillow (python3-pil).
"""
import argparse
import os
import random
import re
import sys

from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpora  # noqa: E402  (the same reproducible tar.gz writer)

W, H = 2480, 3508  # A4 at 300 dpi
_DJ = "/usr/share/fonts/truetype/dejavu/"
# (body, bold) font pairs
FONTS = [
    (_DJ + "DejaVuSerif.ttf", _DJ + "DejaVuSerif-Bold.ttf"),
    (_DJ + "DejaVuSans.ttf", _DJ + "DejaVuSans-Bold.ttf"),
    (_DJ + "DejaVuSerifCondensed.ttf", _DJ + "DejaVuSerifCondensed-Bold.ttf"),
    (_DJ + "DejaVuSansCondensed.ttf", _DJ + "DejaVuSansCondensed-Bold.ttf"),
]
TEXT = "/usr/share/common-licenses/GPL-3"
HEADS = ["Review of Letters", "The Quarterly Bulletin", "Notes and Records", "Civic Journal",
         "Proceedings of the Society", "The Weekly Reader"]
_fonts = {}


def font(path, px):
    key = (path, px)
    if key not in _fonts:
        if not os.path.exists(path):
            sys.exit(f"font not found: {path} (apt-get install fonts-dejavu-core fonts-dejavu-extra)")
        _fonts[key] = ImageFont.truetype(path, px)
    return _fonts[key]


def paragraphs():
    """The licence's prose paragraphs (section numbers and short titles left out), ASCII only."""
    with open(TEXT, encoding="utf-8") as f:
        raw = f.read()
    result = []
    for block in re.split(r"\n\s*\n", raw):
        text = " ".join(block.split())
        if len(text) < 120 or not text.isascii():
            continue
        result.append(text)
    return result


def width(f, text):
    return f.getlength(text)


def pieces(word, f, w):
    """`word` cut into pieces of at most `w` px, as a typesetter breaks a URL or a long word in a
    narrow column: after a `/`, `.` or `-` where one is near enough the end, else between letters.
    A piece is a line of its own in the ground truth; no hyphen is added."""
    result = []
    while width(f, word) > w:
        cut = 1
        while cut < len(word) and width(f, word[: cut + 1]) <= w:
            cut += 1
        breaks = [k + 1 for k in range(cut // 2, cut) if word[k] in "/.-"]
        if breaks:
            cut = breaks[-1]
        result.append(word[:cut])
        word = word[cut:]
    return result + [word]


def wrap(words, f, w):
    """Greedy lines of at most `w` px; a word wider than a line is cut into pieces that fit."""
    words = [piece for word in words for piece in pieces(word, f, w)]
    lines, current = [], []
    for word in words:
        trial = current + [word]
        if current and width(f, " ".join(trial)) > w:
            lines.append(current)
            current = [word]
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def draw_line(draw, f, words, x, baseline, w, justify):
    """Draws a line of `words` from `x`; stops if its ink would leave the column (`w` px wide)."""
    ink = draw.textbbox((x, baseline), " ".join(words), font=f, anchor="ls")
    if justify and len(words) > 1:
        ink = (ink[0], ink[1], x + w, ink[3])
    if ink[0] < x - f.size / 4 or ink[2] > x + w + f.size / 8:
        sys.exit(f"a line leaves its column ({ink[2] - x - w:.0f} px): {' '.join(words)}")
    if justify and len(words) > 1:
        total = sum(width(f, word) for word in words)
        space = (w - total) / (len(words) - 1)
        pos = x
        for word in words:
            draw.text((pos, baseline), word, font=f, fill=0, anchor="ls")
            pos += width(f, word) + space
    else:
        draw.text((x, baseline), " ".join(words), font=f, fill=0, anchor="ls")


def make_page(index, seed, corpus):
    r = random.Random(f"column-sweep {seed} {index}")
    body_path, bold_path = r.choice(FONTS)
    ncols = r.choice([2, 2, 3, 3, 4])
    gutter = r.randint(40, 200)
    margin = r.randint(150, 260)
    pt = r.uniform(8.5, 11.5) if ncols < 4 else r.uniform(8, 10)
    px = round(pt * 300 / 72)
    leading = round(px * r.uniform(1.15, 1.45))
    justify = r.random() < 0.5
    heading_over = r.choice(["all", "all", "one", "none"])
    stagger = r.random() < 0.35
    figure = r.random() < 0.4
    running = r.random() < 0.7
    number = r.random() < 0.8
    footnotes = r.random() < 0.4
    colw = (W - 2 * margin - (ncols - 1) * gutter) / ncols
    body = font(body_path, px)
    bold = font(bold_path, round(px * 1.25))
    img = Image.new("L", (W, H), 255)
    draw = ImageDraw.Draw(img)
    gt_head, gt_cols, gt_foot, gt_num = [], [[] for _ in range(ncols)], [], []
    top = margin
    if running:
        small = font(body_path, round(px * 0.85))
        text = f"{r.choice(HEADS)} {r.randint(1, 40)}"
        draw.text((margin, top), text, font=small, fill=0, anchor="lt")
        gt_head.append([text])
        top += round(px * 2.2)
    pars = paragraphs()
    start = r.randrange(len(pars))
    par_iter = (pars[(start + k) % len(pars)] for k in range(10_000))
    if heading_over == "all":
        big = font(bold_path, round(px * r.uniform(1.8, 2.6)))
        title = " ".join(next(par_iter).split()[: r.randint(3, 7)]).rstrip(",.;:")
        lines = wrap(title.split(), big, W - 2 * margin)
        block = []
        for ws in lines:
            top += big.size
            draw_line(draw, big, ws, margin, top, W - 2 * margin, False)
            block.append(" ".join(ws))
            top += round(big.size * 0.3)
        gt_head.append(block)
        top += round(px * 1.5)
    bottom = H - margin
    if number:
        bottom -= round(px * 2.5)
    foot_lines = []
    if footnotes:
        small = font(body_path, round(px * 0.8))
        for k in range(r.randint(1, 2)):
            note = f"{k + 1} " + " ".join(next(par_iter).split()[: r.randint(12, 30)])
            for ws in wrap(note.split(), small, W - 2 * margin):
                foot_lines.append(" ".join(ws))
        fl = round(small.size * 1.3)
        ftop = bottom - fl * len(foot_lines)
        draw.line((margin, ftop - fl, margin + 600, ftop - fl), fill=0, width=3)
        y = ftop
        for line in foot_lines:
            y += fl
            draw.text((margin, y - round(fl * 0.25)), line, font=small, fill=0, anchor="ls")
        gt_foot.append(foot_lines)
        bottom = ftop - fl * 2
    one_heading = r.randrange(ncols) if heading_over == "one" else -1
    figure_col = r.randrange(ncols) if figure else -1
    words = []
    for c in range(ncols):
        x = margin + c * (colw + gutter)
        y = top + (r.randint(1, 6) * leading if stagger and c > 0 and r.random() < 0.6 else 0)
        block = []
        if c == one_heading:
            head = font(bold_path, round(px * 1.5))
            title = " ".join(next(par_iter).split()[: r.randint(2, 5)]).rstrip(",.;:")
            hb = []
            for ws in wrap(title.split(), head, colw):
                y += head.size
                draw_line(draw, head, ws, x, y, colw, False)
                hb.append(" ".join(ws))
                y += round(head.size * 0.3)
            gt_cols[c].append(hb)
            y += round(px * 0.8)
        figure_after = r.randint(3, 10) if c == figure_col else -1
        lines_done = 0
        while True:
            if not words:
                words = [("\n", None)] + [(p, None) for w in next(par_iter).split() for p in pieces(w, body, colw)]
            # A paragraph's lines, until the column is full.
            if words[0][0] == "\n":
                words = words[1:]
                if block and block[-1]:
                    block.append([])  # paragraph break: a blank line in the ground truth
            lines = wrap([w for w, _ in words], body, colw)
            stop = False
            for li, ws in enumerate(lines):
                if y + leading > bottom:
                    stop = True
                    break
                y += leading
                last = li == len(lines) - 1
                draw_line(draw, body, ws, x, y, colw, justify and not last)
                if not block:
                    block.append([])
                block[-1].append(" ".join(ws))
                words = words[len(ws):]
                lines_done += 1
                if lines_done == figure_after and y + 8 * leading < bottom:
                    fh = r.randint(5, 9) * leading
                    draw.rectangle((x, y + leading, x + colw, y + leading + fh), fill=225, outline=0, width=4)
                    y += fh + 2 * leading
                    if not last:
                        block.append([])
                    figure_after = -1
            if stop:
                break
        for p in block:
            if p:
                gt_cols[c].append(p)
    if number:
        n = str(r.randint(2, 480))
        pos = r.choice(["center", "left", "right"])
        xn = {"center": W / 2, "left": margin, "right": W - margin}[pos]
        anchor = {"center": "ms", "left": "ls", "right": "rs"}[pos]
        draw.text((xn, H - margin), n, font=body, fill=0, anchor=anchor)
        gt_num.append([n])
    blocks = gt_head + [p for col in gt_cols for p in col] + gt_foot + gt_num
    gt = "\n\n".join("\n".join(b) for b in blocks if b) + "\n"
    name = f"sweep-{index:03d}"
    shape = (f"{ncols} columns, gutter {gutter} px, {'justified' if justify else 'ragged'}, "
             f"{pt:.1f} pt, heading {heading_over}, stagger {stagger}, figure {figure}, "
             f"running head {running}, page number {number}, footnotes {footnotes}, "
             f"font {os.path.basename(body_path)}/{os.path.basename(bold_path)}")
    return name, img, gt, shape, ncols


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=1, help="index of the first page")
    ap.add_argument("--archive", help="also write the pages (images and ground truth) to this .tar.gz")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "SOURCES.txt"), "w", encoding="utf-8") as src:
        src.write(f"Corpora/make_column_sweep.py --seed {args.seed} --count {args.count} --first {args.first}\n"
                  f"text: {TEXT} (GNU GPL v3, Debian base-files); fonts: fonts-dejavu-core, "
                  f"fonts-dejavu-extra\n")
        for i in range(args.first, args.first + args.count):
            name, img, gt, shape, _ = make_page(i, args.seed, args.out)
            img.save(os.path.join(args.out, name + ".png"), optimize=True)
            with open(os.path.join(args.out, name + ".gt.txt"), "w", encoding="utf-8") as f:
                f.write(gt)
            src.write(f"{name}: {shape}\n")
    if args.archive:
        write_archive(args.archive, args.out, args.first, args.count)


def write_archive(path, folder, first, count):
    """The pages as a byte-for-byte reproducible .tar.gz, by make_corpora.py's writer."""
    names = sorted(f"sweep-{i:03d}{ext}" for i in range(first, first + count) for ext in (".png", ".gt.txt"))
    files = {}
    for name in names:
        with open(os.path.join(folder, name), "rb") as f:
            files[name] = f.read()
    make_corpora.write_archive(path, files)


if __name__ == "__main__":
    main()
