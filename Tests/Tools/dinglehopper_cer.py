#!/usr/bin/env python3
"""dinglehopper 0.11.0's CER for every pair of files, in one process (its command line costs a
second of imports a file). Usage: dinglehopper_cer.py [--textequiv-level LEVEL] GT OCR [GT OCR ...]
Prints one JSON object a line: {"gt", "ocr", "cer", "n", "distance"}; cer is null where dinglehopper
says infinity (empty ground truth, some OCR text)."""
import json
import math
import sys

from dinglehopper.character_error_rate import character_error_rate_n
from dinglehopper.edit_distance import distance
from dinglehopper.ocr_files import extract

args = sys.argv[1:]
level = "region"
if args[:1] == ["--textequiv-level"]:
    level, args = args[1], args[2:]
for gt_path, ocr_path in zip(args[0::2], args[1::2]):
    gt = extract(gt_path, textequiv_level=level, plain_encoding="utf-8")
    ocr = extract(ocr_path, textequiv_level=level, plain_encoding="utf-8")
    cer, n = character_error_rate_n(gt, ocr)
    print(json.dumps({
        "gt": gt_path, "ocr": ocr_path, "cer": None if math.isinf(cer) else cer, "n": n,
        "distance": distance(gt.grapheme_clusters, ocr.grapheme_clusters),
        "gt_text": gt.text, "ocr_text": ocr.text,
    }, ensure_ascii=False))
