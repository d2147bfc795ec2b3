#!/usr/bin/env bash
# `make report-check`: renders a report of a real run and loads it in headless Chromium, checking that
# its script ran without errors, that it references nothing outside the file, and keeping a screenshot.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SCRATCH=${SCRATCH:-.build}
SCREENSHOT=${SCREENSHOT:-Reports/report-screenshot.png}
VIEWER_SCREENSHOT=${VIEWER_SCREENSHOT:-Reports/report-viewer.png}

if ! command -v chromium >/dev/null 2>&1; then
  echo "report-check: installing chromium"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

"$SWIFT" build --scratch-path "$SCRATCH" --product scanbench
bin=$(realpath "$SCRATCH/debug/scanbench")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Five real receipts (photos of 240-530 KB: each must be shown, as a thumbnail when large) when the
# shared corpora are there, else the project's English lines.
receipts=${CORPORA:-../shared/corpora}/sroie-receipts
if [ -d "$receipts" ]; then
  input="$work/receipts.tar" options=(--case-fold)
  (cd "$receipts" && tar cf "$input" 110.jpg 110.gt.txt 111.jpg 111.gt.txt 112.jpg 112.gt.txt \
    113.jpg 113.gt.txt 114.jpg 114.gt.txt)
  images=5
else
  input=Corpora/eng-lines.tar.gz options=(--psm 7)
  images=1
fi
echo "report-check: recognizing $input (fast and accurate)"
# With --boxes: the full-size viewer draws each word and line.
OMP_THREAD_LIMIT=1 "$bin" run "$input" --level fast --boxes "${options[@]}" --out "$work/fast.jsonl" >/dev/null 2>&1 || [ $? -eq 1 ]
OMP_THREAD_LIMIT=1 "$bin" run "$input" --level accurate --boxes "${options[@]}" --out "$work/accurate.jsonl" >/dev/null 2>&1 || [ $? -eq 1 ]
# From another folder: the store names its inputs by absolute path, so the images are found.
(cd / && "$bin" report "$work/fast.jsonl" --compare "$work/accurate.jsonl" --html "$work/report.html")

failures=0
fail() { echo "report-check: FAIL: $*"; failures=$((failures + 1)); }

# Self-contained: no script, style sheet, font or image from elsewhere.
if grep -Eq '<script[^>]+src=|<link |src="https?:|url\(https?:|@import' "$work/report.html"; then
  fail "the report references something outside the file"
fi

browser=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run
  --disable-extensions --virtual-time-budget=5000)
"${browser[@]}" --enable-logging=stderr --v=0 --dump-dom "file://$work/report.html" \
  >"$work/dom.html" 2>"$work/console.txt" || fail "chromium could not load the report"
if grep -Eq 'Uncaught|SyntaxError|TypeError|ReferenceError' "$work/console.txt"; then
  grep -E 'Uncaught|SyntaxError|TypeError|ReferenceError' "$work/console.txt" | head -5
  fail "the page's script reported errors"
fi
grep -q 'id="report-status" data-ready="yes"' "$work/dom.html" || fail "the page's script did not finish (no ready marker)"
if grep -q 'data-script-errors=' "$work/dom.html"; then fail "the page counted script errors"; fi
grep -q 'class="pager"' "$work/dom.html" || fail "the tables were not paged"
grep -q 'WER (micro)' "$work/dom.html" || fail "the report shows no WER"
shown=$(grep -o '<img class="thumb"' "$work/dom.html" | wc -l)
[ "$shown" -ge "$images" ] || fail "only $shown of $images images are shown"
grep -q '<table class="sortable classes"' "$work/dom.html" || fail "the report has no table by character class"
grep -q 'id="hide-whitespace"' "$work/dom.html" || fail "the report has no whitespace toggle"

# The full-size viewer of the worst image (#view-1), with its boxes drawn.
"${browser[@]}" --dump-dom "file://$work/report.html#view-1" >"$work/viewer.html" 2>/dev/null ||
  fail "chromium could not open the viewer"
grep -q 'class="viewer"' "$work/viewer.html" || fail "the viewer did not open"
grep -q '<rect[^>]*class="line"' "$work/viewer.html" || fail "the viewer drew no line boxes"

mkdir -p "$(dirname "$SCREENSHOT")"
"${browser[@]}" --screenshot="$SCREENSHOT" --window-size=1280,2600 "file://$work/report.html" \
  >/dev/null 2>&1 || fail "chromium could not take the screenshot"
[ -s "$SCREENSHOT" ] || fail "no screenshot at $SCREENSHOT"
"${browser[@]}" --screenshot="$VIEWER_SCREENSHOT" --window-size=1280,900 "file://$work/report.html#view-1" \
  >/dev/null 2>&1 || fail "chromium could not take the viewer's screenshot"
[ -s "$VIEWER_SCREENSHOT" ] || fail "no screenshot at $VIEWER_SCREENSHOT"

size=$(wc -c <"$work/report.html")
if [ "$failures" -ne 0 ]; then
  echo "report-check: $failures failure(s)"
  exit 1
fi
echo "report-check: the report ($size bytes) loads cleanly in $(chromium --version 2>/dev/null | head -1); screenshots in $SCREENSHOT and $VIEWER_SCREENSHOT"
