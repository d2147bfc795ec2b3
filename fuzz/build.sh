#!/usr/bin/env bash
# Builds the libFuzzer targets (with AddressSanitizer) into .build-fuzz/: each is the library sources
# it needs compiled together with its entry point in Tests/Fuzz/Targets, as one module (copies with
# the project's `import Scanbench…` lines taken out), so no Package.swift target is needed. Usage: fuzz/build.sh [target...]   (targets: entry-name ground-truth store archive photo-metadata external-protocol documents baseline http-request)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-fuzz
mkdir -p "$out"
src=Sources
support="$src/ScanbenchSupport/EntryName.swift $src/ScanbenchSupport/SHA256.swift $src/ScanbenchSupport/JSONText.swift \
  $src/ScanbenchSupport/PixelRange.swift $src/ScanbenchSupport/CheckedConversion.swift"
store="$src/ScanbenchStore/StoreReader.swift $src/ScanbenchStore/StoreWriter.swift $src/ScanbenchStore/ResultRecord.swift \
  $src/ScanbenchStore/ResultRecord+Orientation.swift $src/ScanbenchStore/ResultRecord+Ranges.swift \
  $src/ScanbenchSeam/EngineIdentity.swift $src/ScanbenchSeam/TextLayout.swift $src/ScanbenchSeam/Barcode.swift \
  $src/ScanbenchSeam/PageOrientation.swift"

sources_for() {
  case "$1" in
    entry-name) echo "$support Tests/Fuzz/Targets/EntryNameFuzzer.swift" ;;
    ground-truth) echo "$src/ScanbenchArchive/GroundTruthDecoder.swift Tests/Fuzz/Targets/GroundTruthFuzzer.swift" ;;
    store) echo "$support $store Tests/Fuzz/Targets/StoreFuzzer.swift" ;;
    archive) echo "$(ls $src/ScanbenchArchive/*.swift) $support $src/ScanbenchSupport/Shard.swift $src/ScanbenchSupport/FileKind.swift Tests/Fuzz/Targets/ArchiveFuzzer.swift" ;;
    external-protocol) echo "$support $store $src/ScanbenchExternal/ExternalProtocol.swift Tests/Fuzz/Targets/ExternalProtocolFuzzer.swift" ;;
    documents) echo "$(ls $src/ScanbenchDocuments/*.swift) Tests/Fuzz/Targets/DocumentFuzzer.swift" ;;
    # The store's Barcode.swift only names the seam's type (ScanbenchSeam.Barcode), which is the
    # same module here: left out.
    baseline) echo "$(ls $src/ScanbenchSupport/*.swift $src/ScanbenchSeam/*.swift $src/ScanbenchStore/*.swift \
      | grep -v ScanbenchStore/Barcode.swift) \
      $(find $src/ScanbenchScoring -name '*.swift') $src/ScanbenchGate/Baseline.swift Tests/Fuzz/Targets/BaselineFuzzer.swift" ;;
    photo-metadata) echo "$src/ScanbenchRecognition/ExifOrientation.swift $src/ScanbenchRecognition/ExifCaptureDate.swift \
      $src/ScanbenchSupport/CaptureDate.swift $src/ScanbenchRecognition/HeifContainer.swift Tests/Fuzz/Targets/PhotoMetadataFuzzer.swift" ;;
    http-request) echo "$src/ScanbenchServer/HTTP/HTTPServer.swift $src/ScanbenchServer/HTTP/SocketAddress.swift \
      Tests/Fuzz/Targets/HTTPRequestFuzzer.swift" ;;
    *) echo "unknown fuzz target '$1' (entry-name ground-truth store archive photo-metadata external-protocol documents baseline http-request)" >&2; exit 64 ;;
  esac
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(entry-name ground-truth store archive photo-metadata external-protocol documents baseline http-request)
# FUZZ_OPT=Onone builds faster (make test's short pass); the long runs of `make fuzz` use -O. A
# target whose sources are all older than its binary, built with the same flags, is not rebuilt.
opt=${FUZZ_OPT:-O}
# Each target is one swiftc process, on one core: two at a time (the machines that run make test have
# two or more cores), and the script fails if any of them did.
build_target() {
  local target=$1 sources stage
  sources=$(sources_for "$target")
  if [ -x "$out/$target" ] && [ "$(cat "$out/$target.flags" 2>/dev/null)" = "$opt" ] \
    && [ -z "$(find $sources fuzz/build.sh -newer "$out/$target" 2>/dev/null)" ]; then
    echo "fuzz: $out/$target is up to date"
    return 0
  fi
  echo "fuzz: building $out/$target (-$opt)"
  stage="$out/sources-$target"
  rm -rf "$stage" && mkdir -p "$stage"
  for file in $sources; do sed '/^import Scanbench/d' "$file" >"$stage/$(basename "$file")"; done
  swiftc -sanitize=fuzzer,address -parse-as-library -enable-bare-slash-regex -"$opt" -g -module-name ScanbenchFuzz -package-name scanbench \
    -I Sources/CArchive -I Sources/CCompression -I Sources/CXML2 -I Sources/CMicroHTTPD -Xcc -I/usr/include/libxml2 \
    "$stage"/*.swift -o "$out/$target" 2>&1 \
    | { grep -v "Cannot export local symbol '__asan" || true; }
  test -x "$out/$target"
  echo "$opt" >"$out/$target.flags"
}

jobs=${FUZZ_BUILD_JOBS:-2}
pids=()
status=0
for target in "${targets[@]}"; do
  sources_for "$target" >/dev/null || exit 64
  build_target "$target" &
  pids+=($!)
  if [ ${#pids[@]} -ge "$jobs" ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
