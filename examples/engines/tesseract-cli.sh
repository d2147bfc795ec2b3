#!/bin/sh
# A scanbench external engine over the `tesseract` command (Debian's tesseract-ocr), in shell: it
# speaks scanbench's JSON-lines protocol (docs/engines.md, "External engines") with jq.
#
#   scanbench run lines/ --engine command:'examples/engines/tesseract-cli.sh --psm 7 --dpi 300'
#
# Arguments are passed to every `tesseract` call (--psm, --dpi, --oem, --tessdata-dir, -c VAR=VALUE);
# the language comes from each request (scanbench's --lang). Each image is one `tesseract` process,
# which loads its model again: this compares the command with scanbench's own engine, it is not fast.
set -eu

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# The models the arguments choose: every .traineddata of the tessdata folder, by SHA-256.
tessdata=$(tesseract "$@" --list-langs 2>/dev/null \
  | sed -n 's/^List of available languages in "\(.*\)".*/\1/p')
models=$(for file in "${tessdata%/}"/*.traineddata; do
  [ -f "$file" ] && printf '%s\t%s\n' "$(basename "$file")" "$(sha256sum "$file" | cut -d' ' -f1)"
done | jq -R -s -c 'split("\n") | map(select(length > 0) | split("\t") | {(.[0]): .[1]}) | add // {}')
version=$(tesseract --version 2>&1 | sed -n '1s/^tesseract //p')
jq -n -c --arg version "$version" --argjson models "$models" \
  '{engine: "tesseract-cli", version: $version, models: $models}'

while IFS= read -r request; do
  id=$(printf '%s' "$request" | jq -r '.id')
  lang=$(printf '%s' "$request" | jq -r '.lang')
  boxes=$(printf '%s' "$request" | jq -r '.boxes')
  printf '%s' "$request" | jq -r '.image_png_base64' | base64 -d >"$tmp/image.png"
  # txt for the text, tsv for the confidences and boxes, from one recognition.
  if ! tesseract "$tmp/image.png" "$tmp/out" -l "$lang" "$@" txt tsv 2>"$tmp/stderr"; then
    jq -n -c --argjson id "$id" --rawfile message "$tmp/stderr" \
      '{id: $id, error: ("tesseract failed: " + $message)}'
    continue
  fi
  # TSV: level 4 rows are lines, level 5 rows words (conf -1 marks rows without text).
  jq -n -c --argjson id "$id" --argjson boxes "$boxes" \
    --rawfile text "$tmp/out.txt" --rawfile tsv "$tmp/out.tsv" '
    ($tsv | split("\n") | .[1:] | map(split("\t")) | map(select(length == 12))) as $rows
    | ($rows | map(select(.[0] == "5" and (.[10] | tonumber) >= 0 and (.[11] | length) > 0))) as $words
    | def box: {text: .[11], conf: (.[10] | tonumber), x: (.[6] | tonumber), y: (.[7] | tonumber),
        w: (.[8] | tonumber), h: (.[9] | tonumber)};
    {id: $id, text: ($text | rtrimstr("\f") | rtrimstr("\n\f")),
     confidence: (if ($words | length) > 0 then ($words | map(.[10] | tonumber) | add / length) else 0 end)}
    + (if $boxes then {words: ($words | map(box)),
        lines: ($rows | map(select(.[0] == "4")) | map(. as $line
          | ($words | map(select(.[2:5] == $line[2:5]))) as $in | select(($in | length) > 0)
          | $line | .[11] = ($in | map(.[11]) | join(" "))
          | .[10] = ($in | map(.[10] | tonumber) | add / length | tostring) | box))}
       else {} end)'
done
