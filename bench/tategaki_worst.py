#!/usr/bin/env python3
"""The worst pages of a vertical-Japanese sweep store (Corpora/make_tategaki_sweep.py), with what the
generator made of each: its font, format and damage, drawn again from the page's seed (no page is
rendered), and how many lines the reading found against the ground truth's.

Usage: /usr/bin/python3 bench/tategaki_worst.py STORE.jsonl --seed SEED --texts BANK [--above 0.15]
  SEED and BANK as the sweep was made with (`--seed marks-1 --texts marks`). The store's latest run
  is read; its lines are counted where it was made with `--boxes`. Needs Pillow and numpy (the
  generator's imports), as /usr/bin/python3 has them.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Corpora"))
import make_corpora as mc  # noqa: E402
import make_tategaki_sweep as ts  # noqa: E402
from tategaki_sweep import latest_run  # noqa: E402 (this folder: the same store reader)


def page_data(seed, texts, shape, number):
    """The font, format and damage the generator gave the page: its draws made again, in order."""
    r, _ = mc.rngs("tategaki-sweep", seed, f"{shape}-{number:03d}")
    family = {}
    choice = r.choice

    def noting(seq):
        value = choice(seq)
        if seq is ts.FAMILIES:
            family["name"] = value
        return value

    r.choice = noting
    bank = ts.TEXT_BANKS[texts]
    if shape.startswith("col-"):
        _, width, height, gt = ts.make_column(shape, r, upright=shape == "col-upright", bank=bank)
        kind = "line"
    else:
        _, width, height, gt = ts.make_book(shape, r, bank)
        kind = "page"
    fmt, quality = mc.pick_format(r, 0.35, 0.3)
    style = mc.pick_style(r, kind, fmt, hard=ts.DEFAULT_HARD_SHARE)
    damage = [name for name, on in (
        ("1-bit", style["bilevel"]), ("hard", style["hard"]), ("faint", style["low_contrast"]),
        ("motion", style["motion"] > 0), ("thin", style["stroke"] < 0), ("bold", style["stroke"] > 0),
        ("photo", not style["white_clip"])) if on]
    return {"family": family.get("name", "?"), "format": fmt + (str(quality) if quality else ""),
            "damage": ",".join(damage) or "-", "size": f"{width}x{height}",
            "gt_lines": sum(1 for line in gt.split("\n") if line.strip())}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("store")
    ap.add_argument("--seed", required=True)
    ap.add_argument("--texts", required=True, choices=sorted(ts.TEXT_BANKS))
    ap.add_argument("--above", type=float, default=0.15, help="list pages whose CER is above this")
    args = ap.parse_args()
    rows = [r for r in latest_run(args.store) if r["cer"] > args.above]
    print("| page | CER | edits | font | format | damage | size | lines found / truth |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for rec in sorted(rows, key=lambda r: -r["cer"]):
        shape, name = rec["entry"].split("/")[-2:]
        number = int(re.search(r"-(\d+)\.[a-z]+$", name).group(1))
        page = page_data(args.seed, args.texts, shape, number)
        found = len(rec["lines"]) if "lines" in rec else "-"
        print(f"| {shape}/{name} | {100 * rec['cer']:.2f}% | {rec['edits']} | {page['family']} | {page['format']} | "
              f"{page['damage']} | {page['size']} | {found} / {page['gt_lines']} |")


if __name__ == "__main__":
    main()
