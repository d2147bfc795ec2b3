#!/usr/bin/env python3
"""A float recognizer whose convolutions' biases cancel the mean error their int8 weights add, to be
quantized again with the same ranges (empirical bias correction of the weights).

    bias_correct.py PREPARED.onnx INT8.onnx CROPS.tar[,CROPS.tar...] OUT.onnx

PREPARED is the float model as models/quantize.py prepares it (BatchNorm folded into the
convolutions: the graph its ranges and node names refer to); INT8 a QDQ model quantize.py made from
it, whose per-channel int8 weights are read back. For each convolution quantized in INT8, the
mean of its input over the CROPS (line tars, models/region_crops.py's; the float model's activations)
gives the mean that the weights' rounding adds to each output channel, (W_int8 − W) · E[input]
summed over the kernel; OUT is PREPARED with that subtracted from the bias. The mean ignores the
zeros a padded border brings in. Then `quantize.py static-rec OUT.onnx ... --ranges-in` the same
ranges: the weights round as before, the biases (int32) carry the correction.
"""
import sys

import numpy as np
import onnx
import onnxruntime
from onnx import numpy_helper

from rec_divergence import crops


def int8_weights(model):
    """Each quantized Conv's weights as its DequantizeLinear gives them, by node name."""
    values = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    producer = {output: node for node in model.graph.node for output in node.output}
    weights = {}
    for node in model.graph.node:
        source = producer.get(node.input[1]) if node.op_type == "Conv" else None
        if source is None or source.op_type != "DequantizeLinear":
            continue
        quantized, scale, zero = (values[name] for name in source.input[:3])
        axis = next((a.i for a in source.attribute if a.name == "axis"), 1)
        shape = [1] * quantized.ndim
        shape[axis] = -1
        weights[node.name] = (quantized.astype(np.float32) - zero.reshape(shape).astype(np.float32)) * scale.reshape(shape)
    return weights


def input_means(prepared, tensors, archives):
    """Each tensor's mean per channel over the crops, as the float model computes it."""
    model = onnx.load(prepared)
    present = {output.name for output in model.graph.output}
    for tensor in tensors:
        if tensor not in present:
            model.graph.output.append(onnx.helper.make_tensor_value_info(tensor, onnx.TensorProto.FLOAT, None))
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    # The graph as prepared: its convolutions are the ones the int8 model quantized.
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
    session = onnxruntime.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
    names = [output.name for output in session.get_outputs()]
    input_name = session.get_inputs()[0].name
    sums, counts = {t: 0.0 for t in tensors}, {t: 0 for t in tensors}
    for _, tensor in crops(archives):
        results = dict(zip(names, session.run(None, {input_name: tensor})))
        for name in tensors:
            value = results[name]
            sums[name] = sums[name] + value.sum(axis=(0, 2, 3))
            counts[name] += value.shape[0] * value.shape[2] * value.shape[3]
    return {name: sums[name] / counts[name] for name in tensors}


def main():
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    prepared, int8, archives, out = sys.argv[1:5]
    model = onnx.load(prepared)
    initializers = {i.name: i for i in model.graph.initializer}
    quantized = int8_weights(onnx.load(int8))
    convolutions = [n for n in model.graph.node if n.op_type == "Conv" and n.name in quantized]
    if not convolutions:
        raise SystemExit(f"{int8}: no int8 convolution named as in {prepared}")
    means = input_means(prepared, sorted({n.input[0] for n in convolutions}), archives)
    for node in convolutions:
        weight = numpy_helper.to_array(initializers[node.input[1]])
        groups = next((a.i for a in node.attribute if a.name == "group"), 1)
        outputs, inputs = weight.shape[0], weight.shape[1]
        per_group = outputs // groups
        error = (quantized[node.name] - weight).sum(axis=(2, 3))
        mean = means[node.input[0]]
        shift = np.array([error[o] @ mean[(o // per_group) * inputs:(o // per_group + 1) * inputs]
                          for o in range(outputs)], dtype=np.float32)
        if len(node.input) > 2 and node.input[2]:
            bias = initializers[node.input[2]]
            bias.CopyFrom(numpy_helper.from_array(numpy_helper.to_array(bias) - shift, bias.name))
        else:
            name = node.name + ".bias_corrected"
            model.graph.initializer.append(numpy_helper.from_array(-shift, name))
            node.input.append(name)
    onnx.save(model, out)
    print(out)


if __name__ == "__main__":
    sys.exit(main())
