// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "scanbench",
  products: [
    .executable(name: "scanbench", targets: ["scanbench"]),
    .library(name: "ScanbenchCore", targets: ["ScanbenchCore"]),
  ],
  targets: [
    .systemLibrary(
      name: "CTesseract", pkgConfig: "tesseract",
      providers: [.apt(["libtesseract-dev"])]),
    .systemLibrary(
      name: "CLeptonica", pkgConfig: "lept",
      providers: [.apt(["libleptonica-dev"])]),
    .systemLibrary(
      name: "CArchive", pkgConfig: "libarchive",
      providers: [.apt(["libarchive-dev"])]),
    .systemLibrary(
      name: "CZBar", pkgConfig: "zbar",
      providers: [.apt(["libzbar-dev"])]),
    .systemLibrary(
      name: "CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(
      name: "CHeif", pkgConfig: "libheif",
      providers: [.apt(["libheif-dev"])]),
    // Pure Swift, no C imports: its tests build and run without the C libraries.
    .target(name: "ScanbenchScoring"),
    // The PP-OCR engine: ONNX Runtime loaded with dlopen (no headers are packaged), DB detection and
    // CTC recognition in Swift.
    .target(name: "ScanbenchPPOCR", dependencies: ["CLeptonica"]),
    .target(
      name: "ScanbenchCore",
      dependencies: ["ScanbenchScoring", "CTesseract", "CLeptonica", "CArchive", "CSQLite", "CZBar", "CHeif"]),
    .executableTarget(name: "scanbench", dependencies: ["ScanbenchCore"]),
    // Micro-benchmarks that `make bench` runs; never part of the tests.
    .executableTarget(name: "scanbench-bench", dependencies: ["ScanbenchCore"]),
    // Measures the PP-OCR pipeline on a corpus folder (CER and images/s); not part of the tests.
    .executableTarget(name: "ppocr-eval", dependencies: ["ScanbenchPPOCR", "ScanbenchScoring"]),
    .testTarget(name: "ScanbenchScoringTests", dependencies: ["ScanbenchScoring"]),
    .testTarget(name: "ScanbenchPPOCRTests", dependencies: ["ScanbenchPPOCR", "ScanbenchScoring"]),
    .testTarget(name: "ScanbenchCoreTests", dependencies: ["ScanbenchCore", "CLeptonica"]),
    .testTarget(name: "ScanbenchTests", dependencies: ["ScanbenchCore"]),
  ],
  swiftLanguageModes: [.v6]
)
