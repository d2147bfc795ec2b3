#!/usr/bin/env python3
"""A scanbench external engine over RapidOCR (PyPI's rapidocr 3.10.0: PP-OCRv6 on ONNX Runtime),
for comparing scanbench's own PP-OCR with the Python one. It speaks scanbench's JSON-lines protocol
(docs/engines.md, "External engines"). `make rapidocr` installs what it needs into .venv/rapidocr:

  scanbench run scans/ --engine command:'.venv/rapidocr/bin/python examples/engines/rapidocr-engine.py'

--lines: each image is one text line (like --psm 7): no text detection, the whole image recognized.
--threads N: ONNX Runtime threads per worker (default 1: scanbench runs one program per core).
RapidOCR's models read Chinese and English whatever --lang says; the request's lang is not used.
"""
import argparse
import base64
import hashlib
import importlib.metadata
import json
import os
import pathlib
import sys

# onnxruntime's PyPI build reports usage from Linux and writes a device id under ~/.cache unless told
# not to, before it is imported.
os.environ["ORT_DISABLE_TELEMETRY"] = "1"

import cv2
import numpy
import rapidocr
from rapidocr import RapidOCR

parser = argparse.ArgumentParser()
parser.add_argument("--lines", action="store_true", help="each image is one line: skip detection")
parser.add_argument("--threads", type=int, default=1)
arguments = parser.parse_args()

engine = RapidOCR(params={
    "Global.log_level": "error",
    "EngineConfig.onnxruntime.intra_op_num_threads": arguments.threads,
    "EngineConfig.onnxruntime.inter_op_num_threads": 1,
})
# The models the package ships (its default configuration uses them), by SHA-256.
folder = pathlib.Path(rapidocr.__file__).parent / "models"
models = {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(folder.glob("*.onnx"))}
identity = {"engine": "rapidocr" + ("-lines" if arguments.lines else ""),
            "version": importlib.metadata.version("rapidocr"), "models": models}
print(json.dumps(identity), flush=True)


def box(text, score, quad):
    """A detection's quadrilateral as the axis-aligned box around it."""
    xs = [point[0] for point in quad]
    ys = [point[1] for point in quad]
    return {"text": text, "conf": round(float(score) * 100, 1), "x": round(min(xs)), "y": round(min(ys)),
            "w": round(max(xs) - min(xs)), "h": round(max(ys) - min(ys))}


for line in sys.stdin:
    request = json.loads(line)
    try:
        png = numpy.frombuffer(base64.b64decode(request["image_png_base64"]), dtype=numpy.uint8)
        image = cv2.imdecode(png, cv2.IMREAD_COLOR)
        if image is None:
            raise ValueError("OpenCV could not decode the PNG")
        if arguments.lines:
            result = engine(image, use_det=False, use_cls=False, use_rec=True)
            quads = [[[0, 0], [image.shape[1], 0], [image.shape[1], image.shape[0]], [0, image.shape[0]]]]
        else:
            result = engine(image)
            quads = [] if result.boxes is None else result.boxes.tolist()
        texts = list(result.txts or ())
        scores = [float(score) for score in (result.scores or ())]
        response = {"id": request["id"], "text": "\n".join(texts),
                    "confidence": round(100 * sum(scores) / len(scores), 2) if scores else 0.0}
        if request["boxes"]:
            response["lines"] = [box(text, score, quad) for text, score, quad in zip(texts, scores, quads)]
    except Exception as error:  # the image's failure, recorded; the program goes on
        response = {"id": request["id"], "error": f"{type(error).__name__}: {error}"}
    print(json.dumps(response, ensure_ascii=False), flush=True)
