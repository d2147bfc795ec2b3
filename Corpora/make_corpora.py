#!/usr/bin/env python3
"""Regenerate scanbench's OCR test corpora (Corpora/*.tar.gz).

Usage:  python3 Corpora/make_corpora.py [--out DIR] [--only NAME[,NAME...]] [--keep-dir DIR]

Needs Pillow and numpy (pip install pillow numpy) and the Debian font
packages listed in Corpora/README.md.  Every random choice is drawn from a
generator seeded by the archive and image name, so a run with the same
Pillow/numpy/FreeType/font versions reproduces the archives byte for byte.

All texts below were written for this project and are released under CC0.
"""

import argparse
import gzip
import hashlib
import io
import math
import os
import random
import re
import sys
import tarfile
import time

try:
    import numpy as np
    from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont
except ImportError:  # pragma: no cover
    sys.exit("make_corpora.py needs Pillow and numpy: pip install pillow numpy")

HERE = os.path.dirname(os.path.abspath(__file__))
TAR_MTIME = 1704067200  # 2024-01-01T00:00:00Z, fixed for reproducible archives
SEED = "scanbench-corpora-v1"

# ---------------------------------------------------------------------------
# Fonts (Debian packages: fonts-dejavu-core, fonts-dejavu-extra,
# fonts-urw-base35, fonts-noto-cjk, fonts-ipafont-gothic, fonts-ipafont-mincho)
# ---------------------------------------------------------------------------
_DJ = "/usr/share/fonts/truetype/dejavu/"
_URW = "/usr/share/fonts/opentype/urw-base35/"
_NOTO = "/usr/share/fonts/opentype/noto/"
FONT_FILES = {
    # key: ([candidate paths], ttc index, debian package)
    "DejaVuSans": ([_DJ + "DejaVuSans.ttf"], 0, "fonts-dejavu-core"),
    "DejaVuSans-Bold": ([_DJ + "DejaVuSans-Bold.ttf"], 0, "fonts-dejavu-core"),
    "DejaVuSerif": ([_DJ + "DejaVuSerif.ttf"], 0, "fonts-dejavu-core"),
    "DejaVuSerif-Bold": ([_DJ + "DejaVuSerif-Bold.ttf"], 0, "fonts-dejavu-core"),
    "DejaVuSansMono": ([_DJ + "DejaVuSansMono.ttf"], 0, "fonts-dejavu-core"),
    "DejaVuSansCondensed": ([_DJ + "DejaVuSansCondensed.ttf"], 0, "fonts-dejavu-extra"),
    "DejaVuSerifCondensed": ([_DJ + "DejaVuSerifCondensed.ttf"], 0, "fonts-dejavu-extra"),
    "NimbusRoman": ([_URW + "NimbusRoman-Regular.otf"], 0, "fonts-urw-base35"),
    "NimbusRoman-Bold": ([_URW + "NimbusRoman-Bold.otf"], 0, "fonts-urw-base35"),
    "NimbusSans": ([_URW + "NimbusSans-Regular.otf"], 0, "fonts-urw-base35"),
    "NimbusSans-Bold": ([_URW + "NimbusSans-Bold.otf"], 0, "fonts-urw-base35"),
    "NimbusMonoPS": ([_URW + "NimbusMonoPS-Regular.otf"], 0, "fonts-urw-base35"),
    "NimbusMonoPS-Bold": ([_URW + "NimbusMonoPS-Bold.otf"], 0, "fonts-urw-base35"),
    "C059": ([_URW + "C059-Roman.otf"], 0, "fonts-urw-base35"),
    "P052": ([_URW + "P052-Roman.otf"], 0, "fonts-urw-base35"),
    "NotoSansCJKjp": ([_NOTO + "NotoSansCJK-Regular.ttc"], 0, "fonts-noto-cjk"),
    "NotoSansCJKjp-Bold": ([_NOTO + "NotoSansCJK-Bold.ttc"], 0, "fonts-noto-cjk"),
    "NotoSerifCJKjp": ([_NOTO + "NotoSerifCJK-Regular.ttc"], 0, "fonts-noto-cjk"),
    "NotoSerifCJKjp-Bold": ([_NOTO + "NotoSerifCJK-Bold.ttc"], 0, "fonts-noto-cjk"),
    "IPAGothic": (["/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"], 0, "fonts-ipafont-gothic"),
    "IPAMincho": (["/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf"], 0, "fonts-ipafont-mincho"),
    "IPAPGothic": (["/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf"], 0, "fonts-ipafont-gothic"),
}

ENG_LINE_FONTS = ["DejaVuSans", "DejaVuSerif", "DejaVuSansMono", "DejaVuSansCondensed",
                  "DejaVuSerifCondensed", "NimbusRoman", "NimbusSans", "C059", "P052",
                  "NimbusMonoPS"]
JPN_FONTS = ["NotoSansCJKjp", "NotoSerifCJKjp", "IPAGothic", "IPAMincho", "IPAPGothic"]

_font_cache = {}
_missing_cache = {}


def font_path(key):
    paths, index, pkg = FONT_FILES[key]
    for p in paths:
        if os.path.exists(p):
            return p, index
    sys.exit(f"font {key} not found ({paths[0]}): apt-get install {pkg}")


def get_font(key, size):
    k = (key, size)
    if k not in _font_cache:
        path, index = font_path(key)
        # BASIC layout: no dependency on libraqm, same result with or without it.
        _font_cache[k] = ImageFont.truetype(path, size, index=index,
                                            layout_engine=ImageFont.Layout.BASIC)
    return _font_cache[k]


def check_glyphs(key, text):
    """Fail loudly if a character of `text` would render as .notdef (tofu)."""
    f = get_font(key, 48)

    def bitmap(ch):
        im = Image.new("L", (120, 80), 0)
        ImageDraw.Draw(im).text((10, 60), ch, font=f, fill=255, anchor="ls")
        return im.tobytes()

    if key not in _missing_cache:
        _missing_cache[key] = (bitmap("\U000F0000"), set())
    notdef, ok = _missing_cache[key]
    for ch in sorted(set(text)):
        if ch.isspace() or ch in ok:
            continue
        if bitmap(ch) == notdef:
            sys.exit(f"font {key} has no glyph for {ch!r} (U+{ord(ch):04X})")
        ok.add(ch)


def x_height_ratio(key):
    f = get_font(key, 200)
    box = f.getmask("x").getbbox()
    return (box[3] - box[1]) / 200.0


# ---------------------------------------------------------------------------
# Texts (original, CC0)
# ---------------------------------------------------------------------------
ENG_LINES = [
    "Please return the signed form to the front desk by Friday, 14 March.",
    "Invoice No. 20417-B \u2014 total due: $1,284.50 (net 30 days)",
    "She kept the old radio on the windowsill, tuned to a station nobody else liked.",
    "42 Harbour Lane, Flat 3, Millbrook, MB7 2QT",
    "Tel: +44 20 7946 0381 / Fax: +44 20 7946 0382",
    "Coffee, large, oat milk ........ 3.85",
    "Meeting moved to 09:30 on Tue 2 Sept 2025; room 4.12 (east wing).",
    "If the light turns amber, wait; if it blinks twice, call maintenance.",
    "Batch #A7731 expires 2026-11-30. Store below 25 \u00b0C.",
    "\"Are you sure?\" he asked. \"Absolutely,\" she said, \"but check again anyway.\"",
    "Order summary: 3 x notebooks @ 4.20 = 12.60",
    "The bridge was closed for repairs from 7 April until the end of May.",
    "Subtotal 58.40   VAT (20%) 11.68   Total 70.08",
    "Dr. Amelia R. Okafor, Department of Soil Science, Room 210",
    "Rain is expected after midnight, with gusts of up to 65 km/h near the coast.",
    "www.example.org/reports/2024/q3-summary.pdf",
    "Email questions to support@example.com before 5 p.m. on weekdays.",
    "Item 7: replace the filter cartridge every 90 days or 1,500 litres.",
    "Our train left at 06:12 and reached the valley just as the fog lifted.",
    "PO Box 1187, Station Road, Castlebridge, Ontario K0L 2H0",
    "Serial: 4C9F-22E1-7B08-D5A3",
    "Minutes were approved without changes; the next review is due in June.",
    "He counted the stairs twice: thirty-one going up, thirty-two coming down.",
    "Bread (wholemeal) 2.35   Eggs, free range x12 4.10",
    "Ref: HR/2023/0457 \u2014 Annual leave request (5 days)",
    "Mix 250 g flour, 2 eggs and 300 ml milk; rest the batter for 30 minutes.",
    "The museum opens at 10:00 on weekdays and at 11:00 on Sundays.",
    "Card ending ****4821 approved. Auth code 093517.",
    "Her notebook was full of small maps, arrows, and questions without answers.",
    "Flight BA 2794 to Lisbon \u2014 Gate 17 \u2014 Boarding 14:05",
    "Account balance as of 31/12/2024: \u00a33,472.19 CR",
    "Nobody remembered who had planted the pear tree behind the library.",
    "Unit 5B, Riverside Industrial Estate, Leeds LS10 1AB",
    "Step 3. Tighten the four M6 bolts to 9 Nm in a cross pattern.",
    "Thank you for shopping with us! Receipts are required for all returns.",
    "Temperature log: 18.4, 18.9, 19.3, 20.1, 19.7 (\u00b0C)",
    "The committee voted 7-2 in favour, with one abstention.",
    "Parking permit valid until 30 Nov 2025 \u2014 Zone C only.",
    "\"Left at the bakery, then straight on past the church,\" the note said.",
    "Qty 12   Unit price 0.45   Amount 5.40",
    "Page 3 of 14",
    "A small boat drifted past, its sail patched with a blue shirt.",
    "Patient ID 00-4471-29; appointment confirmed for 8 October at 15:20.",
    "Section 4.2(b) applies only to contracts signed after 1 January 2022.",
    "The kettle clicked off, and for a moment the kitchen was perfectly quiet.",
    "Lot 19, Kingfisher Close, Ashford Green, Kent TN24 9QX",
    "Wi-Fi network: Guest_5G   Password: maple-river-2931",
    "Discount applied: -15% on selected items (saving $6.75)",
    "By the third week, the seedlings had outgrown their paper cups.",
    "CHANGE DUE 4.60",
    "Tickets: adults \u00a312.50, children \u00a36.00, under-5s free.",
    "The report, though late, was thorough, clear, and surprisingly short.",
    "Delivery window: 13:00-17:00, Monday 16 June 2025",
    "Return to sender: address incomplete (no house number).",
    "We measured 3.14 m, 2.71 m and 1.41 m, then gave up and guessed.",
    "Shelf 12, Row D: archive boxes 1990-1997, do not remove.",
    "Her grandfather fixed clocks; her father fixed cars; she fixed neither.",
    "ACME Hardware Ltd. VAT Reg. GB 123 4567 89",
    "Keep this leaflet. You may need to read it again.",
    "Total paid (cash): 20.00 \u2014 thank you, come again!",
]

# A page is a list of blocks.  Block kinds:
#   ("title", text)          larger bold line
#   ("p", text)              wrapped paragraph
#   ("item", text)           wrapped paragraph with a hanging indent
#   ("lines", [line, ...])   literal lines; a line may be (left, right) to
#                            right-align the second part (receipts)
# Blocks are separated by a vertical gap and, in the ground truth, a blank line.
ENG_PAGES = [
    dict(name="library", font="NimbusRoman", bold="NimbusRoman-Bold", blocks=[
        ("title", "The Library on Mercer Street"),
        ("p", "For most of the last century, the library on Mercer Street was the busiest "
              "building in town that did not sell anything. It opened in 1911 with two rooms, "
              "a coal stove and roughly four hundred books, most of them donated by families "
              "who had more shelves than readers. By 1960 it had grown to three floors, a "
              "reading garden and a children's wing that smelled permanently of crayons."),
        ("p", "The building has changed less than the people who use it. In the mornings, "
              "retired engineers read newspapers from cover to cover and argue quietly about "
              "the crossword. At lunchtime, office workers eat sandwiches on the steps. After "
              "school, the tables fill with homework, phone chargers and the low hum of "
              "teenagers pretending not to talk."),
        ("p", "Last year the library lent 48,327 items, hosted 212 events and answered, "
              "according to the staff's own tally, \"several thousand questions that were not "
              "about books at all.\" Where is the nearest post office? How do I print a "
              "boarding pass? Can you help me read this letter from the council? Each answer "
              "took a minute or two, and each one mattered."),
        ("p", "There are plans to renovate the east wing in 2026, with new windows, a lift "
              "and better heating. The librarians are cautiously optimistic. \"We have heard "
              "promises before,\" one of them told me, \"but the roof no longer leaks, so we "
              "believe in miracles now.\""),
    ]),
    dict(name="letter", font="DejaVuSerif", bold="DejaVuSerif-Bold", blocks=[
        ("lines", ["Harlow & Finch Surveyors", "17 Quarry Road, Dunmore, DN4 8RW",
                   "Tel. 01632 960 418"]),
        ("lines", ["12 September 2024"]),
        ("lines", ["Ms Priya Natarajan", "Flat 6, 203 Ormond Street", "Castleford CF2 7LP"]),
        ("lines", ["Re: Survey of 203 Ormond Street (our ref. HF/24/0913)"]),
        ("lines", ["Dear Ms Natarajan,"]),
        ("p", "Thank you for your letter of 3 September. Further to our telephone "
              "conversation, I can confirm that the inspection of the property took place on "
              "Monday 9 September between 10:15 and 13:40, and that our full report will be "
              "sent to you by email within five working days."),
        ("p", "In summary, the building is in fair condition for its age. We noted minor damp "
              "in the rear bedroom, two cracked roof tiles and a gutter that needs refixing "
              "above the kitchen window. None of these items is urgent, but we recommend that "
              "they are dealt with before the winter. An estimate for the roof repairs is "
              "enclosed (approx. \u00a3640 plus VAT)."),
        ("p", "If you have any questions, please do not hesitate to contact me directly on "
              "the number above."),
        ("lines", ["Yours sincerely,"]),
        ("lines", ["Daniel Okoro", "Senior Surveyor"]),
    ]),
    dict(name="receipt", font="NimbusMonoPS", bold="NimbusMonoPS-Bold", receipt=True, blocks=[
        ("title", "GREENWAY MARKET"),
        ("lines", ["Unit 4, Canal Side Retail Park", "Tel 01632 960 771",
                   "VAT No. GB 912 3456 78"]),
        ("lines", [("12/03/2025 17:42", "Till 03 Op 118")]),
        ("lines", [("Semi-skimmed milk 2L", "1.65"), ("Wholemeal bread", "1.40"),
                   ("Free range eggs x6", "2.25"), ("Bananas 1.12 kg @ 0.79/kg", "0.88"),
                   ("Cheddar mature 400g", "3.60"), ("Tomatoes, vine", "1.95"),
                   ("Washing-up liquid", "1.20"), ("Oat biscuits 2 @ 1.15", "2.30"),
                   ("Orange juice 1L", "1.85"), ("Reusable bag", "0.10")]),
        ("lines", [("SUBTOTAL", "17.18"), ("Multibuy saving", "-0.50"),
                   ("TOTAL", "16.68"), ("VISA CONTACTLESS", "16.68"), ("CHANGE", "0.00")]),
        ("lines", ["Items sold: 11", "Thank you for shopping with us",
                   "Returns within 28 days with receipt"]),
    ]),
    dict(name="minutes", font="NimbusSans", bold="NimbusSans-Bold", blocks=[
        ("title", "Riverside Allotment Society"),
        ("lines", ["Minutes of the committee meeting, 4 February 2025, 19:00, Church Hall"]),
        ("p", "Present: J. Morris (chair), A. Lindqvist, R. Bhatt, S. O'Neill, T. Kowalski. "
              "Apologies: M. Ferreira."),
        ("item", "1. The minutes of the meeting held on 7 January were approved without changes."),
        ("item", "2. Treasurer's report: the current balance is \u00a32,913.40. Subscriptions for "
                 "2025 have been received from 41 of 56 plot holders; reminders will be sent on "
                 "15 February."),
        ("item", "3. Water supply: the leaking stand-pipe near plot 23 was repaired on 28 January "
                 "at a cost of \u00a385. R. Bhatt will check the meter readings monthly."),
        ("item", "4. Spring open day: agreed for Saturday 26 April, 10:00-15:00. S. O'Neill will "
                 "contact the local school about a seed-sowing activity for children."),
        ("item", "5. Any other business: T. Kowalski asked whether the shed roof could be "
                 "replaced this year. The chair suggested obtaining three quotes before the "
                 "next meeting."),
        ("p", "The meeting closed at 20:35. Next meeting: Tuesday 4 March 2025."),
    ]),
    dict(name="shelf", font="DejaVuSans", bold="DejaVuSans-Bold", blocks=[
        ("title", "Installation notes: wall shelf kit WS-120"),
        ("p", "Before you begin, check that the box contains: 2 brackets, 1 shelf board "
              "(1200 x 250 x 18 mm), 6 screws (5 x 50 mm), 6 wall plugs and 1 spirit level."),
        ("p", "Choose a position at least 50 mm away from electrical sockets and switches. Use "
              "a cable detector to make sure there are no hidden pipes or wires behind the "
              "wall. The shelf can support a maximum evenly distributed load of 25 kg when "
              "fixed to solid brick or concrete; on plasterboard, the limit is 12 kg."),
        ("p", "Mark the positions of the brackets 900 mm apart, using the spirit level to keep "
              "them horizontal. Drill 6 mm holes to a depth of 55 mm, insert the wall plugs and "
              "fix the brackets with three screws each. Do not overtighten."),
        ("p", "Place the shelf board on the brackets and secure it from below with the short "
              "screws supplied (size 4 x 16 mm). Check the level once more before loading the "
              "shelf."),
        ("p", "Troubleshooting: if the brackets are not level, loosen the top screw by half a "
              "turn, adjust, and tighten again. For further help call 0800 555 0199 (Mon-Fri, "
              "8:00-18:00) or visit www.example.com/ws120."),
    ]),
    dict(name="story", font="P052", bold="P052", blocks=[
        ("title", "The Lighthouse Keeper's Cat"),
        ("p", "Nobody on the island could say exactly when the cat had arrived. Mrs Pellow at "
              "the shop insisted it had come over on the ferry in 1998, hidden in a crate of "
              "onions. Her husband claimed it had simply always been there, like the rocks and "
              "the weather."),
        ("p", "\"It belongs to the lighthouse,\" said old Tom, who had kept the light for "
              "thirty-four years before it was automated. \"Same as I did.\""),
        ("p", "Every evening at about half past six, the cat walked the length of the harbour "
              "wall, paused at the end, and looked out to sea for exactly as long as it took "
              "the beam to turn three times. Then it walked back, ignored everyone, and "
              "disappeared up the hill."),
        ("p", "One winter, a visiting photographer tried to follow it. She came back two hours "
              "later, muddy and cheerful, with 140 pictures of gorse bushes and not a single "
              "one of the cat. \"It went into the fog,\" she said, \"and the fog went with it.\""),
        ("p", "The next morning the cat was on the harbour wall as usual, washing one paw, as "
              "if nothing had happened at all."),
    ]),
]

JPN_LINES = [
    "今日は朝から雨が降っていたので、駅まで歩いて行きました。",
    "会議は午後3時から第2会議室で行います。",
    "新しいスマートフォンのバッテリーは二日ほど持ちます。",
    "このレシピでは、砂糖を大さじ2杯と塩を少々使います。",
    "東京都千代田区丸の内1-2-3 サンプルビル5階",
    "お問い合わせは、平日の9時から17時までにお電話ください。",
    "図書館の返却期限は3月15日（金）です。",
    "彼女はカフェでコーヒーを飲みながら、小説の続きを書いた。",
    "合計金額 ¥3,280（税込）",
    "来週の土曜日に、家族で近くの公園へピクニックに行く予定です。",
    "このアプリは、写真から文字を読み取ることができます。",
    "駅前の本屋さんが、先月で閉店してしまいました。",
    "申込書に氏名、住所、電話番号を記入してください。",
    "明日の最高気温は28度で、午後は晴れる見込みです。",
    "ご注文ありがとうございました。商品は3日以内に発送いたします。",
    "山田さんは毎朝6時に起きて、犬の散歩をしています。",
    "パスワードは8文字以上で、英字と数字を含めてください。",
    "大阪府大阪市北区梅田2丁目4番9号",
    "春になると、川沿いの桜並木がとてもきれいです。",
    "ホテルのチェックインは15時、チェックアウトは10時です。",
    "子どもたちは体育館でバスケットボールの練習をしていた。",
    "この資料は社外秘のため、取り扱いに注意してください。",
    "電車が遅れたので、待ち合わせに10分ほど遅刻しました。",
    "冷蔵庫の中には、牛乳と卵とキャベツしか残っていなかった。",
    "令和6年4月1日から新しい規則が適用されます。",
    "祖母の作る味噌汁は、いつも少しだけ甘い。",
    "プリンターのインクが切れているので、交換をお願いします。",
    "受付番号はA-0472です。お名前をお呼びするまでお待ちください。",
    "窓を開けると、遠くから祭りの太鼓の音が聞こえてきた。",
    "毎月第3水曜日は、システムのメンテナンスのため休業です。",
    "この先工事中につき、歩行者は右側の歩道をご利用ください。",
    "兄は大学で機械工学を勉強している。",
    "お会計は現金のほか、クレジットカードもご利用いただけます。",
    "商品番号TX-2081の在庫は残りわずかです。",
    "夏休みの宿題を、最後の三日間でまとめて終わらせた。",
    "ポイントカードはお持ちですか。",
    "本日の営業時間は午前10時から午後8時までです。",
    "駐車場は建物の裏にあり、最大2時間まで無料です。",
    "猫がこたつの中から顔だけ出して、こちらを見ている。",
    "会費は年額5,000円で、毎年4月に更新されます。",
    "乗り換えの際は、ホームの案内表示をご確認ください。",
    "研究チームは、新しい素材の耐久性を3年間調べた。",
    "彼の話はいつも長いが、最後には必ず笑わせてくれる。",
    "〒060-0001 札幌市中央区北1条西5丁目",
    "ご不明な点がございましたら、担当者までご連絡ください。",
    "雪が降り始めたので、早めに家に帰ることにした。",
    "ミーティングの議事録を、共有フォルダにアップロードしました。",
    "小計 1,540円 消費税 154円 合計 1,694円",
    "この電車は各駅に停車します。次は中野です。",
    "朝ごはんにパンとヨーグルトとバナナを食べた。",
    "年末年始は12月29日から1月3日までお休みをいただきます。",
    "古いカメラを修理に出したら、見積もりが思ったより高かった。",
    "当日券は窓口で午前9時30分から販売します。",
    "地震の際は、エレベーターを使わずに階段で避難してください。",
    "妹はピアノの発表会に向けて、毎日2時間練習している。",
    "お弁当を温めますか。",
    "この橋は1964年に完成し、2019年に補修工事が行われた。",
    "京都の古い町並みを、レンタル自転車でゆっくり回った。",
    "ご利用明細書 2024年11月分",
    "窓口での手続きには、本人確認書類が必要です。",
]

JPN_PAGES = [
    dict(name="tokeiten", font="NotoSerifCJKjp", bold="NotoSansCJKjp-Bold", blocks=[
        ("title", "商店街の小さな時計店"),
        ("p", "駅から歩いて五分ほどの商店街に、古い時計店がある。店の前を通るたびに、ガラス越しに"
              "小さな作業台が見え、白髪の店主が拡大鏡をのぞき込んでいる。壁には大小さまざまな時計が"
              "掛けられていて、どれも少しずつ違う時刻を指している。"),
        ("p", "先日、祖父から譲り受けた腕時計が止まってしまったので、思い切ってその店を訪ねた。"
              "店主は時計を手に取ると、裏ぶたを開けてしばらく眺め、「ゼンマイが疲れているだけですよ」"
              "と笑った。修理には一週間ほどかかり、料金は8,800円とのことだった。"),
        ("p", "約束の日に受け取りに行くと、時計は何事もなかったかのように静かに動いていた。店主に"
              "よれば、この時計は1970年代に作られたもので、部品の多くは今でも交換できるという。"
              "帰り道、何度も手首を見ては、秒針が進んでいることを確かめた。"),
        ("p", "新しいものを買うほうが簡単な時代だが、直しながら使い続けることにも確かな喜びがある。"
              "次に店の前を通るときは、ガラス越しに軽く会釈をしようと思う。"),
    ]),
    dict(name="oshirase", font="NotoSansCJKjp", bold="NotoSansCJKjp-Bold", blocks=[
        ("title", "町内会からのお知らせ"),
        ("p", "令和7年度の地域清掃活動について、下記のとおりご案内いたします。多くの皆さまのご参加を"
              "お待ちしております。"),
        ("lines", ["日時：6月8日（日）午前8時30分から10時まで（雨天の場合は15日に延期）",
                   "集合場所：ひまわり公園の中央広場",
                   "持ち物：軍手、タオル、飲み物、帽子"]),
        ("p", "ごみ袋とトングは町内会で用意します。参加された方には、終了後に麦茶と記念品をお配り"
              "します。小学生以下のお子さまは、必ず保護者の方と一緒に参加してください。"),
        ("p", "また、7月から資源ごみの回収日が変更になります。新しい回収日は毎月第2・第4木曜日です。"
              "詳しくは回覧板または町内会のホームページをご確認ください。"),
        ("lines", ["お問い合わせ：町内会事務局（担当：佐藤）電話03-1234-5678"]),
    ]),
    dict(name="kettle", font="IPAGothic", bold="NotoSansCJKjp-Bold", blocks=[
        ("title", "電気ケトルKT-350 ご使用の前に"),
        ("p", "このたびは本製品をお買い上げいただき、誠にありがとうございます。ご使用の前にこの説明書"
              "をよくお読みいただき、正しく安全にお使いください。"),
        ("item", "1. 本体を平らで安定した場所に置き、電源プレートを奥まで差し込みます。"),
        ("item", "2. ふたを開け、水位線の範囲内（0.3Lから1.0L）で水を入れます。"),
        ("item", "3. ふたを確実に閉めてから、スイッチを押し下げてください。ランプが点灯し、加熱が"
                 "始まります。"),
        ("item", "4. お湯が沸くと自動的にスイッチが切れます。約1.0Lの水が沸くまでの時間は、"
                 "およそ5分です。"),
        ("p", "空だきを防ぐため、水を入れずにスイッチを入れないでください。また、使用中や使用直後は"
              "本体が熱くなっていますので、注水口や側面に触れないようご注意ください。"),
        ("p", "お手入れの際は、必ず電源プレートを外し、本体が十分に冷めてから行ってください。本体を"
              "水につけたり、丸洗いしたりしないでください。"),
    ]),
    dict(name="shinshu", font="IPAMincho", bold="NotoSerifCJKjp-Bold", blocks=[
        ("title", "秋の信州を歩く"),
        ("p", "十月の半ば、友人と二人で長野県の山あいの村を訪れた。新宿から特急と路線バスを乗り継ぎ、"
              "到着したのは昼過ぎだった。バス停の近くにある小さな宿に荷物を預け、さっそく裏山の"
              "遊歩道を歩き始めた。"),
        ("p", "標高が上がるにつれて、木々の葉は黄色から赤へと色を変えていった。途中の展望台からは、"
              "遠くにアルプスの山並みがくっきりと見えた。持ってきたおにぎりを食べながら、二人とも"
              "しばらく何も話さずに景色を眺めていた。"),
        ("p", "夕方、宿に戻ると、女将さんが地元の野菜を使った料理を用意してくれていた。なかでも、"
              "きのこの炊き込みご飯と、りんごを使ったデザートは忘れられない味だった。翌朝は六時に"
              "起きて、霧に包まれた田んぼの中を散歩した。"),
        ("p", "帰りのバスの中で、次は雪の季節に来ようと約束した。たった二日間の旅だったが、心の中に"
              "静かな風景がいくつも残った。"),
    ]),
]

# Vertical texts: (title, body).  Kanji numerals, as is usual in vertical setting.
JPN_VERTICAL = [
    ("春の雨", "朝から細かい雨が降っている。窓の外では、隣の家の庭に植えられた梅の花が、しっとりと"
              "濡れて光っていた。こういう日は、古い本を一冊選んで、ゆっくりとページをめくるのが"
              "いちばんの楽しみだ。"),
    ("手紙", "「元気にしていますか」という一行から、母の手紙はいつも始まる。便せんには畑で採れた"
            "野菜のことや、近所の猫のことが丁寧な字で書かれていて、読み終えるころには、なぜか少し"
            "だけ実家の台所のにおいがする気がする。"),
    ("港町の朝", "午前五時、漁船が次々と港に戻ってくる。市場ではすでにセリが始まり、威勢のいい声が"
                "あちこちから聞こえる。観光客はまだ少なく、港に面した食堂では、漁師たちが湯気の"
                "立つ味噌汁をすすっていた。"),
    ("ある作家の言葉", "若いころ、ある作家に「文章は短く書きなさい」と言われたことがある。言いたい"
                    "ことが多いときほど、一つの文には一つのことだけを書く。その教えは、三十年たった"
                    "今でも、原稿を書くたびに思い出す。"),
    ("駅のベンチ", "終電を待つ間、ホームのベンチに座って缶コーヒーを飲んだ。向かいのホームでは、若い"
                  "駅員が懐中電灯を手に、線路の様子を一つずつ確かめている。やがてアナウンスが流れ、"
                  "遠くからゆっくりと電車の明かりが近づいてきた。"),
    ("冬支度", "十一月に入ると、祖父は毎年決まって薪割りを始める。ストーブの横に積み上げられた薪は、"
              "まるで小さな壁のようだ。「今年の冬は寒くなるぞ」と言いながら、祖父はうれしそうに斧を"
              "振り下ろしていた。"),
]

# Characters that may not start a line/column (simple kinsoku shori).
NO_LINE_START = set("、。，．・：；？！）」』】〕〉》ー…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?)")
NO_LINE_END = set("（「『【〔〈《(")


# ---------------------------------------------------------------------------
# Seeded randomness
# ---------------------------------------------------------------------------
def rngs(*parts):
    key = "/".join((SEED,) + parts)
    h = hashlib.sha256(key.encode("utf-8")).digest()
    return random.Random(int.from_bytes(h[:8], "big")), np.random.default_rng(
        int.from_bytes(h[8:16], "big"))


# ---------------------------------------------------------------------------
# Damage model
# ---------------------------------------------------------------------------
def pick_style(r, kind, fmt, hard=0.25):
    """Choose damage parameters.  kind: 'line' or 'page'; fmt: see encode();
    hard: share of images that get the heavier damage.

    Two looks: a flatbed 'scan' whose paper white is mapped to pure white (noise
    survives only around the ink), and a 'photo' with a lighting gradient and
    noise everywhere.  Lossless PNGs are mostly scans, which keeps them small."""
    s = {}
    s["low_contrast"] = r.random() < 0.12
    # Damage is not stacked on faint (low-contrast) images: they get the mild set.
    s["hard"] = r.random() < hard and not s["low_contrast"]
    if s["low_contrast"]:
        s["paper"] = r.uniform(190, 215)
        s["ink"] = r.uniform(105, 140)
    else:
        s["paper"] = r.uniform(222, 250)
        s["ink"] = r.uniform(8, 55)
    s["angle"] = r.uniform(-1.5, 1.5)
    s["light_dir"] = r.uniform(0, 2 * math.pi)
    if kind == "line":
        s["blur"] = r.uniform(1.0, 1.8) if s["hard"] else r.uniform(0.5, 1.3)
    else:
        s["blur"] = r.uniform(0.7, 1.1) if s["hard"] else r.uniform(0.4, 0.9)
    # Optical resolution loss: down- then up-sample by this factor.
    if kind == "line":
        s["resample"] = r.uniform(0.33, 0.5) if s["hard"] else r.uniform(0.65, 1.0)
    else:  # page text is smaller already
        s["resample"] = r.uniform(0.72, 0.85) if s["hard"] else r.uniform(0.85, 1.0)
    # Stroke weight: toner spread (+) or faded, thin strokes (-).
    s["stroke"] = r.choice([-1, 0, 0, 1]) if s["hard"] else r.choice([-1, 0, 0, 0, 0, 1])
    if s["low_contrast"]:
        s["stroke"] = max(0, s["stroke"])
    # Ink density lost to worn toner / uneven pressure (coarse and fine).
    s["fade"] = r.uniform(0.0, 0.3)
    s["dropout"] = r.uniform(0.2, 0.45) if s["hard"] else r.uniform(0.0, 0.15)
    s["dust"] = r.uniform(0, 40) if r.random() < 0.5 else 0.0  # specks per megapixel
    # Camera shake: a short linear motion blur (length in px, direction).
    s["motion"] = r.uniform(2.5, 5.0) if s["hard"] and r.random() < 0.5 else 0.0
    s["motion_dir"] = r.uniform(0, math.pi)
    # Fax / 1-bit scanner mode: threshold the damaged image.
    # Not combined with the hard set: thresholding a heavily blurred image
    # leaves only scraps of strokes.
    s["bilevel"] = (not s["low_contrast"]) and (not s["hard"]) and r.random() < 0.2
    s["threshold"] = r.uniform(0.5, 0.68)  # share of the ink-paper range read as ink
    if s["bilevel"]:  # nor with thin, faded strokes
        s["stroke"] = max(0, s["stroke"])
        s["blur"] = min(s["blur"], 0.9)
        s["dropout"] = min(s["dropout"], 0.05)
    scan = r.random() < {"png": 0.9, "png-rt": 0.7, "jpg": 0.35}[fmt]
    if kind == "page" and fmt != "jpg":
        scan = True  # a full page of noise would make a multi-megabyte PNG
    s["white_clip"] = scan
    if scan:
        s["light"] = 0.0
        s["noise"] = r.uniform(3.0, 8.0)
    else:
        # A gradient much stronger than the ink contrast defeats a global threshold
        # (tesseract's default Otsu): keep it moderate, with a rare strong one.
        s["light"] = r.uniform(0.22, 0.3) if r.random() < 0.08 else r.uniform(0.06, 0.2)
        if s["low_contrast"]:
            s["light"] = min(s["light"], 0.06)
        s["noise"] = r.uniform(1.0, 2.5) if fmt == "png" else r.uniform(2.0, 7.0)
    return s


def _field(nr, h, w, cell):
    """Smooth random field in [0, 1] with features about `cell` pixels wide."""
    small = nr.random((max(2, h // cell + 2), max(2, w // cell + 2)), dtype=np.float32)
    im = Image.fromarray((small * 255).astype(np.uint8)).resize((w, h), Image.BICUBIC)
    return np.asarray(im, dtype=np.float32) / 255.0


def render_damage(mask, style, nr, paper_map=None):
    """mask: 'L' image, 255 = ink coverage.  Returns a damaged 'L' image."""
    if style["stroke"]:
        f = ImageFilter.MaxFilter(3) if style["stroke"] > 0 else ImageFilter.MinFilter(3)
        mask = Image.blend(mask, mask.filter(f), 0.5)
    a = np.asarray(mask, dtype=np.float32) / 255.0
    h, w = a.shape
    a = a * (1.0 - style["fade"] * _field(nr, h, w, 24))
    if style["dropout"] > 0:
        a = a * (1.0 - style["dropout"] * _field(nr, h, w, 4))
    paper = paper_map if paper_map is not None else np.full((h, w), style["paper"], np.float32)
    img = paper * (1.0 - a) + style["ink"] * a
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    if style["dust"] > 0:
        d = ImageDraw.Draw(pil)
        for _ in range(int(style["dust"] * h * w / 1e6)):
            x, y = float(nr.uniform(0, w)), float(nr.uniform(0, h))
            rad = float(nr.uniform(0.6, 2.2))
            d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=int(style["ink"] + 30))
    pil = pil.rotate(style["angle"], resample=Image.BICUBIC, expand=False,
                     fillcolor=int(round(float(paper[0, 0]))))
    if style["resample"] < 0.99:
        small = (max(1, int(w * style["resample"])), max(1, int(h * style["resample"])))
        pil = pil.resize(small, Image.BILINEAR).resize((w, h), Image.BICUBIC)
    img = np.asarray(pil, dtype=np.float32)
    if style["light"] > 0:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        d = math.cos(style["light_dir"]) * xx / w + math.sin(style["light_dir"]) * yy / h
        d = (d - d.min()) / max(1e-6, float(d.max() - d.min()))
        img = img * (1.0 - style["light"] * d)
    if style["motion"] > 0:
        n = max(2, int(round(style["motion"])))
        acc = np.zeros_like(img)
        for k in range(n):
            t = k - (n - 1) / 2.0
            dx = int(round(t * math.cos(style["motion_dir"])))
            dy = int(round(t * math.sin(style["motion_dir"])))
            acc += np.roll(np.roll(img, dy, axis=0), dx, axis=1)
        img = acc / n
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    pil = pil.filter(ImageFilter.GaussianBlur(style["blur"]))
    img = np.asarray(pil, dtype=np.float32)
    img = img + nr.normal(0.0, style["noise"], img.shape).astype(np.float32)
    if style["bilevel"]:
        level = style["ink"] + (style["paper"] - style["ink"]) * style["threshold"]
        if style["light"] > 0:  # threshold follows the lighting, as a scanner's would
            level = level * (1.0 - style["light"] * d)
        img = np.where(img < level, 0.0, 255.0)
        return Image.fromarray(img.astype(np.uint8))
    if style["white_clip"]:
        white = style["paper"] - 2.5 * style["noise"]
        img = img * (255.0 / white)
    return Image.fromarray(np.clip(np.round(img), 0, 255).astype(np.uint8))


def encode(img, fmt, quality):
    """fmt: 'png', 'jpg' or 'png-rt' (PNG written after a JPEG round trip)."""
    if fmt in ("jpg", "png-rt"):
        b = io.BytesIO()
        img.save(b, "JPEG", quality=quality, optimize=True)
        if fmt == "jpg":
            return b.getvalue(), "jpg"
        img = Image.open(io.BytesIO(b.getvalue())).convert("L")
    b = io.BytesIO()
    img.save(b, "PNG", optimize=True)
    return b.getvalue(), "png"


def pick_format(r, jpg_share, rt_share):
    x = r.random()
    if x < jpg_share:
        return "jpg", r.randint(35, 70)
    if x < jpg_share + rt_share:
        return "png-rt", r.randint(35, 70)
    return "png", 0


# ---------------------------------------------------------------------------
# Rendering: single lines
# ---------------------------------------------------------------------------
def render_line(text, font, pad_x, pad_y):
    asc, desc = font.getmetrics()
    tw = int(math.ceil(font.getlength(text)))
    w = tw + 2 * pad_x
    # Room for the rotation: half the width times tan(1.6 degrees) above and below.
    rot = int(math.ceil(w * math.tan(math.radians(1.6)) / 2))
    h = asc + desc + 2 * pad_y + 2 * rot
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((pad_x, pad_y + rot + asc), text, font=font, fill=255, anchor="ls")
    return mask


def make_eng_lines():
    files = {}
    for i, text in enumerate(ENG_LINES, 1):
        name = f"eng-line-{i:03d}"
        r, nr = rngs("eng-lines", name)
        key = ENG_LINE_FONTS[(i - 1) % len(ENG_LINE_FONTS)]
        check_glyphs(key, text)
        xh = r.uniform(20, 28)
        size = max(12, int(round(xh / x_height_ratio(key))))
        font = get_font(key, size)
        mask = render_line(text, font, r.randint(12, 40), r.randint(8, 24))
        fmt, q = pick_format(r, 0.3, 0.2)
        style = pick_style(r, "line", fmt, hard=0.35)
        img = render_damage(mask, style, nr)
        data, ext = encode(img, fmt, q)
        files[f"{name}.{ext}"] = data
        files[f"{name}.gt.txt"] = text.encode("utf-8")
    return files


def make_jpn_lines():
    files = {}
    for i, text in enumerate(JPN_LINES, 1):
        name = f"jpn-line-{i:03d}"
        r, nr = rngs("jpn-lines", name)
        key = JPN_FONTS[(i - 1) % len(JPN_FONTS)]
        check_glyphs(key, text)
        size = r.randint(36, 56)  # CJK glyphs fill roughly 0.8-0.9 of the em
        font = get_font(key, size)
        mask = render_line(text, font, r.randint(12, 40), r.randint(8, 24))
        fmt, q = pick_format(r, 0.3, 0.2)
        style = pick_style(r, "line", fmt, hard=0.35)
        img = render_damage(mask, style, nr)
        data, ext = encode(img, fmt, q)
        files[f"{name}.{ext}"] = data
        files[f"{name}.gt.txt"] = text.encode("utf-8")
    return files


# ---------------------------------------------------------------------------
# Rendering: pages (horizontal)
# ---------------------------------------------------------------------------
def wrap_words(text, font, width, indent=0):
    lines, cur = [], ""
    for word in text.split():
        cand = word if not cur else cur + " " + word
        limit = width - (indent if lines else 0)
        if cur and font.getlength(cand) > limit:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return lines


_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9.,:/\-]*[A-Za-z0-9]|.", re.S)


def wrap_cjk(text, font, width, indent=0):
    """Greedy wrap by width; ASCII runs are unbreakable; simple kinsoku."""
    tokens = _TOKEN.findall(text)
    lines, cur = [], []
    for tok in tokens:
        limit = width - (indent if lines else 0)
        if cur and font.getlength("".join(cur) + tok) > limit:
            if tok in NO_LINE_START:
                cur.append(tok)  # hang the punctuation at the line end
                lines.append("".join(cur))
                cur = []
                continue
            carry = []
            while cur and cur[-1] in NO_LINE_END:
                carry.insert(0, cur.pop())
            lines.append("".join(cur))
            cur = carry + [tok]
        else:
            cur.append(tok)
    if cur:
        lines.append("".join(cur))
    return [ln.strip() for ln in lines]


def layout_page(page, r, size, margin, body_size, title_size, cjk, line_gap, receipt=False):
    """Returns (mask, gt_text, receipt_strip_box_or_None)."""
    W, H = size
    body = get_font(page["font"], body_size)
    title = get_font(page["bold"], title_size)
    for kind, *rest in page["blocks"]:
        payload = rest[0]
        items = payload if isinstance(payload, list) else [payload]
        for it in items:
            for t in (it if isinstance(it, tuple) else (it,)):
                check_glyphs(page["font"], t)
                if kind == "title":
                    check_glyphs(page["bold"], t)
    mask = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(mask)
    if receipt:
        # Column as wide as the widest row (left part, two spaces, right part).
        need = []
        for kind, payload in page["blocks"]:
            for ln in (payload if isinstance(payload, list) else [payload]):
                f = title if kind == "title" else body
                need.append(f.getlength("  ".join(ln) if isinstance(ln, tuple) else ln))
        col_w = int(max(need)) + 8
        x0 = (W - col_w) // 2 + r.randint(-60, 60)
        x1 = x0 + col_w
    else:
        x0, x1 = margin, W - margin
    width = x1 - x0
    asc, desc = body.getmetrics()
    step = int(round(body_size * line_gap))
    y = margin + r.randint(-10, 30)
    top = y
    gt_blocks = []
    wrap = wrap_cjk if cjk else wrap_words
    for kind, payload in page["blocks"]:
        gt_lines = []
        if kind == "title":
            tasc, _ = title.getmetrics()
            tw = title.getlength(payload)
            tx = x0 + (width - tw) / 2 if receipt else x0
            d.text((tx, y + tasc), payload, font=title, fill=255, anchor="ls")
            y += int(round(title_size * 1.5))
            gt_lines.append(payload)
        elif kind in ("p", "item"):
            indent = int(body.getlength("1. ")) if kind == "item" else 0
            for j, ln in enumerate(wrap(payload, body, width, indent)):
                d.text((x0 + (indent if j else 0), y + asc), ln, font=body, fill=255, anchor="ls")
                y += step
                gt_lines.append(ln)
        elif kind == "lines":
            for ln in payload:
                if isinstance(ln, tuple):
                    left, right = ln
                    d.text((x0, y + asc), left, font=body, fill=255, anchor="ls")
                    d.text((x1, y + asc), right, font=body, fill=255, anchor="rs")
                    gt_lines.append(left + " " + right)
                    y += step
                elif receipt:
                    lx = x0 + (width - body.getlength(ln)) / 2
                    d.text((lx, y + asc), ln, font=body, fill=255, anchor="ls")
                    gt_lines.append(ln)
                    y += step
                else:
                    for part in wrap(ln, body, width):
                        d.text((x0, y + asc), part, font=body, fill=255, anchor="ls")
                        gt_lines.append(part)
                        y += step
        else:
            raise ValueError(kind)
        gt_blocks.append("\n".join(gt_lines))
        y += int(round(body_size * 0.7))
        if y > H - margin // 2:
            sys.exit(f"page {page['name']} overflows ({y} > {H})")
    # For a receipt: the paper strip's box (the rest is the scanner lid).
    strip = (x0 - 40, top - 50, x1 + 40, y + 40) if receipt else None
    return mask, "\n\n".join(gt_blocks), strip


def make_pages(pages, archive, cjk):
    files = {}
    for i, page in enumerate(pages, 1):
        name = f"{archive[:3]}-page-{i:02d}-{page['name']}"
        r, nr = rngs(archive, name)
        W, H = r.choice([(1200, 1600), (1240, 1660), (1160, 1560)])
        margin = r.randint(90, 140)
        if cjk:
            body_size = r.randint(30, 36)
            title_size = int(body_size * 1.35)
            gap = r.uniform(1.55, 1.75)
        else:
            xh = r.uniform(13.5, 16.5)
            body_size = int(round(xh / x_height_ratio(page["font"])))
            title_size = int(body_size * 1.4)
            gap = r.uniform(1.25, 1.4)
        receipt = page.get("receipt", False)
        if receipt:
            body_size = int(body_size * 1.15)
        mask, gt, extra = layout_page(page, r, (W, H), margin, body_size, title_size, cjk, gap,
                                      receipt=receipt)
        # Pages: mostly JPEG (like a scanner's default); pages 2 and 5 are PNGs
        # written after a JPEG round trip.
        fmt, q = ("jpg", r.randint(35, 70)) if i % 3 != 2 else ("png-rt", r.randint(45, 70))
        style = pick_style(r, "page", fmt, hard=0.2)
        paper_map = None
        if receipt:
            px0, py0, px1, py1 = extra
            lid = r.uniform(150, 185)
            paper_map = np.full((H, W), lid, np.float32)
            paper_map[max(0, py0):min(H, py1), max(0, px0):min(W, px1)] = style["paper"]
        img = render_damage(mask, style, nr, paper_map)
        data, ext = encode(img, fmt, q)
        files[f"{name}.{ext}"] = data
        files[f"{name}.gt.txt"] = gt.encode("utf-8")
    return files


# ---------------------------------------------------------------------------
# Rendering: vertical Japanese (tategaki), columns right to left
# ---------------------------------------------------------------------------
ROTATE_IN_VERTICAL = set("ー―－—…～〜「」『』（）【】〈〉《》［］()-:：")
TOP_RIGHT_IN_VERTICAL = set("、。，．")
SMALL_KANA = set("ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")


def vertical_glyph(font, ch, em):
    """Render one character into an em x em cell (255 = ink), vertical-form adjusted."""
    cell = 2 * em
    img = Image.new("L", (cell, cell), 0)
    b = font.getbbox("国", anchor="ls")
    mid = (b[1] + b[3]) / 2.0  # y of the ideographic centre relative to the baseline
    adv = font.getlength(ch)
    ImageDraw.Draw(img).text((cell / 2 - adv / 2, cell / 2 - mid), ch, font=font, fill=255,
                             anchor="ls")
    if ch in ROTATE_IN_VERTICAL:
        img = img.rotate(-90, resample=Image.BICUBIC, center=(cell / 2, cell / 2))
    elif ch in TOP_RIGHT_IN_VERTICAL:
        bb = img.getbbox()
        if bb:
            glyph = img.crop(bb)
            img = Image.new("L", (cell, cell), 0)
            # place at the top right of the em box
            gx = int(cell / 2 + em / 2 - em * 0.12 - glyph.width)
            gy = int(cell / 2 - em / 2 + em * 0.12)
            img.paste(glyph, (gx, gy))
    elif ch in SMALL_KANA:
        img = img.transform(img.size, Image.AFFINE, (1, 0, -em * 0.1, 0, 1, em * 0.1),
                            resample=Image.BICUBIC)
    return img


def make_vertical():
    files = {}
    for i, (title, body) in enumerate(JPN_VERTICAL, 1):
        name = f"jpn-vert-{i:02d}"
        r, nr = rngs("jpn-vertical", name)
        key = ["NotoSerifCJKjp", "NotoSansCJKjp", "IPAMincho"][(i - 1) % 3]
        check_glyphs(key, title + body)
        em = r.randint(36, 46)
        font = get_font(key, em)
        per_col = r.randint(16, 20)
        pitch_y = int(round(em * r.uniform(1.0, 1.08)))
        pitch_x = int(round(em * r.uniform(1.6, 1.9)))
        # Break into columns (simple kinsoku: punctuation never starts a column).
        cols = []
        cur = []
        for ch in body:
            if len(cur) >= per_col and ch not in NO_LINE_START:
                carry = []
                while cur and cur[-1] in NO_LINE_END:
                    carry.insert(0, cur.pop())
                cols.append("".join(cur))
                cur = carry
            cur.append(ch)
        if cur:
            cols.append("".join(cur))
        margin = r.randint(70, 110)
        ncols = len(cols) + 2  # title column + gap column
        W = margin * 2 + ncols * pitch_x
        H = margin * 2 + (per_col + 1) * pitch_y
        mask = Image.new("L", (W, H), 0)
        columns = [(title, 1)] + [(c, 0) for c in cols]
        x = W - margin - pitch_x / 2
        for j, (text, is_title) in enumerate(columns):
            y = margin + pitch_y / 2 + (em if is_title else 0)
            for ch in text:
                g = vertical_glyph(font, ch, em)
                pos = (int(round(x - g.width / 2)), int(round(y - g.height / 2)))
                box = (pos[0], pos[1], pos[0] + g.width, pos[1] + g.height)
                mask.paste(ImageChops.lighter(mask.crop(box), g), box)
                y += pitch_y
            x -= pitch_x * (2 if is_title else 1)
        gt = title + "\n\n" + "\n".join(cols)
        fmt, q = pick_format(r, 0.35, 0.3)
        style = pick_style(r, "page", fmt)
        img = render_damage(mask, style, nr)
        data, ext = encode(img, fmt, q)
        files[f"{name}.{ext}"] = data
        files[f"{name}.gt.txt"] = gt.encode("utf-8")
    return files



# ---------------------------------------------------------------------------
# Rendering: pages in columns, vertical pages with a horizontal heading, single vertical lines
# ---------------------------------------------------------------------------
# (archive page name, heading, [ENG_PAGES names whose paragraphs flow through the columns],
#  columns, caption or None, footer or None, body font, heading font)
ENG_COLUMNS = [
    ("two-library", "The Library on Mercer Street", ["library"], 2, None, "Page 12",
     "DejaVuSerif", "DejaVuSans-Bold"),
    ("three-story", "A Short Story for the Train", ["story"], 3, None, None,
     "DejaVuSerifCondensed", "DejaVuSerif-Bold"),
    ("two-caption", "Minutes of the Residents' Meeting", ["minutes", "library"], 2,
     "The hall on the night of the meeting, with the new chairs", "Residents' News - 3",
     "DejaVuSans", "DejaVuSans-Bold"),
    ("three-letter", "Letters and Instructions", ["letter", "shelf"], 3, None, "Page 7",
     "DejaVuSansCondensed", "DejaVuSans-Bold"),
    ("two-story-caption", "The Story, Continued", ["story", "library"], 2,
     "Mercer Street in the winter of 1911, from the library's own collection", None,
     "DejaVuSerif", "DejaVuSerif-Bold"),
    ("two-shelf", "Assembling the Shelf", ["shelf", "minutes"], 2, None, "Page 40",
     "DejaVuSerifCondensed", "DejaVuSans-Bold"),
]


def eng_page_paragraphs(name):
    page = next(p for p in ENG_PAGES if p["name"] == name)
    out = []
    for kind, payload in page["blocks"]:
        if kind in ("p", "item"):
            out.append(payload)
        elif kind == "lines":
            out.append(" ".join(" ".join(ln) if isinstance(ln, tuple) else ln for ln in payload))
    return out


def flow(paragraphs, font, width_at, indent):
    """Wraps paragraphs line by line, `width_at(k)` the room for line k: [(k, text, indented)]."""
    lines, k = [], 0
    for para in paragraphs:
        words, cur, first = para.split(), "", True
        for word in words:
            cand = word if not cur else cur + " " + word
            room = width_at(k) - (indent if first else 0)
            if cur and font.getlength(cand) > room:
                lines.append((k, cur, first))
                k, cur, first = k + 1, word, False
            else:
                cur = cand
        if cur:
            lines.append((k, cur, first))
            k += 1
    return lines


def make_eng_columns():
    files = {}
    for i, (name, heading, sources, ncols, caption, footer, key, bold) in enumerate(ENG_COLUMNS, 1):
        name = f"eng-columns-{i:02d}-{name}"
        r, nr = rngs("eng-columns", name)
        W, H = r.choice([(1700, 2200), (1660, 2150)])
        margin = r.randint(100, 140)
        xh = r.uniform(12.5, 15.0)
        size = int(round(xh / x_height_ratio(key)))
        body = get_font(key, size)
        head = get_font(bold, int(size * r.uniform(1.8, 2.2)))
        small = get_font(key, int(size * 0.85))
        paragraphs = [p for src in sources for p in eng_page_paragraphs(src)]
        for t in paragraphs + [heading] + ([caption] if caption else []) + ([footer] if footer else []):
            check_glyphs(key, t)
        check_glyphs(bold, heading)
        gutter = int(size * r.uniform(1.6, 2.4))
        col_w = (W - 2 * margin - (ncols - 1) * gutter) // ncols
        step = int(round(size * r.uniform(1.22, 1.34)))
        asc, _ = body.getmetrics()
        mask = Image.new("L", (W, H), 0)
        d = ImageDraw.Draw(mask)
        y0 = margin + r.randint(-10, 20)
        hasc, _ = head.getmetrics()
        hx = (W - head.getlength(heading)) / 2 if r.random() < 0.5 else margin
        d.text((hx, y0 + hasc), heading, font=head, fill=255, anchor="ls")
        top = y0 + int(head.size * 1.3) + int(size * r.uniform(1.0, 2.0))
        # The caption sits across the gutter between the first two columns, lower down; the lines
        # beside it make room.
        rows = (H - margin - top - (2 * step if footer else 0)) // step
        total = len(flow(paragraphs, body, lambda k: col_w, size * 2))
        per_col = min(rows, -(-total // ncols) + 1)
        cap_lines, cap_box = [], None
        if caption:
            cap_w = int(col_w * 0.75)
            cap_lines = wrap_words(caption, small, cap_w)
            cap_h = len(cap_lines) * int(small.size * 1.3)
            # Room for the lines the caption narrows.
            per_col = min(rows, per_col + len(cap_lines) + 3)
            cx = margin + col_w + gutter // 2
            cy = top + int(per_col * step * r.uniform(0.45, 0.6))
            cap_box = (cx - cap_w // 2, cy, cx + cap_w // 2, cy + cap_h)
        # Balance the columns: as many lines in each (the last one shorter).
        def width_for(col, row):
            if not cap_box or col > 1:
                return col_w
            y = top + row * step
            if y + step < cap_box[1] - step // 2 or y > cap_box[3] + step // 2:
                return col_w
            x0 = margin + col * (col_w + gutter)
            return (cap_box[0] - size - x0) if col == 0 else (x0 + col_w - cap_box[2] - size)
        place = lambda k: (k // per_col, k % per_col)
        laid = flow(paragraphs, body, lambda k: width_for(*place(k)), size * 2)
        if place(laid[-1][0])[0] >= ncols:
            sys.exit(f"page {name} overflows")
        gt_cols = [[] for _ in range(ncols)]
        for k, text, first in laid:
            col, row = place(k)
            x = margin + col * (col_w + gutter)
            if cap_box and col == 1 and width_for(col, row) < col_w:
                x = cap_box[2] + size
            d.text((x + (size * 2 if first else 0), top + row * step + asc), text, font=body, fill=255,
                   anchor="ls")
            gt_cols[col].append(text)
        gt = [heading] + ["\n".join(c) for c in gt_cols if c]
        if cap_box:
            sasc, _ = small.getmetrics()
            for j, ln in enumerate(cap_lines):
                lx = (cap_box[0] + cap_box[2]) / 2 - small.getlength(ln) / 2
                d.text((lx, cap_box[1] + j * int(small.size * 1.3) + sasc), ln, font=small, fill=255,
                       anchor="ls")
            gt.append("\n".join(cap_lines))
        if footer:
            fasc, _ = small.getmetrics()
            d.text(((W - small.getlength(footer)) / 2, H - margin + fasc), footer, font=small, fill=255,
                   anchor="ls")
            gt.append(footer)
        fmt, q = ("jpg", r.randint(45, 75)) if i % 3 != 2 else ("png-rt", r.randint(50, 75))
        style = pick_style(r, "page", fmt, hard=0.15)
        img = render_damage(mask, style, nr)
        data, ext = encode(img, fmt, q)
        files[f"{name}.{ext}"] = data
        files[f"{name}.gt.txt"] = "\n\n".join(gt).encode("utf-8")
    return files


def vertical_columns(text, per_col):
    """The text broken into columns of at most `per_col` characters (kinsoku as make_vertical)."""
    cols, cur = [], []
    for ch in text:
        if len(cur) >= per_col and ch not in NO_LINE_START:
            carry = []
            while cur and cur[-1] in NO_LINE_END:
                carry.insert(0, cur.pop())
            cols.append("".join(cur))
            cur = carry
        cur.append(ch)
    if cur:
        cols.append("".join(cur))
    return cols


def draw_column(mask, font, text, x, y, em, pitch_y):
    for ch in text:
        g = vertical_glyph(font, ch, em)
        pos = (int(round(x - g.width / 2)), int(round(y - g.height / 2)))
        box = (pos[0], pos[1], pos[0] + g.width, pos[1] + g.height)
        mask.paste(ImageChops.lighter(mask.crop(box), g), box)
        y += pitch_y


def make_vertical_mixed():
    """Vertical body text in several columns, right to left, under a horizontal heading; the last
    two pages in two tiers (the upper tier read first)."""
    files = {}
    bodies = [body for _, body in JPN_VERTICAL]
    for i in range(1, 5):
        name = f"jpn-vert-mixed-{i:02d}"
        r, nr = rngs("jpn-vertical-mixed", name)
        heading = JPN_VERTICAL[i - 1][0] + "について"
        body = bodies[i - 1] + bodies[(i + 1) % len(bodies)]
        key = ["NotoSerifCJKjp", "NotoSansCJKjp"][i % 2]
        bold = key + "-Bold"
        check_glyphs(key, body)
        check_glyphs(bold, heading)
        em = r.randint(30, 38)
        font = get_font(key, em)
        head = get_font(bold, int(em * 1.4))
        tiers = 2 if i > 2 else 1
        per_col = r.randint(11, 14) if tiers == 2 else r.randint(18, 22)
        pitch_y = int(round(em * r.uniform(1.0, 1.06)))
        pitch_x = int(round(em * r.uniform(1.6, 1.8)))
        cols = vertical_columns(body, per_col)
        per_tier = -(-len(cols) // tiers)
        margin = r.randint(70, 100)
        W = margin * 2 + per_tier * pitch_x
        head_h = int(head.size * 2.2)
        tier_h = (per_col + 1) * pitch_y
        H = margin * 2 + head_h + tiers * tier_h + (tiers - 1) * em
        mask = Image.new("L", (W, H), 0)
        d = ImageDraw.Draw(mask)
        hasc, _ = head.getmetrics()
        d.text(((W - head.getlength(heading)) / 2, margin + hasc), heading, font=head, fill=255, anchor="ls")
        for t in range(tiers):
            top = margin + head_h + t * (tier_h + em)
            x = W - margin - pitch_x / 2
            for text in cols[t * per_tier:(t + 1) * per_tier]:
                draw_column(mask, font, text, x, top + pitch_y / 2, em, pitch_y)
                x -= pitch_x
        gt = heading + "\n\n" + "\n".join(cols)
        fmt, q = pick_format(r, 0.35, 0.3)
        style = pick_style(r, "page", fmt, hard=0.2)
        img = render_damage(mask, style, nr)
        data, ext = encode(img, fmt, q)
        files[f"{name}.{ext}"] = data
        files[f"{name}.gt.txt"] = gt.encode("utf-8")
    return files


def make_vertical_lines():
    """Single vertical columns, one an image: the bodies of JPN_VERTICAL cut into columns."""
    files = {}
    columns = [c for _, body in JPN_VERTICAL for c in vertical_columns(body, 14)]
    for i, text in enumerate(columns[:30], 1):
        name = f"jpn-vert-line-{i:03d}"
        r, nr = rngs("jpn-vert-lines", name)
        key = JPN_FONTS[(i - 1) % 2]
        check_glyphs(key, text)
        em = r.randint(34, 48)
        font = get_font(key, em)
        pitch_y = int(round(em * r.uniform(1.0, 1.06)))
        px, py = r.randint(12, 36), r.randint(12, 36)
        W = em + 2 * px
        H = len(text) * pitch_y + 2 * py
        mask = Image.new("L", (W, H), 0)
        draw_column(mask, font, text, W / 2, py + pitch_y / 2, em, pitch_y)
        fmt, q = pick_format(r, 0.3, 0.2)
        style = pick_style(r, "line", fmt, hard=0.25)
        img = render_damage(mask, style, nr)
        data, ext = encode(img, fmt, q)
        files[f"{name}.{ext}"] = data
        files[f"{name}.gt.txt"] = text.encode("utf-8")
    return files


# ---------------------------------------------------------------------------
# Vertical Japanese typeset by a browser: Debian's chromium with CSS `writing-mode: vertical-rl`
# and Noto CJK, so every vertical form is the font's own (OpenType `vert`): `、。` in the top right of
# their cell, `﹁﹂` for `「」`, `ー` as a vertical bar, small kana up and right. Texts: the openings of
# public-domain works as Aozora Bunko publishes them (Corpora/README.md names each).
# ---------------------------------------------------------------------------
AOZORA = [
    ("羅生門", "芥川龍之介",
     "ある日の暮方の事である。一人の下人が、羅生門の下で雨やみを待っていた。広い門の下には、この男のほかに"
     "誰もいない。ただ、所々丹塗の剥げた、大きな円柱に、蟋蟀が一匹とまっている。羅生門が、朱雀大路にある以上"
     "は、この男のほかにも、雨やみをする市女笠や揉烏帽子が、もう二三人はありそうなものである。それが、この男の"
     "ほかには誰もいない。"),
    ("走れメロス", "太宰治",
     "メロスは激怒した。必ず、かの邪智暴虐の王を除かなければならぬと決意した。メロスには政治がわからぬ。メロス"
     "は、村の牧人である。笛を吹き、羊と遊んで暮して来た。けれども邪悪に対しては、人一倍に敏感であった。きょう"
     "未明メロスは村を出発し、野を越え山越え、十里はなれた此のシラクスの市にやって来た。"),
    ("蜘蛛の糸", "芥川龍之介",
     "ある日の事でございます。御釈迦様は極楽の蓮池のふちを、独りでぶらぶら御歩きになっていらっしゃいました。"
     "池の中に咲いている蓮の花は、みんな玉のようにまっ白で、そのまん中にある金色の蕊からは、何とも云えない好い"
     "匂が、絶間なくあたりへ溢れて居ります。極楽は丁度朝なのでございましょう。"),
    ("吾輩は猫である", "夏目漱石",
     "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー"
     "泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。"),
    ("注文の多い料理店", "宮沢賢治",
     "二人の若い紳士が、すっかりイギリスの兵隊のかたちをして、ぴかぴかする鉄砲をかついで、白熊のような犬を二疋"
     "つれて、だいぶ山奥の、木の葉のかさかさしたとこを、こんなことを云いながら、あるいておりました。「ぜんたい、"
     "ここらの山は怪しからんね。鳥も獣も一疋も居やがらん。なんでも構わないから、早くタンタアーンと、やって見たい"
     "もんだなあ。」"),
    ("坊っちゃん", "夏目漱石",
     "親譲りの無鉄砲で小供の時から損ばかりしている。小学校に居る時分学校の二階から飛び降りて一週間ほど腰を抜かし"
     "た事がある。なぜそんな無闇をしたと聞く人があるかも知れぬ。別段深い理由でもない。新築の二階から首を出してい"
     "たら、同級生の一人が冗談に、いくら威張っても、そこから飛び降りる事は出来まい。弱虫やーい。と囃したからで"
     "ある。"),
]

CHROMIUM = "chromium"
BROWSER_FONTS = {"serif": "Noto Serif CJK JP", "sans": "Noto Sans CJK JP"}


def browser_screenshot(html_text, width, height):
    """Renders `html_text` in headless chromium at `width` x `height` CSS pixels (one device pixel
    each) and returns the ink coverage (255 = ink) as an 'L' image."""
    import shutil
    import subprocess
    import tempfile
    if shutil.which(CHROMIUM) is None:
        sys.exit("the browser-typeset corpora need Debian's chromium: apt-get install chromium fonts-noto-cjk")
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "page.html")
        shot = os.path.join(tmp, "page.png")
        with open(page, "w", encoding="utf-8") as f:
            f.write(html_text)
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--force-device-scale-factor=1", "--font-render-hinting=none",
                        "--disable-lcd-text", f"--window-size={width},{height}",
                        f"--user-data-dir={os.path.join(tmp, 'profile')}",
                        f"--screenshot={shot}", "file://" + page],
                       check=True, capture_output=True)
        img = Image.open(shot).convert("L")
        img.load()
    if img.size != (width, height):
        sys.exit(f"chromium gave a {img.size} screenshot for {width}x{height}")
    return ImageChops.invert(img)


def vertical_html(heading, tiers, em, pitch, family, head_family, width, height, margin, tier_gap):
    """A page: an optional horizontal heading across the top, then tiers of vertical columns set
    right to left, each column one line of its own (`<br>`: the columns break where the script
    says, so the ground truth knows every column)."""
    import html
    css = (f"html,body{{margin:0;padding:0;background:#fff;color:#000;width:{width}px;height:{height}px;"
           f"overflow:hidden}}"
           f"h1{{writing-mode:horizontal-tb;font:700 {int(em * 1.4)}px '{head_family}';margin:0;"
           f"padding:{margin}px {margin}px 0 {margin}px;text-align:center;line-height:1.2;white-space:nowrap}}"
           f".tier{{writing-mode:vertical-rl;font:400 {em}px '{family}';line-height:{pitch}px;"
           f"white-space:nowrap;margin:0 {margin}px 0 auto;width:max-content;font-kerning:none;"
           f"text-orientation:mixed;line-break:strict}}"
           f".wrap{{display:flex;flex-direction:column;padding-top:{int(em * 0.9)}px;row-gap:{tier_gap}px}}")
    parts = [f"<!doctype html><html lang=\"ja\"><head><meta charset=\"utf-8\"><style>{css}</style></head><body>"]
    if heading:
        parts.append(f"<h1>{html.escape(heading)}</h1>")
    else:
        parts.append(f"<div style=\"height:{margin}px\"></div>")
    parts.append("<div class=\"wrap\">")
    for cols in tiers:
        parts.append("<div class=\"tier\">" + "<br>".join(html.escape(c) for c in cols) + "</div>")
    parts.append("</div></body></html>")
    return "".join(parts)


def make_typeset_vertical_pages():
    """Vertical pages as a browser typesets them: a horizontal heading (title and author) over
    columns right to left; the last two pages in two tiers (段), the upper read first."""
    files = {}
    for i, (title, author, body) in enumerate(AOZORA, 1):
        name = f"jpn-tategaki-{i:02d}"
        r, nr = rngs("jpn-tategaki", name)
        family = BROWSER_FONTS["serif" if i % 2 else "sans"]
        heading = f"{title}　{author}"
        tiers = 2 if i > 4 else 1
        em = r.randint(24, 32)
        per_col = r.randint(13, 16) if tiers == 2 else r.randint(22, 28)
        pitch = int(round(em * r.uniform(1.6, 1.9)))
        cols = vertical_columns(body, per_col)
        per_tier = -(-len(cols) // tiers)
        tier_cols = [cols[t * per_tier:(t + 1) * per_tier] for t in range(tiers)]
        margin = r.randint(60, 90)
        tier_gap = int(em * r.uniform(1.2, 1.8))
        width = max(2 * margin + per_tier * pitch + em, int(em * 1.4 * (len(heading) + 2)) + 2 * margin)
        height = margin * 2 + int(em * 1.4 * 1.2) + int(em * 0.9) + tiers * (per_col + 1) * em + (tiers - 1) * tier_gap
        mask = browser_screenshot(
            vertical_html(heading, tier_cols, em, pitch, family, BROWSER_FONTS["sans"], width, height, margin,
                          tier_gap), width, height)
        gt = heading + "\n\n" + "\n".join(cols)
        fmt, q = pick_format(r, 0.35, 0.3)
        style = pick_style(r, "page", fmt, hard=0.2)
        img = render_damage(mask, style, nr)
        data, ext = encode(img, fmt, q)
        files[f"{name}.{ext}"] = data
        files[f"{name}.gt.txt"] = gt.encode("utf-8")
    return files


# ---------------------------------------------------------------------------
# Reproducible tar.gz
# ---------------------------------------------------------------------------
def write_archive(path, files, keep_dir=None):
    for name, data in files.items():
        if name.endswith(".gt.txt"):
            text = data.decode("utf-8")
            assert not any(ln != ln.rstrip() for ln in text.split("\n")), name
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as tf:
        for name in sorted(files):
            data = files[name]
            ti = tarfile.TarInfo(name)
            ti.size = len(data)
            ti.mtime = TAR_MTIME
            ti.mode = 0o644
            ti.uid = ti.gid = 0
            ti.uname = ti.gname = ""
            tf.addfile(ti, io.BytesIO(data))
    with open(path, "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9) as gz:
            gz.write(buf.getvalue())
    if keep_dir:
        d = os.path.join(keep_dir, os.path.basename(path)[: -len(".tar.gz")])
        os.makedirs(d, exist_ok=True)
        for old in os.listdir(d):
            os.remove(os.path.join(d, old))
        for name, data in files.items():
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)


ARCHIVES = {
    "eng-lines": make_eng_lines,
    "eng-pages": lambda: make_pages(ENG_PAGES, "eng-pages", cjk=False),
    "jpn-lines": make_jpn_lines,
    "jpn-pages": lambda: make_pages(JPN_PAGES, "jpn-pages", cjk=True),
    "jpn-vertical": make_vertical,
    "eng-columns": make_eng_columns,
    "jpn-vertical-mixed": make_vertical_mixed,
    "jpn-vert-lines": make_vertical_lines,
    "jpn-tategaki": make_typeset_vertical_pages,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=HERE, help="output folder (default: Corpora/)")
    ap.add_argument("--only", default="", help="comma-separated archive names")
    ap.add_argument("--keep-dir", default="", help="also write the loose files here")
    args = ap.parse_args()
    names = [n for n in args.only.split(",") if n] or list(ARCHIVES)
    for n in names:
        if n not in ARCHIVES:
            sys.exit(f"unknown archive {n}; known: {', '.join(ARCHIVES)}")
    os.makedirs(args.out, exist_ok=True)
    for n in names:
        t0 = time.time()
        files = ARCHIVES[n]()
        path = os.path.join(args.out, n + ".tar.gz")
        write_archive(path, files, args.keep_dir or None)
        print(f"{path}: {len(files) // 2} images, {os.path.getsize(path) / 1e6:.2f} MB, "
              f"{time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
