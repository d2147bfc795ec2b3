#!/usr/bin/python3
"""An external engine over tesserocr (Debian's python3-tesserocr): the same libtesseract and model
file as scanbench's built-in engine, loaded once per worker and reused — so that comparing the two
measures what the protocol costs, not a model load per image. For bench/external.py.

Arguments: TESSDATA_FOLDER LANG PSM DPI [NAME=VALUE…] (Tesseract variables, as --tesseract-set).
"""
import base64
import hashlib
import io
import json
import pathlib
import sys

import tesserocr
from PIL import Image

folder, language, psm, dpi = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
api = tesserocr.PyTessBaseAPI(path=folder, lang=language, psm=psm, oem=tesserocr.OEM.LSTM_ONLY)
api.SetVariable("debug_file", "/dev/null")
for setting in sys.argv[5:]:
    name, value = setting.split("=", 1)
    api.SetVariable(name, value)
models = {}
for name in language.split("+"):
    path = pathlib.Path(folder) / f"{name}.traineddata"
    models[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
version = tesserocr.tesseract_version().split()[1]
print(json.dumps({"engine": "tesserocr", "version": version, "models": models}), flush=True)

for line in sys.stdin:
    request = json.loads(line)
    try:
        # Raw pixels, as scanbench hands Tesseract its decoded image (tesserocr's SetImage would
        # encode the image again as PNG for Tesseract to decode).
        image = Image.open(io.BytesIO(base64.b64decode(request["image_png_base64"])))
        if image.mode not in ("L", "RGB", "RGBA"):
            image = image.convert("RGBA" if "A" in image.mode else "RGB")
        depth = len(image.mode)
        api.SetImageBytes(image.tobytes(), image.width, image.height, depth, depth * image.width)
        api.SetSourceResolution(dpi)
        response = {"id": request["id"], "text": api.GetUTF8Text(), "confidence": api.MeanTextConf()}
    except Exception as error:
        response = {"id": request["id"], "error": f"{type(error).__name__}: {error}"}
    print(json.dumps(response, ensure_ascii=False), flush=True)
