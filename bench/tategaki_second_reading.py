#!/usr/bin/env python3
"""How far a second recognizer could take a vertical-Japanese sweep (Corpora/make_tategaki_sweep.py):
two stores of the same pages read with two recognizers (each the whole pipeline), and the oracle that
takes the better reading per page, per column of the truth, and per aligned stretch (between
characters both readings have right): a ceiling for any choice between the two made without the
truth.

Usage: /usr/bin/python3 bench/tategaki_second_reading.py A.jsonl B.jsonl --seed SEED --texts BANK
  [A2.jsonl B2.jsonl --seed ... --texts ...]...
  Each store's latest run is read. SEED and BANK as the sweep was made with (`--seed marks-1
  --texts marks`); they tell each page's damage (bench/tategaki_worst.py), so that 1-bit pages are
  counted apart. Needs Pillow and numpy (the generator's imports), as /usr/bin/python3 has them.
  A store read with another recognizer in the small one's place is made with a models folder that
  holds it under the small one's names (SCANBENCH_MODELS), as in
  (Reports/BENCHMARKS.md, "A second recognizer for vertical columns, PP-OCRv5 mobile: its ceiling, too low to build on (issue 30)").
Edits here are counted on code points of the NFC texts without whitespace (the store's metric counts
graphemes: the page totals are printed beside the stores' own).
"""
import os
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tategaki_sweep import latest_run, p90  # noqa: E402
from tategaki_worst import page_data  # noqa: E402


def squeeze(text):
    return "".join(unicodedata.normalize("NFC", text).split())


def costs(hyp, ref):
    """Per character of ref, the edits an optimal alignment of hyp charges it: its substitution or
    deletion, plus the insertions just before it (those after the last character go to the last)."""
    n, m = len(ref), len(hyp)
    prev = list(range(m + 1))
    rows = [prev]
    for i in range(1, n + 1):
        cur = [i] + [0] * m
        r = ref[i - 1]
        for j in range(1, m + 1):
            cur[j] = min(prev[j - 1] + (r != hyp[j - 1]), prev[j] + 1, cur[j - 1] + 1)
        rows.append(cur)
        prev = cur
    charge = [0] * max(n, 1)
    i, j = n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0 and rows[i][j] == rows[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]):
            charge[i - 1] += ref[i - 1] != hyp[j - 1]
            i, j = i - 1, j - 1
        elif i > 0 and rows[i][j] == rows[i - 1][j] + 1:
            charge[i - 1] += 1
            i -= 1
        else:
            charge[min(i, n - 1) if n else 0] += 1
            j -= 1
    return charge, rows[n][m]


def main():
    argv = sys.argv[1:]
    groups, cur = [], {"stores": []}
    k = 0
    while k < len(argv):
        if argv[k] == "--seed":
            cur["seed"] = argv[k + 1]; k += 2
        elif argv[k] == "--texts":
            cur["texts"] = argv[k + 1]; k += 2
            groups.append(cur); cur = {"stores": []}
        else:
            cur["stores"].append(argv[k]); k += 1
    if cur["stores"] or not groups or any(len(g["stores"]) != 2 or "seed" not in g for g in groups):
        sys.exit(__doc__)
    shapes = {}
    total = {}

    def add(key, field, value):
        total.setdefault(key, {}).setdefault(field, 0)
        total[key][field] += value

    for g in groups:
        a = {r["entry"]: r for r in latest_run(g["stores"][0])}
        b = {r["entry"]: r for r in latest_run(g["stores"][1])}
        for entry in sorted(set(a) & set(b)):
            ra, rb = a[entry], b[entry]
            gt_path = os.path.join(ra["source"], os.path.splitext(entry)[0] + ".gt.txt")
            with open(gt_path, encoding="utf-8") as f:
                truth = f.read()
            shape = entry.split("/")[0]
            number = int(os.path.splitext(entry)[0].rsplit("-", 1)[1])
            damage = page_data(g["seed"], g["texts"], shape, number)["damage"]
            bilevel = "1-bit" in damage.split(",")
            ref = squeeze(truth)
            ca, ea = costs(squeeze(ra.get("text") or ""), ref)
            cb, eb = costs(squeeze(rb.get("text") or ""), ref)
            # Columns of the truth: its lines.
            bounds, at = [], 0
            for line in truth.split("\n"):
                length = len(squeeze(line))
                if length:
                    bounds.append((at, at + length))
                at += length
            column = sum(min(sum(ca[s:e]), sum(cb[s:e])) for s, e in bounds) if ref else min(ea, eb)
            # Aligned stretches: cut where both readings have the character right.
            stretch, sa, sb = 0, 0, 0
            for x, y in zip(ca, cb):
                if x == 0 and y == 0:
                    stretch += min(sa, sb); sa = sb = 0
                else:
                    sa += x; sb += y
            stretch += min(sa, sb)
            n = len(ref)
            for key in ("all", "1-bit" if bilevel else "not 1-bit", shape):
                add(key, "pages", 1)
                add(key, "chars", n)
                add(key, "a", ea); add(key, "b", eb)
                add(key, "store a", ra.get("edits") or 0); add(key, "store b", rb.get("edits") or 0)
                add(key, "page oracle", min(ea, eb)); add(key, "column oracle", column)
                add(key, "stretch oracle", stretch)
                add(key, "a better", ea < eb); add(key, "b better", eb < ea)
            shapes.setdefault(shape, {"a": [], "b": []})
            shapes[shape]["a"].append((ra["cer"], entry))
            shapes[shape]["b"].append((rb["cer"], entry))
    print("| pages | n | chars | A | B | page oracle | column oracle | stretch oracle | A better | B better |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    order = ["all", "not 1-bit", "1-bit"] + sorted(k for k in total if k not in ("all", "not 1-bit", "1-bit"))
    for key in order:
        t = total.get(key)
        if not t:
            continue
        pct = lambda v: f"{100 * v / max(t['chars'], 1):.2f}% ({v})"
        print(f"| {key} | {t['pages']} | {t['chars']} | {pct(t['a'])} | {pct(t['b'])} | {pct(t['page oracle'])} | "
              f"{pct(t['column oracle'])} | {pct(t['stretch oracle'])} | {t['a better']} | {t['b better']} |")
    print(f"\n(the stores' own edits, graphemes: A {total['all']['store a']}, B {total['all']['store b']})\n")
    print("| shape | A mean | A p90 | A worst | B mean | B p90 | B worst |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for shape in sorted(shapes):
        cells = []
        for side in ("a", "b"):
            vals = shapes[shape][side]
            c = sorted(v for v, _ in vals)
            worst = max(vals)
            cells += [f"{100 * sum(c) / len(c):.2f}%", f"{100 * p90(c):.2f}%",
                      f"{100 * worst[0]:.2f}% ({worst[1].split('/')[-1]})"]
        print(f"| {shape} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
