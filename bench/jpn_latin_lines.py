#!/usr/bin/env python3
"""Horizontal Japanese lines with Latin runs among them (words in lower case, I and l, doubled
letters, digits with letters, hyphens), each OUT/mix-NNN.png beside its mix-NNN.gt.txt: a check that
a change to how fast Japanese reads its lines still reads the Latin inside them.

    /usr/bin/python3 bench/jpn_latin_lines.py OUT     (needs Pillow and the fonts-noto-cjk and
                                                       fonts-ipafont packages)
"""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFont

FONTS = [
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
    "/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
]
LATIN = ["Wi-Fi", "iPhone", "Google", "password", "email", "illustration", "Illinois", "little", "follow",
         "all", "billing", "version 2.1", "abc123", "x86-64", "Linux", "coffee", "feedback", "Bluetooth",
         "login", "OK", "USB-C", "PDF", "well-known", "address", "Mississippi", "small", "ll",
         "Hello World", "setup", "look", "A4", "3rd", "file01", "helloworld"]
JAPANESE = ["の設定は", "を使ってください。", "から送ります", "で確認しました", "の資料をご覧ください",
            "について質問があります", "に登録する", "をダウンロードしてから", "は明日までです",
            "に接続できません", "のページを開いて", "と書いてあります"]


def main(out):
    random.seed(6)
    fonts = [f for f in FONTS if os.path.exists(f)]
    os.makedirs(out, exist_ok=True)
    for i in range(40):
        parts = []
        for _ in range(random.randint(2, 3)):
            parts.append(random.choice(LATIN))
            parts.append(random.choice(JAPANESE))
        if random.random() < 0.5:
            parts = parts[1:]
        text = "".join(parts)
        font = ImageFont.truetype(random.choice(fonts), random.choice([28, 32, 36, 44]))
        box = font.getbbox(text)
        width, height = box[2] + 24, box[3] - min(box[1], 0) + 20
        image = Image.new("RGB", (width, height), "white")
        ImageDraw.Draw(image).text((12, 10 - min(box[1], 0) // 2), text, font=font, fill="black")
        image.save(f"{out}/mix-{i:03d}.png")
        with open(f"{out}/mix-{i:03d}.gt.txt", "w") as f:
            f.write(text)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "jpn-latin-lines")
