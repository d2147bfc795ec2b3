#!/usr/bin/env python3
"""Seeded vertical-Japanese pages that sweep the variation a new user's pages have (issue 30).

Usage:  python3 Corpora/make_tategaki_sweep.py --out DIR [--per-shape N] [--shapes a,b] [--seed S]
                                              [--texts tuning|marks|latin|held-out|held-out-marks]
                                              [--hard SHARE]
        python3 Corpora/make_tategaki_sweep.py --corpus   (Corpora/jpn-tategaki-sweep.tar.gz)

Every page is typeset by Debian's chromium with CSS `writing-mode: vertical-rl`, as make_corpora.py's
jpn-tategaki is (its `browser_screenshot`, damage model and archive writer are reused), then damaged
as a scan. Shapes, each drawn from its own seeded generator (the shape, the seed and the page's
number), so changing one page changes no other:

  col-upright   single columns (trdg-style crops), Latin words set `text-orientation: upright`
  col-sideways  single columns, Latin words lying sideways (`text-orientation: mixed`)
  book-1        a page of one tier (段) of columns right to left
  book-2        two tiers, the upper read first
  book-3        three tiers
  book-head     one or two tiers under a horizontal heading, or after a vertical one

Across shapes: Noto Serif/Sans CJK JP, IPA Mincho, IPA Gothic, IPA P Gothic; two-digit numbers set
across the column (`text-combine-upright`); ruby over some kanji (furigana: the ground truth leaves
it out); page numbers under the tiers (a last gt line of their own); `、。「」ー…` in the font's
vertical forms. The ground truth is one line per column in reading order, a blank line between
blocks (heading, tiers' body, page number), as in Corpora/README.md's jpn-tategaki.

Texts were written for this project and are released under CC0. Needs chromium, Pillow, numpy and
fonts-noto-cjk, fonts-ipafont-mincho, fonts-ipafont-gothic (the Makefile's CORPORA_PACKAGES).
"""

import argparse
import html
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpora as mc  # noqa: E402

FAMILIES = ["Noto Serif CJK JP", "Noto Sans CJK JP", "IPAMincho", "IPAGothic", "IPAPGothic"]

# Sentences with the words a technical magazine sets in Latin letters. Tokens: plain text, ("L", word)
# for a Latin word, ("N", digits) for a number set across the column, ("R", base, reading) for ruby.
SENTENCES = [
    ["画面の遷移は", ("L", "Coordinator"), "にまとめ、各画面は自分の次を知らない。"],
    [("L", "UIKit"), "で書かれた古い画面も、", ("L", "SwiftUI"), "の新しい画面と並んで動く。"],
    ["この章では", ("L", "Swift"), "の", ("L", "async"), "関数を使って通信を書き直す。"],
    ["設定は", ("L", "JSON"), "で保存し、起動のたびに読み込む。"],
    ["第", ("N", "12"), "章では、", ("R", "画像", "がぞう"), "の読み込みを扱う。"],
    ["「", ("R", "試験", "しけん"), "は毎晩", ("N", "24"), "時に走る」と書いてある。"],
    ["サーバーは", ("L", "HTTP"), "で応答し、", ("L", "Linux"), "の上で動いている。"],
    ["ボタンを押すと、", ("R", "確認", "かくにん"), "の画面が出る……", "はずだった。"],
    [("L", "Xcode"), "を開き、", ("L", "Package"), "を一つ足すだけでよい。"],
    ["ファイルは", ("N", "30"), "個ずつ送られ、", ("R", "途中", "とちゅう"), "で止まっても続きから読める。"],
    ["ユーザーの", ("R", "設定", "せってい"), "は、ウィンドウを閉じても消えない。"],
    ["キャッシュが", ("N", "64"), "件を超えると、古いものから捨てる。"],
    ["「ちょっと待って」と言われ、ショーウィンドウの前で立ち止まった。"],
    [("L", "Python"), "の", ("L", "script"), "が", ("N", "10"), "分ごとに結果を集める。"],
    ["通知は", ("L", "iPhone"), "にも届き、ロック画面に表示される。"],
    ["※この機能は試験中です。", ("R", "仕様", "しよう"), "は予告なく変わります。"],
    ["テスト用の", ("L", "Mock"), "を作り、", ("L", "Delegate"), "の呼ばれ方を確かめる。"],
    ["雨の日は、ゆっくりと坂を下りていく。"],
    ["エラーが出たら、まずログを見よう。"],
    [("R", "翌朝", "よくあさ"), "、ジョッキを洗ってからキッチンを出た。"],
]

HEADINGS = ["画面遷移の設計", "非同期処理の基本", "設定ファイルの扱い", "通信とキャッシュ", "試験の自動化"]

# A second bank, never looked at while tuning the reading (`--texts held-out`): other Latin words,
# other kana and marks (`？`, `（）`, `…` inside a sentence), so a sweep of it shows whether a rule
# learnt this bank's words rather than the page's shapes.
HELD_OUT_SENTENCES = [
    [("L", "Docker"), "のイメージは", ("N", "15"), "分ほどで作り直される。"],
    ["ログインには", ("L", "GitHub"), "のアカウントが要る。"],
    ["この", ("L", "API"), "は、古い", ("L", "URL"), "にも答え続ける。"],
    ["「", ("R", "明日", "あした"), "の会議は中止です」と連絡があった。"],
    [("L", "Rust"), "で書き直したところ、メモリの使用量が半分になった。"],
    ["夕方になると、ちょっとした", ("R", "雑談", "ざつだん"), "が始まる。"],
    ["※写真はイメージです。", ("R", "価格", "かかく"), "は税込みです。"],
    ["チェックを外すと、", ("L", "Wi-Fi"), "の設定が消える。"],
    [("L", "macOS"), "とウィンドウズの両方で、同じ", ("L", "PDF"), "を開く。"],
    ["彼はしばらく黙っていたが……やがて口を開いた。"],
    ["第", ("N", "37"), "号の", ("R", "特集", "とくしゅう"), "は、町の喫茶店だった。"],
    ["ジャケットのポケットから、小さなメモが出てきた。"],
    [("L", "Kubernetes"), "のジョブは", ("N", "48"), "時間で打ち切られる。"],
    ["シェルで", ("L", "grep"), "を使えば、すぐに見つかる。"],
    ["「本当に？」と聞き返すと、彼女はうなずいた。"],
    ["エスカレーターを降りて、右へ曲がる。"],
    [("L", "SQL"), "の", ("R", "索引", "さくいん"), "を一つ足すと、検索は速くなる。"],
    ["キューに積まれたメッセージは、順番に処理される。"],
    ["新しい版では、", ("L", "OAuth"), "による認証に対応した。"],
    ["（", ("R", "詳細", "しょうさい"), "は付録を参照のこと）"],
    ["フォルダーを開くと、", ("N", "99"), "枚の写真がぎっしり並んでいた。"],
    [("L", "npm"), "のパッケージを", ("L", "CI"), "で毎朝更新する。"],
]

HELD_OUT_HEADINGS = ["検索の仕組み", "認証と権限", "写真の整理", "運用の記録", "小さな改善"]

# A second bank to tune on (`--texts marks`): the marks and Latin words the first lacks (`？`, `！`,
# `（）`, `：`, words of mixed case, two-letter capitals, a hyphen), none of the held-out bank's words.
MARKS_SENTENCES = [
    ["「どこへ行くの？」と母が聞いた。"],
    ["まさか！本当にそう言ったのか。"],
    [("L", "YouTube"), "の動画を、", ("L", "iPad"), "で見返す。"],
    ["（", ("R", "注意", "ちゅうい"), "：この操作は元に戻せません）"],
    [("L", "AI"), "が書いた", ("L", "README"), "を、人が直す。"],
    ["今日は何曜日だっけ？"],
    [("L", "JavaScript"), "の", ("L", "Promise"), "で、待ち合わせを書く。"],
    ["予定表（", ("N", "11"), "月分）を配った。"],
    [("L", "OS"), "を入れ直すと、", ("L", "Bluetooth"), "がつながった。"],
    ["だれか、助けて！"],
    [("L", "LaTeX"), "で組んだ論文は、", ("L", "arXiv"), "に載せた。"],
    ["ソフトウェアの更新（約", ("N", "20"), "分）が終わるまで待つ。"],
    ["「もう一度？」「ええ、もう一度」"],
    [("L", "PostgreSQL"), "の", ("L", "VACUUM"), "は夜中に走らせる。"],
    ["ミュージアムのカフェで、ショートケーキを頼んだ。"],
    ["ヴァイオリンの音が、ホールに響いた。"],
    [("L", "USB"), "の", ("L", "Type-C"), "で充電する。"],
    ["これで終わり？いや、まだ続きがある。"],
    ["（", ("R", "以下", "いか"), "、省略）"],
    [("L", "eBay"), "で買った古い", ("L", "iPod"), "が、まだ動く。"],
]

MARKS_HEADINGS = ["質問と答え", "道具の選び方", "夜間の作業", "写真と音楽", "更新の手順"]

# A fourth bank, never looked at while tuning the reading (`--texts held-out-marks`): the marks the
# tuning banks hold few of (`：`, `！`, closing and opening brackets back to back `」「`, `？`,
# `（）`) in sentences and with Latin words no other bank has, so the steps for those marks can be
# judged on text nobody tuned them on.
HELD_OUT_MARKS_SENTENCES = [
    ["「おはよう」「おはようございます」と、あいさつが続いた。"],
    [("L", "Firefox"), "の", ("R", "拡張", "かくちょう"), "機能：広告を消すだけのもの。"],
    ["やった！", ("L", "Android"), "版がようやく出た。"],
    ["結論：", ("R", "予算", "よさん"), "は足りている。"],
    ["「まだ？」「あと少し」「早くして！」"],
    [("L", "Nginx"), "の設定を変えたら、", ("L", "TLS"), "の警告が消えた。"],
    ["すごい！こんなに早く届くとは思わなかった。"],
    ["会場（", ("R", "東口", "ひがしぐち"), "から徒歩", ("N", "15"), "分）に集まる。"],
    [("L", "Slack"), "で「了解です」「ありがとう」と返した。"],
    ["持ち物：", ("L", "HDMI"), "ケーブル、充電器、ノート。"],
    ["危ない！と叫ぶ声がして、ふり返った。"],
    [("L", "Excel"), "の表を", ("L", "CSV"), "に書き出す。"],
    ["「できた」「本当？」「ほら、見て」"],
    ["日時：", ("N", "12"), "月の第二土曜日、夜。"],
    ["ねえ、聞いてよ！", ("R", "昨日", "きのう"), "ね、駅でばったり会ったの。"],
    [("L", "Vim"), "と", ("L", "Emacs"), "の", ("R", "論争", "ろんそう"), "は、今日も終わらない。"],
    ["答え：いいえ。理由は後で書く。"],
    ["ぴったり！サイズも色も思った通りだった。"],
    [("L", "Zoom"), "の会議で「聞こえますか？」と何度も聞いた。"],
    ["ストーブの前で、ネコがまるくなっている。"],
    ["（", ("R", "参考", "さんこう"), "：第", ("N", "42"), "回の議事録）"],
    ["画像は", ("L", "WebP"), "に変え、容量を半分にした。"],
]

HELD_OUT_MARKS_HEADINGS = ["旅の準備", "会話の記録", "道具箱", "冬の夜", "設定の見直し"]

# A fifth bank to tune on (`--texts latin`): the Latin words single columns set upright one letter a
# cell and the other banks hold few of: all lower case of two to six letters, lower case after a
# capital, a capital `I` or a lower-case `l` inside (one stroke, like `ー` or `1`), digits with
# letters, a hyphen, two and three capitals. None of any other bank's words.
LATIN_SENTENCES = [
    ["端末で", ("L", "ssh"), "をつなぎ、", ("L", "tar"), "で固める。"],
    [("L", "Ruby"), "の", ("L", "gem"), "を入れ直した。"],
    ["古い", ("L", "Kindle"), "で小説を読む。"],
    [("L", "Intel"), "の", ("L", "CPU"), "を積んだ機械を借りた。"],
    [("L", "Gmail"), "の受信箱が", ("L", "spam"), "で埋まる。"],
    [("L", "x86"), "と", ("L", "arm64"), "の両方で試す。"],
    ["家の", ("L", "LAN"), "に", ("L", "IoT"), "の機器をつないだ。"],
    [("L", "e-mail"), "で", ("L", "PC"), "の設定を送る。"],
    ["会議の前に", ("L", "plug-in"), "を一つ入れた。"],
    [("L", "Ubuntu"), "と", ("L", "Debian"), "を比べる。"],
    ["毎朝", ("L", "cron"), "が", ("L", "log"), "を消していく。"],
    [("L", "DVD"), "から", ("L", "mp3"), "を取り出す。"],
    [("L", "TV"), "の横に", ("L", "Blu-ray"), "の機械を置いた。"],
    ["文字は", ("L", "utf8"), "で", ("L", "html"), "に書き出す。"],
    [("L", "Lisp"), "の", ("L", "lint"), "が警告を出した。"],
    [("L", "QR"), "コードを", ("L", "Pixel"), "のカメラで読む。"],
    [("L", "Perl"), "で書いた", ("L", "wiki"), "は、まだ動いている。"],
    [("L", "GPS"), "の記録を", ("L", "Flask"), "の画面に出す。"],
    ["新しい", ("L", "SSD"), "は", ("L", "4K"), "の動画も軽く扱う。"],
    [("L", "Kotlin"), "で", ("L", "add-on"), "を書いてみた。"],
]

LATIN_HEADINGS = ["端末の使い方", "機器の接続", "文字コードの話", "道具の手入れ", "古い機械"]

# `--texts`: the bank a sweep's pages draw their sentences and headings from.
TEXT_BANKS = {
    "tuning": (SENTENCES, HEADINGS),
    "marks": (MARKS_SENTENCES, MARKS_HEADINGS),
    "held-out": (HELD_OUT_SENTENCES, HELD_OUT_HEADINGS),
    "held-out-marks": (HELD_OUT_MARKS_SENTENCES, HELD_OUT_MARKS_HEADINGS),
    "latin": (LATIN_SENTENCES, LATIN_HEADINGS),
}


def token_em(tok, latin_em):
    """The length a token takes along the column, in ems."""
    if isinstance(tok, str):
        return len(tok)
    kind = tok[0]
    if kind == "L":
        return len(tok[1]) * (1.0 if latin_em is None else latin_em)
    if kind == "N":
        return 1.0
    return len(tok[1])


def token_gt(tok):
    if isinstance(tok, str):
        return tok
    return tok[1]


def token_html(tok, upright):
    if isinstance(tok, str):
        return html.escape(tok)
    kind = tok[0]
    if kind == "L":
        style = "text-orientation:upright" if upright else "text-orientation:mixed"
        return f"<span style=\"{style}\">{html.escape(tok[1])}</span>"
    if kind == "N":
        return f"<span style=\"text-combine-upright:all\">{html.escape(tok[1])}</span>"
    return f"<ruby>{html.escape(tok[1])}<rt>{html.escape(tok[2])}</rt></ruby>"


def split_tokens(tokens):
    """Plain text into single characters (the columns may break between any two), the rest whole."""
    out = []
    for tok in tokens:
        if isinstance(tok, str):
            out.extend(tok)
        else:
            out.append(tok)
    return out


def columns(tokens, per_col, latin_em):
    """Tokens broken into columns of at most `per_col` ems, with make_corpora's kinsoku."""
    cols, cur, length = [], [], 0.0
    for tok in tokens:
        w = token_em(tok, latin_em)
        if cur and length + w > per_col and not (isinstance(tok, str) and tok in mc.NO_LINE_START):
            carry = []
            while cur and isinstance(cur[-1], str) and cur[-1] in mc.NO_LINE_END:
                carry.insert(0, cur.pop())
            cols.append(cur)
            cur = carry
            length = sum(token_em(t, latin_em) for t in cur)
        cur.append(tok)
        length += w
    if cur:
        cols.append(cur)
    return cols


def body_tokens(r, n_sentences, ruby, numbers, sentences):
    picks = [r.choice(sentences) for _ in range(n_sentences)]
    out = []
    for s in picks:
        for tok in s:
            if not isinstance(tok, str) and tok[0] == "R" and not ruby:
                tok = tok[1]
            if not isinstance(tok, str) and tok[0] == "N" and not numbers:
                tok = tok[1]  # two digits set sideways, as mixed orientation sets them
            out.append(tok)
    return split_tokens(out)


def page_html(blocks, width, height, em, pitch, family, upright, margin, tier_gap, tier_height,
              heading, heading_vertical, page_number):
    css = (f"html,body{{margin:0;padding:0;background:#fff;color:#000;width:{width}px;height:{height}px;"
           f"overflow:hidden}}"
           f"h1{{writing-mode:horizontal-tb;font:700 {int(em * 1.4)}px '{family}';margin:0;"
           f"padding:{margin}px {margin}px 0 {margin}px;text-align:center;line-height:1.2;white-space:nowrap}}"
           f".tier{{writing-mode:vertical-rl;font:400 {em}px '{family}';line-height:{pitch}px;"
           f"white-space:nowrap;margin:0 {margin}px 0 auto;width:max-content;height:{tier_height}px;"
           f"font-kerning:none;text-orientation:mixed;line-break:strict}}"
           f".vh{{font-weight:700;font-size:{int(em * 1.3)}px;margin-left:{int(em * 1.2)}px}}"
           f"rt{{font-size:{max(8, int(em * 0.5))}px}}"
           f".wrap{{display:flex;flex-direction:column;padding-top:{int(em * 0.9)}px;row-gap:{tier_gap}px}}"
           f".pn{{font:400 {int(em * 0.7)}px '{family}';text-align:center;margin-top:{int(em)}px}}")
    parts = [f"<!doctype html><html lang=\"ja\"><head><meta charset=\"utf-8\"><style>{css}</style></head><body>"]
    if heading and not heading_vertical:
        parts.append(f"<h1>{html.escape(heading)}</h1>")
    else:
        parts.append(f"<div style=\"height:{margin}px\"></div>")
    parts.append("<div class=\"wrap\">")
    for t, cols in enumerate(blocks):
        inner = "<br>".join("".join(token_html(tok, upright) for tok in c) for c in cols)
        if t == 0 and heading and heading_vertical:
            inner = f"<span class=\"vh\">{html.escape(heading)}</span><br>" + inner
        parts.append(f"<div class=\"tier\">{inner}</div>")
    parts.append("</div>")
    if page_number:
        parts.append(f"<div class=\"pn\">{page_number}</div>")
    parts.append("</body></html>")
    return "".join(parts)


def make_column(shape, r, upright, bank):
    """A trdg-style single column: one column of 8–16 ems cropped close, its own font and size."""
    family = r.choice(FAMILIES)
    em = r.randint(26, 44)
    latin_em = 1.0 if upright else 0.62
    toks = body_tokens(r, 2, ruby=False, numbers=r.random() < 0.5, sentences=bank[0])
    # A column holding at least one Latin word: start at one.
    starts = [i for i, t in enumerate(toks) if not isinstance(t, str) and t[0] == "L"] or [0]
    start = r.choice(starts)
    start = max(0, start - r.randint(0, 4))
    # Kinsoku: no column starts with `、。ー` and the like.
    while start < len(toks) - 1 and isinstance(toks[start], str) and toks[start] in mc.NO_LINE_START:
        start += 1
    col = columns(toks[start:], r.randint(8, 16), latin_em)[0]
    pad = r.randint(4, 14)
    length = int(em * (sum(token_em(t, latin_em) for t in col) + 1.5))
    width, height = em + 2 * pad, length + 2 * pad
    css = (f"html,body{{margin:0;padding:0;background:#fff;width:{width}px;height:{height}px;overflow:hidden}}"
           f"div{{writing-mode:vertical-rl;font:400 {em}px '{family}';line-height:{em}px;white-space:nowrap;"
           f"padding:{pad}px {pad}px;text-orientation:mixed;font-kerning:none}}")
    doc = (f"<!doctype html><html lang=\"ja\"><head><meta charset=\"utf-8\"><style>{css}</style></head><body>"
           f"<div>{''.join(token_html(t, upright) for t in col)}</div></body></html>")
    return doc, width, height, "".join(token_gt(t) for t in col)


def make_book(shape, r, bank):
    family = r.choice(FAMILIES)
    tiers = {"book-1": 1, "book-2": 2, "book-3": 3}.get(shape) or r.choice([1, 2])
    heading = r.choice(bank[1]) if shape == "book-head" else None
    heading_vertical = heading is not None and r.random() < 0.4
    upright = False
    em = r.randint(22, 30)
    per_col = {1: r.randint(18, 26), 2: r.randint(12, 16), 3: r.randint(9, 12)}[tiers]
    pitch = int(round(em * r.uniform(1.5, 1.9)))
    ruby = r.random() < 0.6
    numbers = r.random() < 0.7
    toks = body_tokens(r, r.randint(3, 5) if tiers == 1 else r.randint(4, 7), ruby, numbers, bank[0])
    cols = columns(toks, per_col, 0.62)
    per_tier = -(-len(cols) // tiers)
    blocks = [cols[t * per_tier:(t + 1) * per_tier] for t in range(tiers)]
    blocks = [b for b in blocks if b]
    margin = r.randint(50, 90)
    tier_gap = int(em * r.uniform(1.2, 2.0))
    tier_height = int(em * (per_col + 1.5))
    page_number = str(r.randint(3, 299)) if r.random() < 0.5 else None
    head_w = int(em * 1.4 * (len(heading) + 2)) + 2 * margin if heading and not heading_vertical else 0
    ncols = per_tier + (1 if heading_vertical else 0)
    width = max(2 * margin + ncols * pitch + em, head_w)
    height = (margin * 2 + (int(em * 1.4 * 1.2) if heading and not heading_vertical else 0) + int(em * 0.9)
              + len(blocks) * tier_height + (len(blocks) - 1) * tier_gap + (2 * em if page_number else 0))
    doc = page_html(blocks, width, height, em, pitch, family, upright, margin, tier_gap, tier_height,
                    heading, heading_vertical, page_number)
    gt_cols = ["".join(token_gt(t) for t in c) for b in blocks for c in b]
    gt = ([heading, ""] if heading else []) + gt_cols + (["", page_number] if page_number else [])
    return doc, width, height, "\n".join(gt)


SHAPES = ["col-upright", "col-sideways", "book-1", "book-2", "book-3", "book-head"]


# The share of pages given make_corpora's heavier damage (blur, motion, dropout) unless `--hard` says.
DEFAULT_HARD_SHARE = 0.15


def make_page(shape, seed, i, texts="tuning", hard=DEFAULT_HARD_SHARE):
    name = f"{shape}-{i:03d}"
    r, nr = mc.rngs("tategaki-sweep", seed, name)
    bank = TEXT_BANKS[texts]
    if shape.startswith("col-"):
        doc, w, h, gt = make_column(shape, r, upright=shape == "col-upright", bank=bank)
        kind = "line"
    else:
        doc, w, h, gt = make_book(shape, r, bank)
        kind = "page"
    mask = mc.browser_screenshot(doc, w, h)
    fmt, q = mc.pick_format(r, 0.35, 0.3)
    style = mc.pick_style(r, kind, fmt, hard=hard)
    img = mc.render_damage(mask, style, nr)
    data, ext = mc.encode(img, fmt, q)
    return {f"{name}.{ext}": data, f"{name}.gt.txt": gt.encode("utf-8")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="", help="folder for the loose pages (one subfolder a shape)")
    ap.add_argument("--per-shape", type=int, default=50)
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--seed", default="sweep-1", help="the sweep's seed (the committed corpus: corpus-1)")
    ap.add_argument("--texts", choices=sorted(TEXT_BANKS), default="tuning",
                    help="the sentences the pages set: the banks the reading is tuned on, or a held-out one")
    ap.add_argument("--hard", type=float, default=DEFAULT_HARD_SHARE, metavar="SHARE",
                    help="share of pages given the heavier damage (1.0: a sweep of damaged pages to tune on)")
    ap.add_argument("--corpus", action="store_true",
                    help="write Corpora/jpn-tategaki-sweep.tar.gz: 2 pages a shape, seed corpus-1")
    args = ap.parse_args()
    shapes = [s for s in args.shapes.split(",") if s]
    for s in shapes:
        if s not in SHAPES:
            sys.exit(f"unknown shape {s}; known: {', '.join(SHAPES)}")
    if args.corpus:
        files = {}
        for s in SHAPES:
            for i in range(2):
                files.update(make_page(s, "corpus-1", i))
        path = os.path.join(mc.HERE, "jpn-tategaki-sweep.tar.gz")
        mc.write_archive(path, files)
        print(f"{path}: {len(files) // 2} images, {os.path.getsize(path) / 1e6:.2f} MB")
        return
    if not args.out:
        sys.exit("--out DIR is needed (or --corpus)")
    for s in shapes:
        d = os.path.join(args.out, s)
        os.makedirs(d, exist_ok=True)
        for i in range(args.per_shape):
            for name, data in make_page(s, args.seed, i, args.texts, args.hard).items():
                with open(os.path.join(d, name), "wb") as f:
                    f.write(data)
        print(f"{d}: {args.per_shape} pages", flush=True)


if __name__ == "__main__":
    main()
