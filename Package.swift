// swift-tools-version:6.0
import PackageDescription

// The layers, each a module, with dependencies running one way (README, "Layout"):
//
//   Support ← Scoring
//   Support ← Store ← Archive, Recognition (← its engines), Notes, Gate, Reports ← Runner ← Server ← scanbench
//
// Each C library is imported only by the module that owns it; an engine is one module over
// Recognition's seam, registered in ScanbenchEngines.
let package = Package(
  name: "scanbench",
  products: [
    .executable(name: "scanbench", targets: ["scanbench"])
  ],
  targets: [
    .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
    .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
    .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
    // zlib, libbz2, liblzma and libzstd, which libarchive links too: scanbench decodes compressed
    // archives itself, so that a cut keeps what came before it (ScanbenchArchive/DecompressingInput).
    .systemLibrary(
      name: "CCompression", providers: [.apt(["zlib1g-dev", "libbz2-dev", "liblzma-dev", "libzstd-dev"])]),
    .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
    .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),

    .target(name: "ScanbenchSupport"),
    // Pure Swift, no C imports: its tests build and run without the C libraries.
    .target(name: "ScanbenchScoring"),
    .target(name: "ScanbenchStore", dependencies: ["ScanbenchSupport", "ScanbenchScoring"]),
    .target(name: "ScanbenchArchive", dependencies: ["ScanbenchSupport", "CArchive", "CCompression"]),
    .target(
      name: "ScanbenchRecognition",
      dependencies: ["ScanbenchSupport", "ScanbenchStore", "CLeptonica", "CHeif", "CZBar"]),
    .target(
      name: "ScanbenchTesseract",
      dependencies: [
        "ScanbenchSupport", "ScanbenchStore", "ScanbenchRecognition", "CTesseract", "CLeptonica",
      ]),
    // Programs of the user's as engines, over a JSON-lines protocol (`--engine command:…`).
    .target(
      name: "ScanbenchExternal", dependencies: ["ScanbenchSupport", "ScanbenchStore", "ScanbenchRecognition"]),
    // The PP-OCR engine: ONNX Runtime loaded with dlopen (no headers are packaged), DB detection and
    // CTC recognition in Swift.
    .target(
      name: "ScanbenchPPOCR",
      dependencies: ["ScanbenchSupport", "ScanbenchStore", "ScanbenchRecognition", "CLeptonica"]),
    .target(name: "ScanbenchNotes", dependencies: ["ScanbenchSupport", "ScanbenchStore", "CSQLite"]),
    .target(name: "ScanbenchGate", dependencies: ["ScanbenchSupport", "ScanbenchStore"]),
    .target(
      name: "ScanbenchReports", dependencies: ["ScanbenchSupport", "ScanbenchStore", "ScanbenchScoring"]),
    .target(
      name: "ScanbenchRunner",
      dependencies: [
        "ScanbenchSupport", "ScanbenchScoring", "ScanbenchStore", "ScanbenchArchive", "ScanbenchRecognition",
        "ScanbenchReports",
      ]),
    .target(
      name: "ScanbenchEngines",
      dependencies: [
        "ScanbenchSupport", "ScanbenchStore", "ScanbenchRecognition", "ScanbenchTesseract",
        "ScanbenchPPOCR", "ScanbenchExternal",
      ]),
    // `notes serve`: the note database in a browser, on GNU libmicrohttpd; its style sheet and script
    // are files, compiled in.
    .target(
      name: "ScanbenchServer",
      dependencies: [
        "ScanbenchSupport", "ScanbenchScoring", "ScanbenchStore", "ScanbenchRecognition", "ScanbenchNotes",
        "ScanbenchReports", "ScanbenchRunner", "CMicroHTTPD",
      ],
      resources: [
        .embedInCode("Assets/serve.css"), .embedInCode("Assets/serve.js"), .embedInCode("Assets/icon.svg"),
      ]),
    .executableTarget(
      name: "scanbench",
      dependencies: [
        "ScanbenchSupport", "ScanbenchScoring", "ScanbenchStore", "ScanbenchArchive", "ScanbenchRecognition",
        "ScanbenchNotes", "ScanbenchGate", "ScanbenchReports", "ScanbenchRunner", "ScanbenchEngines",
        "ScanbenchServer",
      ],
      plugins: ["BuildInfo"]),
    // Writes the commit the binary is built from into it (`BuildCommit`).
    .plugin(name: "BuildInfo", capability: .buildTool()),
    // Micro-benchmarks that `make bench` runs; never part of the tests.
    .executableTarget(
      name: "scanbench-bench",
      dependencies: [
        "ScanbenchSupport", "ScanbenchScoring", "ScanbenchStore", "ScanbenchNotes", "ScanbenchServer",
      ]),
    // Measures the PP-OCR pipeline on a corpus folder (CER and images/s); not part of the tests.
    .executableTarget(name: "ppocr-eval", dependencies: ["ScanbenchPPOCR", "ScanbenchScoring"]),

    // Fixtures the test targets share: rendered pages, photos, records, temporary folders.
    .target(
      name: "ScanbenchTestSupport",
      dependencies: [
        "ScanbenchSupport", "ScanbenchStore", "ScanbenchArchive", "ScanbenchRecognition",
        "ScanbenchTesseract", "ScanbenchScoring", "ScanbenchNotes", "CLeptonica",
      ],
      path: "Tests/ScanbenchTestSupport"),
    .testTarget(name: "ScanbenchScoringTests", dependencies: ["ScanbenchScoring", "ScanbenchSupport"]),
    .testTarget(name: "ScanbenchSupportTests", dependencies: ["ScanbenchSupport"]),
    .testTarget(
      name: "ScanbenchStoreTests",
      dependencies: ["ScanbenchStore", "ScanbenchSupport", "ScanbenchScoring", "ScanbenchTestSupport"]),
    .testTarget(name: "ScanbenchArchiveTests", dependencies: ["ScanbenchArchive", "ScanbenchSupport"]),
    .testTarget(
      name: "ScanbenchRecognitionTests",
      dependencies: [
        "ScanbenchRecognition", "ScanbenchTesseract", "ScanbenchStore", "ScanbenchSupport",
        "ScanbenchScoring", "ScanbenchTestSupport", "CLeptonica",
      ]),
    .testTarget(
      name: "ScanbenchTesseractTests",
      dependencies: [
        "ScanbenchTesseract", "ScanbenchRecognition", "ScanbenchStore", "ScanbenchTestSupport", "CLeptonica",
      ]),
    .testTarget(
      name: "ScanbenchNotesTests",
      dependencies: ["ScanbenchNotes", "ScanbenchStore", "ScanbenchSupport", "CSQLite"]),
    .testTarget(
      name: "ScanbenchServerTests",
      dependencies: [
        "ScanbenchServer", "ScanbenchNotes", "ScanbenchStore", "ScanbenchSupport", "ScanbenchRecognition",
        "ScanbenchTestSupport",
      ]),
    .testTarget(
      name: "ScanbenchGateTests",
      dependencies: [
        "ScanbenchGate", "ScanbenchStore", "ScanbenchSupport", "ScanbenchScoring", "ScanbenchTestSupport",
      ]),
    .testTarget(
      name: "ScanbenchReportsTests",
      dependencies: [
        "ScanbenchReports", "ScanbenchRunner", "ScanbenchStore", "ScanbenchSupport", "ScanbenchScoring",
        "ScanbenchTestSupport",
      ]),
    .testTarget(
      name: "ScanbenchRunnerTests",
      dependencies: [
        "ScanbenchRunner", "ScanbenchNotes", "ScanbenchGate", "ScanbenchReports", "ScanbenchRecognition",
        "ScanbenchTesseract", "ScanbenchEngines", "ScanbenchStore", "ScanbenchArchive", "ScanbenchSupport",
        "ScanbenchScoring", "ScanbenchTestSupport",
      ]),
    .testTarget(
      name: "ScanbenchTests",
      dependencies: [
        "ScanbenchStore", "ScanbenchSupport", "ScanbenchScoring", "ScanbenchGate", "ScanbenchNotes",
        "ScanbenchArchive",
        "ScanbenchRecognition", "ScanbenchTesseract", "ScanbenchServer", "ScanbenchTestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ScanbenchPPOCRTests", dependencies: ["ScanbenchPPOCR", "ScanbenchScoring", "ScanbenchSupport"]),
    .testTarget(
      name: "ScanbenchExternalTests",
      dependencies: ["ScanbenchExternal", "ScanbenchRecognition", "ScanbenchStore", "ScanbenchTestSupport"],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
