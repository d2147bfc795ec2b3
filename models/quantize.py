#!/usr/bin/env python3
"""Makes int8 PP-OCRv6 models from the pinned float ones, with ONNX Runtime's quantization tool.

    quantize.py KIND SOURCE.onnx DEST.onnx --calibration ARCHIVE ... [recipe options]

KIND says how:
  dynamic-matmul   weights of MatMul/Gemm to int8, activations quantized at run time
                   (`quantize_dynamic`): no calibration images.
  static-det       static int8 (weights int8, activations uint8, ranges from calibration pages
                   scaled as scanbench's detector sees them).
  static-rec       the same for a recognizer, over calibration line images at 48 pixels high.

The recipe (defaults: the Makefile's models) is `--method` (how activation ranges are chosen),
`--format` (QDQ pairs or QOperator nodes), `--per-tensor` (weights per tensor, not per output
channel) and `--float` (nodes left in float: the graph's output layers always; see FLOAT_GROUPS; a
block FIRST..LAST is every node between two named ones in the graph's order after the preparation
below, e.g. `Conv.35..Add.120` for the small detector's _mixed copy).

Calibration images come from the project's own corpora (Corpora/*.tar.gz), read in the order of
their names; they are never the shared corpora the benchmarks score, so those stay held out.

Reproducible bytes: weights are quantized by NumPy, exactly. Activation ranges come from running
the float model, whose last bits depend on the kernels ONNX Runtime picks for the CPU; each range is
therefore widened outwards to a grid of RANGE_BITS significant bits of its tensor's magnitude (at
most 1/16 of it at each end), so that another CPU's ranges give the same file unless one moved across
a grid line. Measured here: calibrating with ONNX Runtime's other kernels (all graph optimizations,
NCHWc convolutions) moved bounds by 1e-7 of their tensor's magnitude at the median and 1.3e-4 at
worst, and none across the grid (of the 94 and 101 tensors both graphs have); a CPU on which ONNX
Runtime picks the same kernels computes the same bits. Likely, then, not certain: the Makefile
pins each output's SHA-256, and on a mismatch compares the ranges (`--ranges-out`, text, one
tensor a line) with those of the machine that pinned it (models/ranges/). `--ranges-in` makes the
model from such a file instead of calibrating. Prints nothing on success but the output's path.
"""
import argparse
import io
import math
import os
import sys
import tarfile
import tempfile

import numpy as np
import onnx
import onnx.version_converter
from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType,
                                      quantize_dynamic, quantize_static)
from onnxruntime.quantization.calibrate import (TensorData, TensorsData, create_calibrator, save_tensors_data)
from onnxruntime.quantization.shape_inference import quant_pre_process
from PIL import Image

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")
RANGE_BITS = 5
METHODS = {"minmax": CalibrationMethod.MinMax, "entropy": CalibrationMethod.Entropy,
           "percentile": CalibrationMethod.Percentile}
FORMATS = {"qdq": QuantFormat.QDQ, "qoperator": QuantFormat.QOperator}


def images(archives, limit):
    """Grayscale-or-colour images of the archives' image members as RGB, by name, at most `limit`."""
    found = []
    for archive in archives:
        with tarfile.open(archive) as tar:
            members = sorted((m for m in tar.getmembers() if m.isfile() and m.name.lower().endswith(IMAGE_SUFFIXES)),
                             key=lambda m: m.name)
            for member in members:
                data = tar.extractfile(member).read()
                found.append(Image.open(io.BytesIO(data)).convert("RGB"))
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


def output_nodes(model):
    """The nodes that make the graph's outputs: the recognizer's softmax over its dictionary, whose
    probabilities are the confidences (in int8 it also cost a fifth of the recognizer's time), and
    the detector's sigmoid map."""
    outputs = {output.name for output in model.graph.output}
    return [node.name for node in model.graph.node if outputs & set(node.output)]


def weighted(model, op_type):
    """Nodes of `op_type` whose second input is a weight (an initializer), in graph order."""
    initializers = {i.name for i in model.graph.initializer}
    return [n for n in model.graph.node if n.op_type == op_type and len(n.input) > 1 and n.input[1] in initializers]


# Named groups of nodes `--float` may leave in float, besides op types and node names.
FLOAT_GROUPS = {
    # The convolution that reads the image, and the last one before the output.
    "first-conv": lambda model: [weighted(model, "Conv")[0].name],
    "last-conv": lambda model: [(weighted(model, "Conv") + weighted(model, "ConvTranspose"))[-1].name],
    # The recognizer's classifier: the last product with a weight (features × dictionary).
    "head": lambda model: [weighted(model, "MatMul")[-1].name],
    # Products of two activations (attention's Q·Kᵀ and A·V) and the softmax between them.
    "attention": lambda model: [n.name for n in model.graph.node
                                if (n.op_type == "MatMul" and n not in weighted(model, "MatMul"))
                                or (n.op_type == "Softmax" and n.name not in output_nodes(model))],
}


def float_nodes(model, specs):
    """Names of the nodes `specs` (groups, op types or node names) leave in float, with the outputs'."""
    names = set(output_nodes(model))
    known = {n.name for n in model.graph.node}
    op_types = {n.op_type for n in model.graph.node}
    for spec in specs:
        if spec in FLOAT_GROUPS:
            names.update(FLOAT_GROUPS[spec](model))
        elif spec in op_types:
            names.update(n.name for n in model.graph.node if n.op_type == spec)
        elif spec in known:
            names.add(spec)
        elif ".." in spec and all(end in known for end in spec.split("..", 1)):
            # A block: every node from the first named to the last, in the prepared graph's order.
            first, last = spec.split("..", 1)
            order = [n.name for n in model.graph.node]
            if order.index(last) < order.index(first):
                raise SystemExit(f"--float {spec}: {last} comes before {first} in the graph")
            names.update(order[order.index(first):order.index(last) + 1])
        else:
            raise SystemExit(f"--float {spec}: neither a group ({', '.join(FLOAT_GROUPS)}), an op type, a node nor FIRST..LAST")
    return sorted(names)


def grid_step(lowest, highest, bits=RANGE_BITS):
    """The grid's step for a tensor: `bits` significant bits of its larger bound's magnitude. A float
    kernel's error scales with the tensor's values, not with each bound's own size, so a bound near
    zero (a range of −8e-5 … 3.9) shares its tensor's step instead of one a thousand times finer."""
    magnitude = max(abs(lowest), abs(highest))
    if not (0 < magnitude < math.inf):
        return None
    return 2.0 ** (math.floor(math.log2(magnitude)) - bits + 1)


def calibrate(prepared, inputs, name, method, percentile, work):
    """Every activation's range over the calibration inputs, as the float model computed it."""
    # The histogram methods see each tensor's values on both sides of zero (uint8 activations).
    options = {"minmax": {}, "entropy": {"symmetric": False},
               "percentile": {"percentile": percentile, "symmetric": False}}[method]
    calibrator = create_calibrator(prepared, [], augmented_model_path=os.path.join(work, "augmented.onnx"),
                                   calibrate_method=METHODS[method], extra_options=options)
    if method == "minmax":
        calibrator.collect_data(Reader(name, inputs))
    else:
        # The histogram methods stack each tensor's values over the inputs of one call, which lines
        # of different widths cannot be: one input a call, merged into the histograms as they go.
        for tensor in inputs:
            calibrator.collect_data(Reader(name, [tensor]))
    ranges = {tensor: TensorData(lowest=np.float32(np.asarray(data.range_value[0]).item()),
                                 highest=np.float32(np.asarray(data.range_value[1]).item()))
              for tensor, data in calibrator.compute_data().items()}
    return TensorsData(METHODS[method], dict(sorted(ranges.items())))


def widen(ranges):
    """The ranges widened outwards to their grid (`grid_step`), to be the same on other CPUs."""
    widened = {}
    for tensor, data in ranges.items():
        lowest, highest = float(np.asarray(data.lowest).item()), float(np.asarray(data.highest).item())
        step = grid_step(lowest, highest)
        if step is not None:
            lowest, highest = math.floor(lowest / step) * step, math.ceil(highest / step) * step
        widened[tensor] = TensorData(lowest=np.float32(lowest), highest=np.float32(highest))
    return TensorsData(ranges.calibration_method, widened)


def write_ranges(ranges, path):
    """The ranges as text, one tensor a line (name, lowest, highest as calibrated, then as widened),
    so that two machines' files compare with `diff`."""
    grid = widen(ranges)
    with open(path, "w") as out:
        out.write(f"# tensor lowest highest widened-lowest widened-highest (grid of {RANGE_BITS} significant bits)\n")
        for tensor, data in ranges.items():
            if len(tensor.split()) != 1:
                raise SystemExit(f"tensor {tensor!r}: a name with spaces cannot be written to {path}")
            values = (data.lowest, data.highest, grid[tensor].lowest, grid[tensor].highest)
            out.write(" ".join([tensor] + [repr(float(np.asarray(v).item())) for v in values]) + "\n")


def read_ranges(path, method):
    """Ranges as calibrated from a file `write_ranges` wrote."""
    ranges = {}
    with open(path) as lines:
        for line in lines:
            if line.strip() and not line.startswith("#"):
                tensor, lowest, highest = line.split()[:3]
                ranges[tensor] = TensorData(lowest=np.float32(lowest), highest=np.float32(highest))
    return TensorsData(METHODS[method], ranges)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind", choices=["dynamic-matmul", "static-det", "static-rec"])
    parser.add_argument("source")
    parser.add_argument("dest")
    parser.add_argument("--calibration", nargs="*", default=[])
    parser.add_argument("--method", choices=sorted(METHODS), default="minmax")
    parser.add_argument("--percentile", type=float, default=99.999)
    parser.add_argument("--format", choices=sorted(FORMATS), default="qdq")
    parser.add_argument("--per-tensor", action="store_true", help="weights per tensor, not per channel")
    parser.add_argument("--reduce-range", action="store_true",
                        help="weights in 7 bits (-64..63), so that two products of a uint8 activation and a weight "
                             "add up within 16 bits, as ONNX Runtime's AVX2 kernels without VNNI add them")
    parser.add_argument("--weights", choices=["int8", "uint8"], default="int8",
                        help="the weights' type (uint8: ONNX Runtime's uint8×uint8 kernels, which widen to 16 bits "
                             "before adding)")
    parser.add_argument("--float", nargs="*", default=[], metavar="NODES",
                        help=f"groups ({', '.join(FLOAT_GROUPS)}), op types, node names or blocks FIRST..LAST "
                             "(the nodes between two named ones, in graph order) left in float")
    parser.add_argument("--ranges-out", help="also write the activation ranges here, as calibrated and widened (text)")
    parser.add_argument("--ranges-in", help="take the activation ranges from such a file, not calibration")
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
            model = onnx.load(prepared)
            if arguments.ranges_in:
                ranges = read_ranges(arguments.ranges_in, arguments.method)
            elif arguments.calibration:
                inputs = (detection_inputs if arguments.kind == "static-det" else recognition_inputs)(
                    arguments.calibration)
                ranges = calibrate(prepared, inputs, model.graph.input[0].name, arguments.method,
                                   arguments.percentile, work)
            else:
                raise SystemExit(f"{arguments.kind} needs --calibration archives")
            if arguments.ranges_out:
                write_ranges(ranges, arguments.ranges_out)
            ranges_file = os.path.join(work, "ranges.json")
            save_tensors_data(widen(ranges), ranges_file)
            # The ranges are handed over as ONNX Runtime's calibration cache, so that it uses them
            # as they are instead of calibrating again.
            quantize_static(prepared, output, None, quant_format=FORMATS[arguments.format],
                            per_channel=not arguments.per_tensor, reduce_range=arguments.reduce_range,
                            activation_type=QuantType.QUInt8,
                            weight_type=QuantType.QUInt8 if arguments.weights == "uint8" else QuantType.QInt8, calibrate_method=METHODS[arguments.method],
                            calibration_cache_path=ranges_file,
                            nodes_to_exclude=float_nodes(model, arguments.float),
                            extra_options={"CalibTensorRangeSymmetric": False})
        model = onnx.load(output)
        model.doc_string = f"int8 ({arguments.kind}) of {os.path.basename(arguments.source)}, made by scanbench's models/quantize.py"
        onnx.save(model, arguments.dest + ".part")
    os.replace(arguments.dest + ".part", arguments.dest)
    print(arguments.dest)


if __name__ == "__main__":
    sys.exit(main())
