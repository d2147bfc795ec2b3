#!/usr/bin/env python3
"""The marks of vertical Japanese a sweep's records lose, misread and add, counted per mark.

Usage: python3 bench/tategaki_marks.py STORE.jsonl [STORE.jsonl ...] [--show MARK]

Each store's latest run is read; each page's truth is its image's `.gt.txt` beside it under the
record's `source`. The reading is aligned with the truth as bench/tategaki_errors.py aligns it
(whitespace out, NFC, one shortest alignment; pages read at more than 50% left out). Per mark of
`、。「」『』（）：！？…ー※`: how often the truth holds it, how often it is lost (deleted) and
added, and what it is read as. With --show MARK, every loss and misreading of that mark with
its context (two characters of the truth either side) and its page.
"""
import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tategaki_errors as te  # noqa: E402
MARKS = "、。「」『』（）：！？…ー※"
def latest(path):
    rows, run = {}, None
    for line in open(path, encoding='utf-8'):
        try: r = json.loads(line)
        except Exception: continue
        if r.get('kind') != 'result': continue
        if r.get('run') != run: run, rows = r.get('run'), {}
        rows[(r.get('entry'), r.get('page'))] = r
    return rows
want = sys.argv[sys.argv.index('--show')+1] if '--show' in sys.argv else None
stores = [a for a in sys.argv[1:] if a.endswith('.jsonl')]
lost = collections.Counter(); misread = collections.Counter(); added = collections.Counter(); intruth = collections.Counter()
ctx = collections.defaultdict(list)
for s in stores:
    for k, r in latest(s).items():
        g=os.path.join(r['source'], os.path.splitext(r['entry'])[0]+'.gt.txt')
        ref = te.normal(open(g,encoding='utf-8').read()); hyp = te.normal(r.get('text', ''))
        if not ref or (r.get('cer') or 0) > 0.5: continue
        for c in ref:
            if c in MARKS: intruth[c] += 1
        for kind, a, b, at in te.align(ref, hyp):
            c = ref[max(0, at-3):at+4]
            if kind == 'del' and a in MARKS:
                lost[a] += 1; ctx[('lost', a)].append((s.split('/')[-1], k[0], ref[max(0,at-2):at+3]))
            elif kind == 'sub' and (a in MARKS):
                misread[(a, b)] += 1; ctx[('read', a+'→'+b)].append((s.split('/')[-1], k[0], ref[max(0,at-2):at+3]))
            elif kind == 'ins' and b in MARKS:
                added[b] += 1
            elif kind == 'sub' and b in MARKS:
                misread[(a, b)] += 1
print('mark truth lost added')
for m in MARKS:
    print(m, intruth[m], lost[m], added[m], ' misread:', {f'{a}→{b}': n for (a, b), n in misread.items() if a == m})
print('top misreads', misread.most_common(15))
if want:
    for key, items in ctx.items():
        if want in key[1]:
            print(key, len(items))
            for it in items: print('   ', *it)
