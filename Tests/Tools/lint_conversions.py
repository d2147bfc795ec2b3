#!/usr/bin/env python3
"""make lint's rule against unchecked floating-point to integer conversions in Sources/.

Swift traps (SIGILL) on `Int(x)` when the Double x is NaN, infinite or out of Int's range: a PDF
page 3e18 points wide did that. Every such conversion goes through ScanbenchSupport's checked ones
(`Int(saturating:)`, `Int(checkedRounding:)`) instead. swift-format has no custom rules and the
compiler offers no hook, so this rule reads the text: an integer initializer whose only, unlabelled
argument looks floating point (a float literal, `rounded()`, `floor`/`ceil`/`sqrt`/`log`/`pow`,
`Double(`/`Float(`, `.pi`, a name declared `Double` or `Float`, or a tuple of float literals, in the
same file) is refused. A line may say `// lint: integer` with a reason where the argument is known to be
in range and finite. Usage: lint_conversions.py DIR...; exit 1 with `file:line: …` for each finding.
"""
import re
import sys
from pathlib import Path

INTEGER = r"\b(?:Int|Int8|Int16|Int32|Int64|UInt|UInt8|UInt16|UInt32|UInt64)\("
FLOATING = re.compile(
    r"\d\.\d|\d[eE][-+]?\d|\.rounded\b|\brounded\(|\b(?:floor|ceil|round|trunc|sqrt|log2?|log10|pow|exp)\("
    r"|\bDouble\(|\bFloat\(|\bCGFloat\(|\.pi\b|\.squareRoot\(|\.truncatingRemainder\(|\.magnitude\b.*\bDouble"
    r"|\bTimeInterval\b|\.timeIntervalSince|\.uptimeNanoseconds\s*\)\s*/")
DECLARED = re.compile(r"\b(?:let|var)\s+(\w+)\s*(?::\s*(?:Double|Float|CGFloat|TimeInterval)\b|=\s*[-+]?\d+\.\d)")
PARAMETER = re.compile(r"\b(\w+)\s*:\s*(?:Double|Float|CGFloat|TimeInterval)\b")
TUPLE = re.compile(r"\b(?:let|var)\s+(\w+)\s*=\s*\(\s*\w+\s*:\s*[-+]?\d+\.\d")


def argument(text, start):
    """The text between the parenthesis at `start` and its match, or None when unbalanced."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1:index]
    return None


def findings(path):
    text = path.read_text(encoding="utf-8")
    floating_names = set(DECLARED_NAMES(text))
    lines = text.split("\n")
    for match in re.finditer(INTEGER, text):
        inner = argument(text, match.end() - 1)
        if inner is None or re.match(r"\s*\w+\s*:", inner) or not inner.strip():
            continue  # labelled: exactly:, clamping:, truncatingIfNeeded:, bitPattern:, saturating: …
        line_number = text.count("\n", 0, match.start()) + 1
        if "// lint: integer" in lines[line_number - 1]:
            continue
        words = set(re.findall(r"\b[A-Za-z_]\w*\b", inner))
        if "trimmingCharacters" in inner or inner.lstrip().startswith('"'):
            continue  # a String's number: Int("12") returns nil, it cannot trap
        if FLOATING.search(inner) or (words & floating_names):
            yield f"{path}:{line_number}: unchecked conversion to an integer: {match.group(0)}{inner.strip()[:70]}) " \
                "(use Int(saturating:) or Int(checkedRounding:) from ScanbenchSupport; see Tests/Tools/lint_conversions.py)"


def DECLARED_NAMES(text):
    for match in DECLARED.finditer(text):
        yield match.group(1)
    for match in PARAMETER.finditer(text):
        yield match.group(1)
    for match in TUPLE.finditer(text):
        yield match.group(1)


def main():
    problems = []
    for folder in sys.argv[1:] or ["Sources"]:
        for path in sorted(Path(folder).rglob("*.swift")):
            if path.name == "CheckedConversion.swift":
                continue  # the checked conversions themselves
            problems.extend(findings(path))
    for problem in problems:
        print(problem)
    if problems:
        print(f"lint_conversions: {len(problems)} unchecked floating-point to integer conversion(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
