#!/usr/bin/env bash
# Scoring benchmark: scanbench's bit-parallel edit distance against rapidfuzz on the very same pairs.
#
# Makes a venv in .venv (git-ignored) with rapidfuzz, builds scanbench-bench in release, runs both
# sides, checks that every distance agrees exactly, and prints a Markdown section on stdout (build and
# install chatter goes to stderr). Exits 1 when a distance differs.
#
# Environment: SCRATCH_PATH (SwiftPM scratch folder, default .build), RAPIDFUZZ_VERSION (default 3.14.6),
# SEED (pair generator seed, default 2024).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${SCRATCH_PATH:-.build}
rapidfuzz_version=${RAPIDFUZZ_VERSION:-3.14.6}
seed=${SEED:-2024}

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv >&2
fi
if ! .venv/bin/python -c "import rapidfuzz, sys; sys.exit(rapidfuzz.__version__ != '$rapidfuzz_version')" 2>/dev/null; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check "rapidfuzz==$rapidfuzz_version" >&2
fi

swift build -c release --product scanbench-bench --scratch-path "$scratch" >&2
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/scanbench-bench"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" scoring --seed "$seed" --write-pairs "$work/pairs" >"$work/scanbench.json"
.venv/bin/python bench/rapidfuzz_bench.py "$work/pairs" >"$work/rapidfuzz.json"

.venv/bin/python - "$work/scanbench.json" "$work/rapidfuzz.json" <<'PY'
import json
import sys

with open(sys.argv[1]) as file:
    scanbench = json.load(file)
with open(sys.argv[2]) as file:
    rapidfuzz = json.load(file)
theirs = {pair["length"]: pair for pair in rapidfuzz["pairs"]}

print("### Edit distance against rapidfuzz")
print()
print(
    f"Seeded OCR-like pairs (seed {scanbench['seed']}, 2–5 % random edits), counted in code points; "
    f"medians of repeated runs. `EditDistance.distance` on `[Int32]` against "
    f"rapidfuzz {rapidfuzz['rapidfuzz']} `Levenshtein.distance` on `str` (Python {rapidfuzz['python']})."
)
print()
print("| length | scanbench ms | rapidfuzz ms | ratio | distances equal |")
print("|---:|---:|---:|---:|:---|")
all_equal = True
for pair in scanbench["pairs"]:
    other = theirs.get(pair["length"])
    if other is None:
        all_equal = False
        print(f"| {pair['length']:,} | {pair['distance_ms_median']:.4f} | – | – | no rapidfuzz result |")
        continue
    equal = pair["distance"] == other["distance"]
    all_equal = all_equal and equal
    ratio = pair["distance_ms_median"] / other["distance_ms_median"] if other["distance_ms_median"] else float("nan")
    verdict = f"yes ({pair['distance']:,})" if equal else f"**no** ({pair['distance']:,} vs {other['distance']:,})"
    print(
        f"| {pair['length']:,} | {pair['distance_ms_median']:.4f} | {other['distance_ms_median']:.4f} "
        f"| {ratio:.2f}× | {verdict} |"
    )
align = scanbench["align"]
print()
print(
    f"`Scorer.align` on the {align['length']:,} pair: {align['align_ms']:.0f} ms, "
    f"{align['operations']:,} operations ({align['substitutions']:,} S / {align['insertions']:,} I / "
    f"{align['deletions']:,} D); peak RSS {align['peak_rss_mb']:.1f} MB "
    f"({align['rss_before_mb']:.1f} MB before it). `Scorer.score` on the same pair: {align['score_ms']:.0f} ms."
)
print()
print("Ratio = scanbench time / rapidfuzz time (below 1 is faster).")
sys.exit(0 if all_equal else 1)
PY
