#!/usr/bin/env python3
"""How far candidate recognizers read from a reference one (the float) over the same line crops:
a sensitivity pass for quantization, cheaper than reading whole corpora through the pipeline.

    rec_divergence.py REFERENCE.onnx DICT CROPS.tar[,CROPS.tar...] CANDIDATE.onnx ...

CROPS are tars of line images as models/region_crops.py writes them, resized to 48 pixels high as
models/quantize.py feeds its calibration (the pipeline's own crop is sampled from the page, so a
reading here can differ from the pipeline's by a character; both models see the same input, which is
what a comparison needs). Each candidate prints one line: the edits between its greedy CTC reading
and the reference's (summed over the crops), the spaces it lost and gained (lost spaces between words
are how int8 recognizers have failed on pages), the output columns whose best class differs, and
the mean over crops of the per-column KL divergence from the reference. `VERBOSE=1` also prints each
crop whose reading differs. ONNX Runtime on one thread, as the tool runs its recognizer.
"""
import io
import os
import sys
import tarfile

import numpy as np
import onnxruntime
from PIL import Image

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")


def crops(archives):
    """(name, input tensor) for each image of the tars, in name order: BGR planes at 48 pixels high,
    `(x / 255 − 0.5) / 0.5`, as quantize.py's recognition_inputs."""
    found = []
    for archive in archives.split(","):
        with tarfile.open(archive) as tar:
            members = sorted((m for m in tar.getmembers() if m.isfile() and m.name.lower().endswith(IMAGE_SUFFIXES)),
                             key=lambda m: m.name)
            for member in members:
                image = Image.open(io.BytesIO(tar.extractfile(member).read())).convert("RGB")
                width = max(8, min(1600, int(np.ceil(48 * image.width / image.height))))
                array = np.asarray(image.resize((width, 48), Image.BILINEAR), dtype=np.float32)[:, :, ::-1]
                found.append((member.name, ((array / 255.0 - 0.5) / 0.5).transpose(2, 0, 1)[None].copy()))
    return found


def session(path):
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    return onnxruntime.InferenceSession(path, options, providers=["CPUExecutionProvider"])


def greedy(probabilities, classes):
    """The CTC reading: each column's best class, repeats merged, blanks (class 0) dropped."""
    text, last = [], 0
    for best in probabilities.argmax(-1):
        if best != last and best != 0:
            text.append(classes[best])
        last = best
    return "".join(text)


def edit_distance(a, b):
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def main():
    if len(sys.argv) < 5:
        raise SystemExit(__doc__)
    reference_path, dictionary, archives = sys.argv[1:4]
    with open(dictionary, encoding="utf-8") as lines:
        # The recognizers' classes: the CTC blank, the dictionary's entries, the space.
        classes = ["<blank>"] + [line.rstrip("\n") for line in lines] + [" "]
    inputs = crops(archives)
    if not inputs:
        raise SystemExit(f"{archives}: no line images")
    reference = session(reference_path)
    name = reference.get_inputs()[0].name
    expected = [reference.run(None, {name: tensor})[0][0] for _, tensor in inputs]
    if expected[0].shape[-1] != len(classes):
        raise SystemExit(f"{reference_path} has {expected[0].shape[-1]} classes but {dictionary} gives {len(classes)}")
    readings = [greedy(p, classes) for p in expected]
    for candidate_path in sys.argv[4:]:
        candidate = session(candidate_path)
        edits = lost = gained = columns = differing = 0
        divergence = 0.0
        for (crop, tensor), p, reading in zip(inputs, expected, readings):
            q = candidate.run(None, {name: tensor})[0][0]
            read = greedy(q, classes)
            distance = edit_distance(reading, read)
            edits += distance
            lost += max(0, reading.count(" ") - read.count(" "))
            gained += max(0, read.count(" ") - reading.count(" "))
            differing += int((p.argmax(-1) != q.argmax(-1)).sum())
            columns += p.shape[0]
            divergence += float((p * (np.log(p + 1e-9) - np.log(q + 1e-9))).sum(-1).mean())
            if os.environ.get("VERBOSE") and distance:
                print(f"  {crop}: {reading!r} -> {read!r}")
        print(f"{os.path.basename(candidate_path)}\tedits {edits}\tspaces -{lost} +{gained}\t"
              f"columns {differing}/{columns}\tKL {divergence / len(inputs):.5f}\tcrops {len(inputs)}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
