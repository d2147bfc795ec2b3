#!/usr/bin/env python3
"""The edits a vertical-Japanese sweep's reading makes at its Latin words and numbers, in classes.

Usage: python3 bench/tategaki_latin_errors.py STORE.jsonl SWEEP_DIR [--list CLASS|all] [--words]

Each page's truth and reading (whitespace left out, NFC) are aligned as bench/tategaki_errors.py
aligns them; every edit inside a run of Latin letters and digits of the truth (with `-.'/:&+`
inside it), or on the character either side of one, or putting a letter where the truth has
none, is counted in one class: the word read as kana or kanji (half its letters or more), lost
whole, a page number (the truth's last block, digits), case, a lookalike letter or digit, a letter
lost (the thin `i` apart) or added, a letter read as a kana or mark; beside a word, the kana read
as a letter, misread, lost, doubled or something put in, a mark lost or changed (punctuation).
A page read at more than 50% is left out (a damaged page or a lost column). --list prints each
edit of a class (or all), --words the words each class touches and on how many pages.
"""
import json, os, sys, unicodedata
from collections import Counter, defaultdict  # noqa: F401
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tategaki_errors import align, normal, is_latin, is_kana, latest_run

INNER = set("-.'/:&+")
def latinish(c): return is_latin(c)
def is_hira(c): return 0x3041 <= ord(c) <= 0x3096
def is_kanji(c): return 0x4E00 <= ord(c) <= 0x9FFF

LOOK = [set("0Oo"), set("1lIi|"), set("ce"), set("5S"), set("8B"), set("2Z"), set("vy"), set("rn"), set("uv"), set("Xx×")]

def runs_of(ref):
    runs, i = [], 0
    while i < len(ref):
        if latinish(ref[i]):
            j = i
            while j < len(ref) and (latinish(ref[j]) or (ref[j] in INNER and j + 1 < len(ref) and latinish(ref[j + 1]))):
                j += 1
            runs.append((i, j)); i = j
        else:
            i += 1
    return runs

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    lst = sys.argv[sys.argv.index("--list") + 1] if "--list" in sys.argv else None
    store, sweep = args[0], args[1]
    counts = defaultdict(Counter)  # shape -> class -> edits
    examples = defaultdict(list)
    for rec in latest_run(store):
        entry = rec["entry"]; base = os.path.splitext(entry)[0]; shape = entry.split("/")[0]
        ref = normal(open(os.path.join(sweep, base + ".gt.txt"), encoding="utf-8").read())
        hyp = normal(rec.get("text"))
        ops = align(ref, hyp)
        if len(ops) > 0.5 * max(len(ref), 1):
            continue  # garbage page
        runs = runs_of(ref)
        raw = open(os.path.join(sweep, base + ".gt.txt"), encoding="utf-8").read().rstrip("\n").split("\n")
        last = normal(raw[-1]) if len(raw) >= 2 and not raw[-2].strip() else ""
        def ref_lines_end(a, b, last=last, ref=ref):
            return last.isdigit() and b == len(ref) and ref[a:b] == last
        inrun = {}
        for k, (a, b) in enumerate(runs):
            for x in range(a, b): inrun[x] = k
        def run_near(op):
            kind, r, h, at = op
            if kind == "ins":
                for x in (at - 1, at):
                    if x in inrun: return inrun[x], ("inside" if (at - 1 in inrun and at in inrun and inrun[at-1] == inrun[at]) else ("after" if x == at - 1 else "before"))
                return None, None
            if at in inrun: return inrun[at], "inside"
            if at + 1 in inrun: return inrun[at + 1], "before"
            if at - 1 in inrun: return inrun[at - 1], "after"
            return None, None
        # group inside-run ops per run to detect word read as kana / lost
        per_run = defaultdict(list)
        for op in ops:
            k, where = run_near(op)
            if k is None:
                if any(is_latin(c) for c in op[1] + op[2]):
                    per_run[("x", op[3])].append((op, "stray"))
                continue
            per_run[k].append((op, where))
        for k, lst_ops in per_run.items():
            if isinstance(k, tuple):
                for op, _ in lst_ops:
                    cls = "latin read in a non-Latin place"
                    if op[0] == "sub" and is_latin(op[2]): cls = "kana/kanji (not beside a word) read as a letter"
                    counts[shape][cls] += 1; examples[cls].append((entry, op, ref[max(0,op[3]-5):op[3]+6], ""))
                continue
            a, b = runs[k]
            word = ref[a:b]
            inside = [op for op, w in lst_ops if w == "inside"]
            n_letters = b - a
            lost = sum(1 for op in inside if op[0] == "del")
            nonlat = sum(1 for op in inside if op[0] == "sub" and not is_latin(op[2]) and op[2] not in INNER)
            word_cls = None
            if word.isdigit() and (a == 0 or True) and ref_lines_end(a, b):
                word_cls = "page number lost or misread (layout)"
            elif n_letters >= 1 and lost == n_letters:
                word_cls = "word lost whole"
            elif n_letters >= 2 and nonlat + lost >= (n_letters + 1) // 2 and nonlat >= 1:
                word_cls = "word read as kana/kanji"
            # hyp context
            ctx = ref[max(0, a - 2):b + 2]
            for op, where in lst_ops:
                kind, r, h, at = op
                if where == "inside":
                    if word_cls:
                        cls = word_cls
                    elif kind == "sub":
                        if is_latin(h) and r.lower() == h.lower(): cls = "case"
                        elif is_latin(h) or h in INNER or any(r in s and h in s for s in LOOK): cls = "lookalike letter/digit"
                        elif any(r in s and h in s for s in LOOK): cls = "lookalike letter/digit"
                        else: cls = "letter read as kana/kanji/mark"
                    elif kind == "del":
                        cls = "thin i lost" if r in "iIl1" else "letter lost"
                    else:
                        cls = "letter added" if (is_latin(h) or h in INNER) else "kana/mark put inside the word"
                else:
                    if kind == "sub":
                        if is_latin(h): cls = "kana beside read as a letter"
                        elif r in "、。「」（）・" or h in "、。「」（）・": cls = "mark beside changed (punctuation)"
                        else: cls = "kana beside misread"
                    elif kind == "del":
                        cls = "mark beside lost (punctuation)" if not (is_kana(r) or is_kanji(r)) else "kana beside lost"
                    else:
                        nb = ref[at - 1] if where == "after" and at >= 1 else (ref[at] if at < len(ref) else "")
                        if is_latin(h): cls = "letter added at an end"
                        elif h == nb or (where=="after" and at < len(ref) and h == ref[at]) or (where=="before" and at>=1 and h==ref[at-1]): cls = "kana beside doubled"
                        else: cls = "character put in beside"
                counts[shape][cls] += 1
                examples[cls].append((entry, op, ctx, word))
    classes = sorted({c for s in counts.values() for c in s}, key=lambda c: (-sum(s[c] for s in counts.values()), c))
    shapes = sorted(counts)
    print("| class | " + " | ".join(shapes) + " | all |")
    print("|" + " --- |" * (len(shapes) + 2))
    for c in classes:
        print(f"| {c} | " + " | ".join(str(counts[s][c]) for s in shapes) + f" | {sum(counts[s][c] for s in shapes)} |")
    print(f"| all | " + " | ".join(str(sum(counts[s].values())) for s in shapes) + f" | {sum(sum(s.values()) for s in counts.values())} |")
    if "--words" in sys.argv:
        for c in classes:
            pages = defaultdict(set)
            for e, op, ctx, w in examples[c]:
                pages[w or "-"].add(e)
            print(f"WORDS {c}: " + ", ".join(f"{w} {len(p)}" for w, p in sorted(pages.items(), key=lambda x: -len(x[1]))))
    if lst:
        for c in classes:
            if lst != "all" and lst != c: continue
            print(f"\n## {c}")
            for e, op, ctx, w in examples[c]:
                print(f"  {e}: {op[0]} {op[1] or '∅'}→{op[2] or '∅'}  …{ctx}…")
main()
