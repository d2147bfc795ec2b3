#!/usr/bin/env python3
"""Makes int8 PP-OCRv6 models from the pinned float ones, with ONNX Runtime's quantization tool.

    quantize.py KIND SOURCE.onnx DEST.onnx [--calibration ARCHIVE ...]

KIND says how:
  dynamic-matmul   weights of MatMul/Gemm to int8, activations quantized at run time
                   (`quantize_dynamic`): deterministic, no calibration images.
  static-det       QDQ int8 (weights per channel, activations per tensor, ranges by MinMax over
                   calibration pages scaled as scanbench's detector sees them).
  static-rec       the same for a recognizer, over calibration line images at 48 pixels high.

Calibration images come from the project's own corpora (Corpora/*.tar.gz), read in the order of
their names; they are never the shared corpora the benchmarks score, so those stay held out.

Deterministic: the same inputs, the same pinned toolchain (models/quantize-requirements.txt) and
one ONNX Runtime thread give the same bytes; the Makefile pins each output's SHA-256. Prints
nothing on success but the output's path.
"""
import argparse
import io
import os
import sys
import tarfile
import tempfile

import numpy as np
import onnx
import onnx.version_converter
from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType,
                                      quantize_dynamic, quantize_static)
from onnxruntime.quantization.shape_inference import quant_pre_process
from PIL import Image

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")


def images(archives, limit):
    """RGB images of the archives' image members, by name, at most `limit`."""
    found = []
    for archive in archives:
        with tarfile.open(archive) as tar:
            members = sorted((m for m in tar.getmembers() if m.isfile() and m.name.lower().endswith(IMAGE_SUFFIXES)),
                             key=lambda m: m.name)
            for member in members:
                data = tar.extractfile(member).read()
                found.append(Image.open(io.BytesIO(data)).convert("RGB"))
    # Interleave the archives' images so that a limit keeps some of each.
    return found[:limit] if limit else found


def bgr_planes(image):
    """`(x / 255 − 0.5) / 0.5` on planes B, G, R, as scanbench's detector and recognizer read."""
    array = np.asarray(image, dtype=np.float32)[:, :, ::-1]
    return ((array / 255.0 - 0.5) / 0.5).transpose(2, 0, 1)[None].copy()


def detection_size(width, height, min_side=736, max_side=2000):
    """scanbench's detector input size (PPOCRPipeline.detectionSize), to the same multiples of 32."""
    scale = 1.0
    longer, shorter = max(width, height), min(width, height)
    if longer > max_side:
        scale = max_side / longer
    if shorter * scale < min_side:
        scale = min_side / shorter
    scale = min(scale, 4000 / longer)
    return tuple(max(32, int(round(int(side * scale) / 32)) * 32) for side in (width, height))


def output_nodes(model):
    """The nodes that make the graph's outputs: the recognizer's softmax over its dictionary, whose
    probabilities are the confidences (in int8 it also cost a fifth of the recognizer's time), and
    the detector's sigmoid map, stay in float."""
    outputs = {output.name for output in model.graph.output}
    return [node.name for node in model.graph.node if outputs & set(node.output)]


class Reader(CalibrationDataReader):
    def __init__(self, name, tensors):
        self.name, self.tensors = name, iter(tensors)

    def get_next(self):
        tensor = next(self.tensors, None)
        return None if tensor is None else {self.name: tensor}


def detection_inputs(archives):
    for image in images(archives, 12):
        width, height = detection_size(*image.size)
        yield bgr_planes(image.resize((width, height), Image.BILINEAR))


def recognition_inputs(archives):
    for image in images(archives, 120):
        width = max(8, min(1600, int(np.ceil(48 * image.width / image.height))))
        yield bgr_planes(image.resize((width, 48), Image.BILINEAR))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind", choices=["dynamic-matmul", "static-det", "static-rec"])
    parser.add_argument("source")
    parser.add_argument("dest")
    parser.add_argument("--calibration", nargs="*", default=[])
    arguments = parser.parse_args()
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    with tempfile.TemporaryDirectory() as work:
        # Per-channel QDQ (DequantizeLinear's `axis`) needs opset 13; the exports are opset 11 or 14.
        source = onnx.load(arguments.source)
        if source.opset_import[0].version < 13:
            source = onnx.version_converter.convert_version(source, 13)
        upgraded = os.path.join(work, "upgraded.onnx")
        onnx.save(source, upgraded)
        prepared = os.path.join(work, "prepared.onnx")
        # Shape inference and ONNX Runtime's basic graph optimizations (constant folding, Conv+BN),
        # so that the quantizer sees the operators that will run.
        quant_pre_process(upgraded, prepared, skip_symbolic_shape=True)
        output = os.path.join(work, "out.onnx")
        if arguments.kind == "dynamic-matmul":
            quantize_dynamic(prepared, output, op_types_to_quantize=["MatMul", "Gemm"], per_channel=False,
                             weight_type=QuantType.QInt8)
        else:
            if not arguments.calibration:
                raise SystemExit(f"{arguments.kind} needs --calibration archives")
            name = onnx.load(prepared, load_external_data=False).graph.input[0].name
            inputs = (detection_inputs if arguments.kind == "static-det" else recognition_inputs)(arguments.calibration)
            quantize_static(prepared, output, Reader(name, inputs), quant_format=QuantFormat.QDQ,
                            per_channel=True, activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8,
                            calibrate_method=CalibrationMethod.MinMax, nodes_to_exclude=output_nodes(onnx.load(prepared)),
                            extra_options={"CalibIntraOpNumThreads": 1, "CalibTensorRangeSymmetric": False})
        model = onnx.load(output)
        model.doc_string = f"int8 ({arguments.kind}) of {os.path.basename(arguments.source)}, made by scanbench's models/quantize.py"
        onnx.save(model, arguments.dest + ".part")
    os.replace(arguments.dest + ".part", arguments.dest)
    print(arguments.dest)


if __name__ == "__main__":
    sys.exit(main())
