#!/usr/bin/env python3
"""Small kana and long vowel bars of vertical-Japanese sweeps, counted by kind: each edit of a
store's reading (CER without whitespace, NFC, aligned as bench/tategaki_errors.py aligns) that
touches a small kana or `ー`, summed over the stores given.

Usage: python3 bench/tategaki_small_kana.py STORE.jsonl SWEEP_DIR [STORE.jsonl SWEEP_DIR ...]
                                            [--examples N]

Kinds:
  small read full   a small kana read as its full-size kana (`ィ` → `イ`), per pair
  full read small   a full-size kana read as its small form (`ア` → `ァ`), per pair
  small lost        a small kana the reading dropped
  small added       a small kana read where the truth has none
  small for other   a small kana read as another character, or another read as one
  bar lost          a long vowel bar `ー` dropped
  bar added         a `ー` read where the truth has none
  bar for other     `ー` read as another character (`一`, `—`), or another read as `ー`
A page read at more than 50% (a damaged page or a lost column) is left out, as the errors script
counts it `garbage`.

--examples N prints, per kind, up to N edits with the truth around them and the reading.
"""
import os
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tategaki_errors import SMALL, SMALL_PAIRS, align, latest_run, normal  # noqa: E402

BAR = "ー"


def kind(op):
    """The kind of an edit (a key of the table) and, for a pair, which pair; None for others."""
    what, r, h, _ = op
    if what == "sub" and frozenset((r, h)) in SMALL_PAIRS:
        return ("small read full", f"{r}→{h}") if r in SMALL else ("full read small", f"{r}→{h}")
    if what == "del" and r in SMALL:
        return ("small lost", r)
    if what == "ins" and h in SMALL:
        return ("small added", h)
    if what == "sub" and (r in SMALL or h in SMALL):
        return ("small for other", f"{r}→{h}")
    if what == "del" and r == BAR:
        return ("bar lost", r)
    if what == "ins" and h == BAR:
        return ("bar added", h)
    if what == "sub" and BAR in (r, h):
        return ("bar for other", f"{r}→{h}")
    return None


KINDS = ["small read full", "full read small", "small lost", "small added", "small for other",
         "bar lost", "bar added", "bar for other"]


def main():
    argv = sys.argv[1:]
    examples = 0
    if "--examples" in argv:
        at = argv.index("--examples")
        examples = int(argv[at + 1])
        del argv[at:at + 2]
    if len(argv) < 2 or len(argv) % 2:
        sys.exit(__doc__)
    counts, pairs, shown = Counter(), defaultdict(Counter), defaultdict(list)
    truth = Counter()
    for store, sweep in zip(argv[::2], argv[1::2]):
        for rec in latest_run(store):
            entry = rec["entry"]
            with open(os.path.join(sweep, os.path.splitext(entry)[0] + ".gt.txt"), encoding="utf-8") as f:
                ref = normal(f.read())
            hyp = normal(rec.get("text"))
            ops = align(ref, hyp)
            if len(ops) > 0.5 * max(len(ref), 1):
                continue
            truth["small"] += sum(c in SMALL for c in ref)
            truth["bar"] += ref.count(BAR)
            for op in ops:
                found = kind(op)
                if found is None:
                    continue
                counts[found[0]] += 1
                pairs[found[0]][found[1]] += 1
                if len(shown[found[0]]) < examples:
                    at = op[3]
                    shown[found[0]].append(f"{os.path.basename(store)} {entry}: {found[1]} in "
                                           f"…{ref[max(0, at - 4):at + 5]}…")
    print(f"truth: {truth['small']} small kana, {truth['bar']} long vowel bars")
    print()
    print("| kind | edits | by pair or character (most first) |")
    print("| --- | --- | --- |")
    for k in KINDS:
        top = ", ".join(f"`{p}` {n}" for p, n in pairs[k].most_common(8))
        print(f"| {k} | {counts[k]} | {top} |")
    for k in KINDS:
        for line in shown[k]:
            print(f"  {k}: {line}")


if __name__ == "__main__":
    main()
