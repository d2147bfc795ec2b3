// swift-tools-version:6.0
import PackageDescription

// Each folder of Sources/ is a module, with dependencies running one way: each line below is a
// module (without its Scanbench prefix) and what it imports, lowest first; after | the C libraries
// it owns, imported by it alone. An engine is one module over Recognition's seam, declaring its own
// catalog entry, and one line in ScanbenchEngines (docs/contributing.md, "Adding an engine").
//
// The layers, drawn from LayeringTests.layers (docs/contributing.md, "Layout"):
//   CommandLine     (nothing)
//   Documents       (nothing) | CXML2
//   Scoring         (nothing)
//   Support         (nothing)
//   Archive         ← Support | CArchive CCompression
//   Seam            ← Support
//   Recognition     ← Support Seam | CHeif CLeptonica CPoppler CZBar
//   Store           ← Scoring Support Seam
//   External        ← Support Seam Recognition
//   Gate            ← Support Seam Store
//   Notes           ← Support Seam Store | CSQLite
//   PPOCR           ← Seam Recognition
//   Reports         ← Scoring Support Seam Store
//   Tesseract       ← Support Seam Recognition | CLeptonica CTesseract
//   Engines         ← Recognition External PPOCR Tesseract
//   Runner          ← Documents Scoring Support Archive Seam Recognition Store Reports
//   ppocr-eval      ← Scoring PPOCR
//   Server          ← Scoring Support Recognition Store Notes Reports Runner | CMicroHTTPD
//   scanbench       ← CommandLine Documents Scoring Support Archive Recognition Store Gate Notes
//                     Reports Engines Runner Server
//   scanbench-bench ← Scoring Support Seam Store Notes Server
// (end of the layers)

/// The modules whose own Swift code does the per-pixel and per-character work (image sampling, DB
/// detection's post-processing, CTC decoding, the edit distance) are optimized in debug builds too:
/// unoptimized, a page takes several times the CPU, and `make test` runs hundreds of pages through the
/// debug binary. Debugging them steps through optimized code.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

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
    // XML lives in ScanbenchDocuments (libxml2: PAGE, ALTO and hOCR, entities off); PDF pages in
    // ScanbenchRecognition (poppler's GLib binding, rendered with cairo, read like TIFF pages).
    .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
    .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),

    .target(name: "ScanbenchSupport"),
    // Typed commands in swift-argument-parser's manner (which cannot be fetched here): options
    // declared once as properties, help, completions and the manual page made from them.
    .target(name: "ScanbenchCommandLine"),
    // Pure Swift, no C imports: its tests build and run without the C libraries.
    .target(name: "ScanbenchScoring", swiftSettings: optimizedInDebug),
    // What engines hand over and the store keeps: words and lines with boxes, what an engine is,
    // how a page was turned upright, the codes found on it. Recognition and every engine reach the
    // store through nothing else (LayeringTests holds it).
    .target(name: "ScanbenchSeam", dependencies: ["ScanbenchSupport"]),
    .target(name: "ScanbenchStore", dependencies: ["ScanbenchSupport", "ScanbenchScoring", "ScanbenchSeam"]),
    .target(name: "ScanbenchArchive", dependencies: ["ScanbenchSupport", "CArchive", "CCompression"]),
    // The text of PAGE, ALTO and hOCR files, for ground truth and for OCR output.
    .target(name: "ScanbenchDocuments", dependencies: ["CXML2"]),
    .target(
      name: "ScanbenchRecognition",
      dependencies: [
        "ScanbenchSupport", "ScanbenchSeam", "CLeptonica", "CHeif", "CZBar", "CPoppler",
      ], swiftSettings: optimizedInDebug),
    .target(
      name: "ScanbenchTesseract",
      dependencies: [
        "ScanbenchSupport", "ScanbenchSeam", "ScanbenchRecognition", "CTesseract", "CLeptonica",
      ]),
    // Programs of the user's as engines, over a JSON-lines protocol (`--engine command:…`).
    .target(
      name: "ScanbenchExternal", dependencies: ["ScanbenchSupport", "ScanbenchSeam", "ScanbenchRecognition"]),
    // The PP-OCR engine: ONNX Runtime loaded with dlopen (no headers are packaged), DB detection and
    // CTC recognition in Swift.
    .target(
      name: "ScanbenchPPOCR",
      dependencies: ["ScanbenchSeam", "ScanbenchRecognition"], swiftSettings: optimizedInDebug),
    .target(
      name: "ScanbenchNotes",
      dependencies: ["ScanbenchSupport", "ScanbenchSeam", "ScanbenchStore", "CSQLite"]),
    .target(name: "ScanbenchGate", dependencies: ["ScanbenchSupport", "ScanbenchSeam", "ScanbenchStore"]),
    // The report's style sheet and script are files in Assets/, embedded by the EmbedAssets plugin.
    .target(
      name: "ScanbenchReports",
      dependencies: ["ScanbenchSupport", "ScanbenchSeam", "ScanbenchStore", "ScanbenchScoring"],
      exclude: ["Assets"], plugins: ["EmbedAssets"]),
    .target(
      name: "ScanbenchRunner",
      dependencies: [
        "ScanbenchSupport", "ScanbenchScoring", "ScanbenchSeam", "ScanbenchStore", "ScanbenchArchive",
        "ScanbenchRecognition", "ScanbenchReports", "ScanbenchDocuments",
      ]),
    .target(
      name: "ScanbenchEngines",
      dependencies: [
        "ScanbenchRecognition", "ScanbenchTesseract", "ScanbenchPPOCR", "ScanbenchExternal",
      ]),
    // `notes serve`: the note database in a browser, on GNU libmicrohttpd; its style sheet, script
    // and icon are files in Assets/, embedded by the EmbedAssets plugin.
    .target(
      name: "ScanbenchServer",
      dependencies: [
        "ScanbenchSupport", "ScanbenchScoring", "ScanbenchStore", "ScanbenchRecognition", "ScanbenchNotes",
        "ScanbenchReports", "ScanbenchRunner", "CMicroHTTPD",
      ],
      exclude: ["Assets"], plugins: ["EmbedAssets"]),
    .executableTarget(
      name: "scanbench",
      dependencies: [
        "ScanbenchCommandLine", "ScanbenchSupport", "ScanbenchScoring", "ScanbenchStore", "ScanbenchArchive",
        "ScanbenchRecognition",
        "ScanbenchNotes", "ScanbenchGate", "ScanbenchReports", "ScanbenchRunner", "ScanbenchEngines",
        "ScanbenchDocuments", "ScanbenchServer",
      ],
      plugins: ["BuildInfo"]),
    // Writes the commit the binary is built from into it (`BuildCommit`).
    .plugin(name: "BuildInfo", capability: .buildTool()),
    // Makes each file of a target's Assets/ a string constant of the target (ScanbenchReports,
    // ScanbenchServer).
    .plugin(name: "EmbedAssets", capability: .buildTool()),
    // Micro-benchmarks that `make bench` runs; never part of the tests.
    .executableTarget(
      name: "scanbench-bench",
      dependencies: [
        "ScanbenchSupport", "ScanbenchScoring", "ScanbenchSeam", "ScanbenchStore", "ScanbenchNotes",
        "ScanbenchServer",
      ]),
    // Measures the PP-OCR pipeline on a corpus folder (CER and images/s); not part of the tests.
    .executableTarget(name: "ppocr-eval", dependencies: ["ScanbenchPPOCR", "ScanbenchScoring"]),

    // What every test target shares, light: temporary folders, the shell, result records.
    .target(
      name: "ScanbenchTestKit", dependencies: ["ScanbenchSeam", "ScanbenchStore"],
      path: "Tests/ScanbenchTestKit"),
    // Fixtures the test targets share that need the C libraries: rendered pages, photos, PDFs.
    .target(
      name: "ScanbenchTestSupport",
      dependencies: [
        "ScanbenchTestKit", "ScanbenchSeam",
        "ScanbenchSupport", "ScanbenchStore", "ScanbenchArchive", "ScanbenchRecognition",
        "ScanbenchTesseract", "ScanbenchScoring", "ScanbenchNotes", "CLeptonica",
      ],
      path: "Tests/ScanbenchTestSupport"),
    .testTarget(name: "ScanbenchScoringTests", dependencies: ["ScanbenchScoring", "ScanbenchSupport"]),
    .testTarget(name: "ScanbenchSupportTests", dependencies: ["ScanbenchSupport"]),
    .testTarget(name: "ScanbenchCommandLineTests", dependencies: ["ScanbenchCommandLine"]),
    .testTarget(
      name: "ScanbenchStoreTests",
      dependencies: [
        "ScanbenchTestKit",
        "ScanbenchSeam", "ScanbenchStore", "ScanbenchSupport", "ScanbenchScoring", "ScanbenchTestSupport",
      ]),
    .testTarget(
      name: "ScanbenchArchiveTests",
      dependencies: ["ScanbenchTestKit", "ScanbenchArchive", "ScanbenchSupport"]),
    .testTarget(name: "ScanbenchDocumentsTests", dependencies: ["ScanbenchDocuments"]),
    .testTarget(
      name: "ScanbenchRecognitionTests",
      dependencies: [
        "ScanbenchTestKit",
        "ScanbenchSeam",
        "ScanbenchRecognition", "ScanbenchTesseract", "ScanbenchStore", "ScanbenchSupport",
        "ScanbenchScoring", "ScanbenchTestSupport", "ScanbenchRunner", "CLeptonica",
      ]),
    .testTarget(
      name: "ScanbenchTesseractTests",
      dependencies: [
        "ScanbenchTestKit",
        "ScanbenchSeam",
        "ScanbenchTesseract", "ScanbenchRecognition", "ScanbenchStore", "ScanbenchTestSupport", "CLeptonica",
      ]),
    .testTarget(
      name: "ScanbenchNotesTests",
      dependencies: [
        "ScanbenchTestKit", "ScanbenchSeam", "ScanbenchNotes", "ScanbenchStore", "ScanbenchSupport",
        "CSQLite",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ScanbenchServerTests",
      dependencies: [
        "ScanbenchTestKit",
        "ScanbenchServer", "ScanbenchNotes", "ScanbenchStore", "ScanbenchSupport", "ScanbenchRecognition",
        "ScanbenchTestSupport",
      ]),
    .testTarget(
      name: "ScanbenchGateTests",
      dependencies: [
        "ScanbenchTestKit",
        "ScanbenchGate", "ScanbenchStore", "ScanbenchSupport", "ScanbenchScoring", "ScanbenchTestSupport",
      ]),
    .testTarget(
      name: "ScanbenchReportsTests",
      dependencies: [
        "ScanbenchTestKit",
        "ScanbenchSeam",
        "ScanbenchReports", "ScanbenchRunner", "ScanbenchStore", "ScanbenchSupport", "ScanbenchScoring",
        "ScanbenchTestSupport",
      ]),
    .testTarget(
      name: "ScanbenchRunnerTests",
      dependencies: [
        "ScanbenchTestKit",
        "ScanbenchSeam",
        "ScanbenchRunner", "ScanbenchNotes", "ScanbenchGate", "ScanbenchReports", "ScanbenchRecognition",
        "ScanbenchTesseract", "ScanbenchEngines", "ScanbenchStore", "ScanbenchArchive", "ScanbenchSupport",
        "ScanbenchScoring", "ScanbenchTestSupport",
      ]),
    .testTarget(
      name: "ScanbenchTests",
      dependencies: [
        "ScanbenchTestKit",
        "scanbench", "ScanbenchCommandLine", "ScanbenchEngines",
        "ScanbenchSeam",
        "ScanbenchStore", "ScanbenchSupport", "ScanbenchScoring", "ScanbenchGate", "ScanbenchNotes",
        "ScanbenchArchive",
        "ScanbenchRecognition", "ScanbenchTesseract", "ScanbenchServer", "ScanbenchTestSupport",
        "ScanbenchRunner", "ScanbenchPPOCR",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ScanbenchPPOCRTests",
      dependencies: ["ScanbenchPPOCR", "ScanbenchRecognition", "ScanbenchScoring", "ScanbenchSupport"],
      exclude: ["Pipeline/Fixtures"]),
    .testTarget(
      name: "ScanbenchExternalTests",
      dependencies: [
        "ScanbenchTestKit",
        "ScanbenchSeam", "ScanbenchExternal", "ScanbenchRecognition", "ScanbenchStore",
        "ScanbenchTestSupport",
      ],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
