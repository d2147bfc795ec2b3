#!/usr/bin/env bash
# `make bench`: measures everything in one sitting and writes Reports/BENCHMARKS.md.
#   profiles     bench/profiles.py      every engine × level × corpus: CER, images/s, RSS; the choice
#   ppocr-peer   bench/ppocr_peer.py    PP-OCR against faster-paddle and rapidocr, both levels, 3 corpora
#   recognition  bench/recognition.py   Tesseract against one process per image, scaling, memory
#   external     bench/external.py      what the external-engine protocol costs
#   ceilings     bench/ceilings.py      callgrind: where the instructions go, what the aims can reach
#   tategaki-sweep  Corpora/make_tategaki_sweep.py + bench/tategaki_sweep.py  vertical Japanese pages
#                nobody tuned for (issue 30): per shape mean, median, p90 and worst page CER at
#                accurate, beside Tesseract's jpn_vert; SWEEP_PAGES pages a shape (default 50)
#   scoring      bench/scoring.sh       edit distance against rapidfuzz
#   column-sweep bench/column_sweep.py  50 seeded column pages at accurate, PP-OCR beside Tesseract
#   notes        scanbench-bench notes  import of 1,000,000 records and search latency
#   serve        scanbench-bench serve  `notes serve` under 16 concurrent clients on a million notes,
#                scanbench-bench search its searches alone, CPU a query;
#                scanbench-bench serve-hostile  /api/notes/ID while 64 slow clients and two cold
#                100-megapixel thumbnails are in progress
# Environment: REPEATS (default 3), LARGE_MB (default 2048), SKIP (space-separated parts to leave out:
# what the file said of them is kept, under a line naming the sitting it came from).
set -euo pipefail
cd "$(dirname "$0")/.."
export OMP_THREAD_LIMIT=1

for tool in strace valgrind; do
  command -v "$tool" >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null; }
done
command -v /usr/bin/time >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; }

swift build -c release --product scanbench >&2
swift build -c release --product scanbench-bench >&2
bin=$(swift build -c release --show-bin-path)
skip=" ${SKIP:-} "
out=Reports/BENCHMARKS.md
tmp=$(mktemp)
# Performance is written by hand (the aims, what each lever bought): kept as it is, between its marks.
kept=$(sed -n '/^<!-- Written by hand/,/^<!-- (end of the part written by hand) -->$/p' "$out" 2>/dev/null || true)
trap 'rm -f "$tmp"' EXIT
# A part left out (SKIP) keeps what the file said of it, from its heading up to the heading that
# follows it in the file (awk regular expressions), under a line naming the sitting it came from:
# a partial sitting never drops figures, and never passes old ones off as its own. A part whose
# first line already says where it came from (taken by hand, or kept before) is kept as it is.
previous=$(sed -n 's/^Written by `make bench` (\([0-9-]*\), scanbench commit `\([^`]*\)`.*/\2 of \1/p' "$out" 2>/dev/null | head -1)
kept_part() { # part, first heading, heading that ends it
  local part=$1 from=$2 to=$3 text
  text=$(awk -v from="$from" -v to="$to" '
    $0 ~ from && !inside { inside = 1; print; next }
    inside && $0 ~ to { exit }
    inside { print }' "$out" 2>/dev/null || true)
  if [[ -z $text ]]; then
    # Under its own heading, so that the next sitting finds this line as the part's and does not
    # take it for the end of the part before it.
    printf '%s\n\n' "${from#^}"
    echo "_The $part part was left out of this sitting (SKIP) and no earlier figures were kept._"
    echo
  elif grep -q -e '^_Kept from the sitting of' -e '^_Not from a `make bench` sitting' \
    -e 'no earlier figures were kept\._$' <<<"$text"; then
    printf '%s\n\n' "$text"
  else
    printf '%s\n\n' "$(sed '1a\
\
_Kept from the sitting of commit '"${previous:-unknown}"': the '"$part"' part was left out of this one (SKIP)._' <<<"$text")"
  fi
}

{
  echo "# Benchmarks"
  echo
  echo "Written by \`make bench\` ($(date -u +%Y-%m-%d), scanbench commit \`$(git rev-parse --short HEAD)$(git diff --quiet || echo '+changes')\`,"
  echo "$(getconf _NPROCESSORS_ONLN) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(tesseract --version 2>&1 | head -1)). Performance, written by hand, weighs the figures"
  echo "against the aims; every figure after it comes from this one sitting$([[ -n ${SKIP:-} ]] && echo ", except the parts marked as kept from an earlier one (SKIP=\`${SKIP}\`)");"
  echo "timed commands ran ${REPEATS:-3} times and the median is shown (each engine × level × corpus and the PP-OCR peer: ${PROFILE_REPEATS:-1} and ${PEER_REPEATS:-1}). Reproduce with \`make bench\`."
  echo
  if [[ -n $kept ]]; then printf '%s\n\n' "$kept"; fi
  if [[ $skip != *" profiles "* ]]; then
    echo "## Engines and profiles"
    echo
    echo "Command: \`REPEATS=${PROFILE_REPEATS:-1} bench/profiles.py $bin/scanbench\`"
    echo
    REPEATS=${PROFILE_REPEATS:-1} python3 bench/profiles.py "$bin/scanbench"
  else kept_part profiles '^## Engines and profiles' '^## '
  fi
  if [[ $skip != *" ppocr-peer "* ]]; then
    echo "## PP-OCR against its peers"
    echo
    echo "Command: \`REPEATS=${PEER_REPEATS:-1} bench/ppocr_peer.py $bin/scanbench\`"
    echo
    REPEATS=${PEER_REPEATS:-1} python3 bench/ppocr_peer.py "$bin/scanbench"
  else kept_part ppocr-peer '^## PP-OCR against its peers' '^## '
  fi
  if [[ $skip != *" recognition "* ]]; then
    echo "## Tesseract"
    echo
    echo "Command: \`bench/recognition.py $bin/scanbench\`"
    echo
    python3 bench/recognition.py "$bin/scanbench"
  else kept_part recognition '^## Tesseract' '^(## |### Where the instructions go)'
  fi
  if [[ $skip != *" ceilings "* ]]; then
    echo "Command: \`bench/ceilings.py $bin/scanbench\`"
    echo
    python3 bench/ceilings.py "$bin/scanbench"
  else kept_part ceilings '^### Where the instructions go' '^## '
  fi
  if [[ $skip != *" external "* ]]; then
    python3 bench/external.py "$bin/scanbench"
  else kept_part external '^## External engines' '^## '
  fi
  if [[ $skip != *" tategaki-sweep "* ]]; then
    echo "## Vertical Japanese: the seeded sweep"
    echo
    sweep=$(mktemp -d)
    n=${SWEEP_PAGES:-50}
    echo "Command: \`python3 Corpora/make_tategaki_sweep.py --out DIR --per-shape $n\`, then each engine"
    echo "\`scanbench run DIR --level accurate --lang jpn_vert --ignore-whitespace\` and"
    echo "\`bench/tategaki_sweep.py\` (CER without whitespace, NFC)."
    echo
    /usr/bin/python3 Corpora/make_tategaki_sweep.py --out "$sweep/pages" --per-shape "$n" >&2
    "$bin/scanbench" run "$sweep/pages" --level accurate --lang jpn_vert --ignore-whitespace \
      --out "$sweep/ppocr.jsonl" >&2
    "$bin/scanbench" run "$sweep/pages" --level accurate --lang jpn_vert --ignore-whitespace \
      --engine tesseract --out "$sweep/tesseract.jsonl" >&2
    python3 bench/tategaki_sweep.py ppocr="$sweep/ppocr.jsonl" tesseract="$sweep/tesseract.jsonl"
    echo
    rm -rf "$sweep"
  else kept_part tategaki-sweep '^## Vertical Japanese: the seeded sweep' '^## '
  fi
  if [[ $skip != *" scoring "* ]]; then
    echo "## Scoring"
    echo
    echo "Command: \`bench/scoring.sh\`"
    echo
    bash bench/scoring.sh
  else kept_part scoring '^## Scoring' '^## '
  fi
  if [[ $skip != *" column-sweep "* ]]; then
    echo "## Column pages nobody tuned for"
    echo
    echo "Command: \`bench/column_sweep.py $bin/scanbench --count ${SWEEP_PAGES:-50} --seed 1\`"
    echo
    # Debian's python3: the generator draws with python3-pil (CORPORA_PACKAGES).
    /usr/bin/python3 bench/column_sweep.py "$bin/scanbench" --count "${SWEEP_PAGES:-50}" --seed 1
  else kept_part column-sweep '^## Column pages nobody tuned for' '^## '
  fi
  if [[ $skip != *" notes "* ]]; then
    echo "## Note database"
    echo
    "$bin/scanbench-bench" notes
  else echo "## Note database"; echo; kept_part notes '^### Import and search' '^(## |### `notes serve` under load)'
  fi
  if [[ $skip != *" serve "* ]]; then
    # The search benchmark runs the load benchmark's queries on its database, alone, in CPU time.
    serve_db=$(mktemp -d)
    "$bin/scanbench-bench" serve --db "$serve_db/notes.sqlite"
    "$bin/scanbench-bench" search --db "$serve_db/notes.sqlite"
    rm -rf "$serve_db"
    # 64 slow clients and two cold thumbnails of 100-megapixel photos, with the API asked meanwhile.
    "$bin/scanbench-bench" serve-hostile
  else kept_part serve '^### `notes serve` under load' '^## '
  fi
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "wrote $out" >&2
# nproc would answer 1 here: it honours OMP_THREAD_LIMIT, exported above.
grep -E '\*\*[0-9.]+×\*\*|parallel efficiency|Accurate → ' "$out" >&2 || true
