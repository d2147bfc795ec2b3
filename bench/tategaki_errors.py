#!/usr/bin/env python3
"""Where a vertical-Japanese sweep's errors are: every page's edit operations (CER without
whitespace, NFC, as the store scores it) aligned and put in classes, summed per shape.

Usage: python3 bench/tategaki_errors.py STORE.jsonl SWEEP_DIR [--pages] [--ops CLASS] [--layout]
                                        [--near-marks]
SWEEP_DIR is what Corpora/make_tategaki_sweep.py --out wrote (SHAPE/NAME.png + NAME.gt.txt).

--near-marks adds, per shape, each class's edits whose truth holds a `、` or `。` within two
characters either side (an inserted character: of where it went in): where the cells' grid, one
phase down a column, loses a character beside a mark set half-width.

--layout adds, per shape, the losses of the page's layout rather than of a column's characters:
page numbers (the gt's last block, digits) not read as a line of their own, short columns (one or
two characters, the tail of a tier) found in no line of the reading, and the edits that the order
of the text explains (CER edits less the edits of the two texts taken as bags of characters: a
column read out of its place costs edits that no bag shows). With --pages too, each page's missed
page number (and the last line read) and short columns (and the short lines read) are listed.

Classes (the first that fits):
  small-kana   a small kana read as its full-size kana, or the other way (ッ/ツ, ャ/ヤ, ぁ/あ)
  punctuation  a mark missed, added or changed: 、。「」『』（）・…※！？ and the like
  latin        a Latin letter or digit in the truth or the reading, or an edit touching one
  long-vowel   ー read as 一 or — or dropped
  kana         a kana read as another kana, dropped or added
  kanji        the rest (kanji read wrong, dropped or added)
A page read at more than 50% is counted under `garbage` whole (a damaged page or a lost column).
"""
import json
import os
import sys
import unicodedata
from collections import Counter

SMALL = "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
LARGE = "あいうえおつやゆよわアイウエオツヤユヨワカケ"
SMALL_PAIRS = {frozenset(p) for p in zip(SMALL, LARGE)}
PUNCT = set("、。「」『』（）()・…‥※！？!?，,．：；〜～〈〉《》【】［］\"'“”‘’﹁﹂﹃﹄︙︰")
BARS = set("ー一—―‐-－ｰ")


def is_latin(c):
    o = ord(c)
    return (0x30 <= o <= 0x39 or 0x41 <= o <= 0x5A or 0x61 <= o <= 0x7A or 0xFF10 <= o <= 0xFF19
            or 0xFF21 <= o <= 0xFF3A or 0xFF41 <= o <= 0xFF5A)


def is_kana(c):
    return 0x3041 <= ord(c) <= 0x30FF and c != "ー"


def normal(text):
    return "".join(unicodedata.normalize("NFC", text or "").split())


def align(ref, hyp):
    """The edit operations of a shortest alignment: (op, ref char, hyp char, ref index)."""
    n, m = len(ref), len(hyp)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        ri = ref[i - 1]
        row, prev = d[i], d[i - 1]
        for j in range(1, m + 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ri != hyp[j - 1]))
    ops, i, j = [], n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0 and d[i][j] == d[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]):
            if ref[i - 1] != hyp[j - 1]:
                ops.append(("sub", ref[i - 1], hyp[j - 1], i - 1))
            i, j = i - 1, j - 1
        elif i > 0 and d[i][j] == d[i - 1][j] + 1:
            ops.append(("del", ref[i - 1], "", i - 1))
            i -= 1
        else:
            ops.append(("ins", "", hyp[j - 1], i))
            j -= 1
    return ops[::-1]


def classify(op, ref):
    kind, r, h, at = op
    chars = r + h
    if kind == "sub" and frozenset((r, h)) in SMALL_PAIRS:
        return "small-kana"
    if any(c in PUNCT for c in chars):
        return "punctuation"
    near = ref[max(0, at - 1):at + 2] if kind != "sub" else ""
    if any(is_latin(c) for c in chars) or (kind != "sub" and any(is_latin(c) for c in near)):
        return "latin"
    if "ー" in chars or (kind == "sub" and r in BARS and h in BARS):
        return "long-vowel"
    if all(is_kana(c) for c in chars):
        return "kana"
    return "kanji"


CLASSES = ["small-kana", "punctuation", "latin", "long-vowel", "kana", "kanji", "garbage"]


def latest_run(path):
    rows, run = [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if rec.get("kind") != "result":
                continue
            if rec["run"] != run:
                run, rows = rec["run"], []
            rows.append(rec)
    return rows


def main():
    argv = sys.argv[1:]
    show_ops = None
    if "--ops" in argv:
        at = argv.index("--ops")
        show_ops = argv[at + 1] if at + 1 < len(argv) else None
        del argv[at:at + 2]
    show_pages = "--pages" in argv
    show_layout = "--layout" in argv
    show_near_marks = "--near-marks" in argv
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 2 or (show_ops is not None and show_ops not in CLASSES):
        sys.exit(__doc__)
    store, sweep = args
    shapes = {}
    for rec in latest_run(store):
        entry = rec["entry"]
        base = os.path.splitext(entry)[0]
        with open(os.path.join(sweep, base + ".gt.txt"), encoding="utf-8") as f:
            ref = normal(f.read())
        hyp = normal(rec.get("text"))
        ops = align(ref, hyp)
        shape = entry.split("/")[0]
        s = shapes.setdefault(shape, {"chars": 0, "pages": 0, **{c: 0 for c in CLASSES}})
        near = s.setdefault("near marks", Counter())
        s["chars"] += len(ref)
        s["pages"] += 1
        counts = {c: 0 for c in CLASSES}
        if len(ops) > 0.5 * max(len(ref), 1):
            counts["garbage"] = len(ops)
        else:
            for op in ops:
                c = classify(op, ref)
                counts[c] += 1
                at = op[3]
                beside = ref[max(0, at - 2):at] + (ref[at:at + 2] if op[0] == "ins" else ref[at + 1:at + 3])
                if any(m in beside for m in "、。"):
                    near[c] += 1
                if show_ops == c:
                    print(f"  {entry}: {op[0]} {op[1] or '∅'}→{op[2] or '∅'}  …{ref[max(0, op[3] - 4):op[3] + 5]}…")
        for c in CLASSES:
            s[c] += counts[c]
        with open(os.path.join(sweep, base + ".gt.txt"), encoding="utf-8") as f:
            blocks = f.read().split("\n")
        lines = [normal(x) for x in (rec.get("text") or "").split("\n")]
        number = normal(blocks[-1]) if len(blocks) >= 2 and not blocks[-2].strip() else ""
        lay = s.setdefault("layout", {"numbers": 0, "numbers missed": 0, "short": 0, "short missed": 0,
                                      "order edits": 0})
        missed = []
        if number.isdigit():
            lay["numbers"] += 1
            lay["numbers missed"] += number not in lines
            if number not in lines:
                missed.append(f"page number {number} (last line read: {lines[-1] if lines else ''})")
        for column in (normal(x) for x in blocks):
            if 0 < len(column) <= 2 and not column.isdigit():
                lay["short"] += 1
                lay["short missed"] += not any(column in x for x in lines)
                if not any(column in x for x in lines):
                    missed.append(f"short column {column} (short lines read: {[x for x in lines if len(x) <= 3]})")
        if show_layout and show_pages and missed:
            print(f"{entry} layout: " + "; ".join(missed))
        bag = max(sum((Counter(ref) - Counter(hyp)).values()), sum((Counter(hyp) - Counter(ref)).values()))
        lay["order edits"] += len(ops) - bag
        if show_pages and ops:
            print(f"{entry} {100 * len(ops) / max(len(ref), 1):.1f}% " +
                  " ".join(f"{c}={counts[c]}" for c in CLASSES if counts[c]))
    # Per shape: each class's share of the shape's CER in points (micro: edits over truth chars).
    print("| shape | pages | CER (micro) | " + " | ".join(CLASSES) + " |")
    print("|" + " --- |" * (3 + len(CLASSES)))
    total = {"chars": 0, "pages": 0, **{c: 0 for c in CLASSES}}
    for shape in sorted(shapes) + ["all"]:
        s = shapes.get(shape, total)
        if shape != "all":
            for k in total:
                total[k] += s[k]
        edits = sum(s[c] for c in CLASSES)
        print(f"| {shape} | {s['pages']} | {100 * edits / max(s['chars'], 1):.2f}% | " +
              " | ".join(f"{100 * s[c] / max(s['chars'], 1):.2f}" for c in CLASSES) + " |")
    if show_layout:
        print()
        print("| shape | page numbers missed | short columns missed | edits order explains (points) |")
        print("| --- | --- | --- | --- |")
        for shape in sorted(shapes):
            lay, chars = shapes[shape].get("layout", {}), max(shapes[shape]["chars"], 1)
            print(f"| {shape} | {lay.get('numbers missed', 0)} of {lay.get('numbers', 0)} | "
                  f"{lay.get('short missed', 0)} of {lay.get('short', 0)} | "
                  f"{100 * lay.get('order edits', 0) / chars:.2f} |")
    if show_near_marks:
        print()
        print("| shape | " + " | ".join(f"{c} near a mark" for c in CLASSES[:-1]) + " |")
        print("|" + " --- |" * len(CLASSES))
        for shape in sorted(shapes) + ["all"]:
            near = (sum((shapes[x].get("near marks", Counter()) for x in shapes), Counter()) if shape == "all"
                    else shapes[shape].get("near marks", Counter()))
            print(f"| {shape} | " + " | ".join(str(near[c]) for c in CLASSES[:-1]) + " |")


if __name__ == "__main__":
    main()
