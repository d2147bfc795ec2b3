#!/usr/bin/env python3
"""Makes an English copy of a PP-OCRv6 recognizer: its classifier cut down to the classes that
English text can be read with, and the dictionary that names them.

    restrict_classes.py SOURCE.onnx DICTIONARY.txt DEST.onnx DEST_DICTIONARY.txt

The recognizer ends in a `MatMul` (width × classes), an `Add` of the bias and a `Softmax` over the
classes; class 0 is the CTC blank, classes 1…n the dictionary's entries and class n + 1 the space.
Most of the classes are CJK ideographs, which an English reading never wants, yet every time step
of every crop pays for them in the product and the softmax. The copy keeps the blank, the entries
of KEPT (below) in the dictionary's order, and the space, so the decoder reads it with the new
dictionary exactly as it reads the original with its own; the softmax then spreads a column's
probability over the kept classes only.

The bytes depend only on the inputs and the pinned `onnx` (NumPy slices the weights exactly), so
the Makefile pins the outputs' SHA-256 as it does every made model.
"""

import argparse
import sys

import numpy as np
import onnx
from onnx import numpy_helper

# The entries kept: every one below U+2E80, where the CJK blocks begin (the same bound as the
# recognition cascade's CJK test): Latin with its extensions and IPA, Greek and Cyrillic, general
# punctuation, currency, letterlike forms, number forms, arrows, mathematical and technical symbols,
# boxes and shapes, dingbats. Fullwidth and halfwidth forms, kana, ideographs and emoji go.
FIRST_DROPPED = 0x2E80


def kept(entry):
    return all(ord(character) < FIRST_DROPPED for character in entry)


def read_dictionary(path):
    with open(path, encoding="utf-8", newline="") as file:
        text = file.read()
    entries = text.split("\n")
    if entries and entries[-1] == "":
        entries.pop()
    return [entry[:-1] if entry.endswith("\r") else entry for entry in entries]


def classifier(graph):
    """The classifier's MatMul and bias Add nodes, and the final Softmax, checked to be the
    recognizer's tail."""
    softmax = graph.node[-1]
    if softmax.op_type != "Softmax" or softmax.output[0] != graph.output[0].name:
        sys.exit(f"restrict_classes: the graph does not end in a Softmax (it ends in {softmax.op_type})")
    producers = {output: node for node in graph.node for output in node.output}
    node = producers[softmax.input[0]]
    while node.op_type == "Identity":
        node = producers[node.input[0]]
    if node.op_type != "Add":
        sys.exit(f"restrict_classes: the Softmax's input is made by {node.op_type} {node.name}, not the bias Add")
    add = node
    matmul = producers.get(add.input[0])
    if matmul is None or matmul.op_type != "MatMul":
        sys.exit(f"restrict_classes: the bias Add {add.name} does not follow a MatMul")
    return matmul, add


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source")
    parser.add_argument("dictionary")
    parser.add_argument("dest")
    parser.add_argument("dest_dictionary")
    arguments = parser.parse_args()

    model = onnx.load(arguments.source)
    graph = model.graph
    entries = read_dictionary(arguments.dictionary)
    matmul, add = classifier(graph)
    initializers = {initializer.name: initializer for initializer in graph.initializer}
    weight = initializers[matmul.input[1]]
    bias = initializers[add.input[1]]
    weights = numpy_helper.to_array(weight)
    biases = numpy_helper.to_array(bias)
    classes = len(entries) + 2
    if weights.shape[1] != classes or biases.shape != (classes,):
        sys.exit(
            f"restrict_classes: the classifier has {weights.shape[1]} classes, the dictionary "
            f"{len(entries)} entries (+ blank and space = {classes})")

    keep = [0] + [index + 1 for index, entry in enumerate(entries) if kept(entry)] + [classes - 1]
    kept_entries = [entries[index - 1] for index in keep[1:-1]]
    weight.CopyFrom(numpy_helper.from_array(np.ascontiguousarray(weights[:, keep]), weight.name))
    bias.CopyFrom(numpy_helper.from_array(np.ascontiguousarray(biases[keep]), bias.name))
    # Shapes recorded for the classifier's outputs still say the old class count.
    for value in list(graph.value_info) + list(graph.output):
        dims = value.type.tensor_type.shape.dim
        if dims and dims[-1].HasField("dim_value") and dims[-1].dim_value == classes:
            dims[-1].dim_value = len(keep)
    for prop in model.metadata_props:
        if prop.key == "character":
            prop.value = "\n".join(kept_entries)
    onnx.checker.check_model(model)
    onnx.save(model, arguments.dest)
    with open(arguments.dest_dictionary, "w", encoding="utf-8", newline="") as file:
        file.write("".join(entry + "\n" for entry in kept_entries))
    print(f"restrict_classes: {classes} classes to {len(keep)}", file=sys.stderr)


if __name__ == "__main__":
    main()
