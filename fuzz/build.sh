#!/usr/bin/env bash
# Builds the libFuzzer targets (with AddressSanitizer) into .build-fuzz/: each is the library sources
# it needs compiled together with its entry point in Tests/Fuzz/Targets, so no Package.swift target
# is needed. Usage: fuzz/build.sh [target...]   (targets: entry-name ground-truth store archive photo-metadata)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-fuzz
mkdir -p "$out"
core=Sources/ScanbenchCore

sources_for() {
  case "$1" in
    entry-name) echo "$core/Archive/EntryName.swift $core/Archive/SHA256.swift Tests/Fuzz/Targets/EntryNameFuzzer.swift" ;;
    ground-truth) echo "$core/Archive/GroundTruthDecoder.swift Tests/Fuzz/Targets/GroundTruthFuzzer.swift" ;;
    store) echo "$core/Store/StoreReader.swift $core/Store/StoreWriter.swift $core/Store/ResultRecord.swift Tests/Fuzz/Targets/StoreFuzzer.swift" ;;
    archive) echo "$core/Archive/ArchiveReader.swift $core/Archive/ArchiveError.swift $core/Archive/EntrySource.swift $core/Archive/FolderReader.swift $core/Archive/EntryName.swift $core/Archive/SHA256.swift Tests/Fuzz/Targets/ArchiveFuzzer.swift" ;;
    photo-metadata) echo "$core/Recognition/ExifOrientation.swift $core/Recognition/HeifContainer.swift Tests/Fuzz/Targets/PhotoMetadataFuzzer.swift" ;;
    *) echo "unknown fuzz target '$1' (entry-name ground-truth store archive photo-metadata)" >&2; exit 64 ;;
  esac
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(entry-name ground-truth store archive photo-metadata)
for target in "${targets[@]}"; do
  echo "fuzz: building $out/$target"
  # shellcheck disable=SC2046 # the source list is meant to split into words
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name ScanbenchFuzz \
    -I Sources/CArchive $(sources_for "$target") -o "$out/$target" 2>&1 \
    | { grep -v "Cannot export local symbol '__asan" || true; }
  test -x "$out/$target"
done
