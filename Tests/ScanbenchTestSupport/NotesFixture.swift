import Foundation
import ScanbenchNotes
import ScanbenchRecognition
import ScanbenchScoring
import ScanbenchSeam
import ScanbenchStore
import ScanbenchSupport
import ScanbenchTestKit

/// A small photo archive as `notes serve` meets one: a folder of real images (lines of the
/// project's corpora, a QR code, a photo with its EXIF capture date), a store of their results
/// with word and line boxes and codes, and the note database imported from it. The results are
/// written here, not recognized, so that each test knows every text it will find.
package struct NotesFixture {
  /// The folder of images (the store's `source`).
  package let images: URL
  package let store: URL
  package let database: String
  /// Entry name → the note's text.
  package let texts: [String: String]
  package let qrPayload = "https://example.org/tickets/4711"

  /// Entries, oldest recognized first (the list shows them the other way round).
  package static let entries = [
    "lines/eng-line-001.png", "lines/eng-line-002.png", "lines/jpn-line-002.jpg", "lines/jpn-line-001.png",
    "photos/IMG_0042.jpg", "codes/ticket.png", "lines/script.png",
  ]

  /// Makes it all in `folder`.
  package init(in folder: URL) throws {
    images = folder.appendingPathComponent("archive")
    store = folder.appendingPathComponent("results.jsonl")
    database = folder.appendingPathComponent("notes.sqlite").path
    let manager = FileManager.default
    for sub in ["lines", "photos", "codes"] {
      try manager.createDirectory(at: images.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    func corpus(_ archive: String, _ name: String) throws -> Data {
      try PhotoFixtures.corpusEntry(archive, name)
    }
    var files: [String: Data] = [
      "lines/eng-line-001.png": try corpus("eng-lines.tar.gz", "eng-line-001.png"),
      "lines/eng-line-002.png": try corpus("eng-lines.tar.gz", "eng-line-002.png"),
      "lines/jpn-line-001.png": try corpus("jpn-lines.tar.gz", "jpn-line-001.png"),
      "lines/jpn-line-002.jpg": try corpus("jpn-lines.tar.gz", "jpn-line-002.jpg"),
      "lines/script.png": try corpus("eng-lines.tar.gz", "eng-line-003.png"),
    ]
    // A photo: a JPEG line with the capture date a phone writes.
    files["photos/IMG_0042.jpg"] = PhotoFixtures.jpeg(
      try corpus("eng-lines.tar.gz", "eng-line-006.jpg"), dateTimeOriginal: "2019:07:14 12:34:56",
      offset: "+09:00")
    // A QR code, made by qrencode (Debian's, as the barcode tests make theirs).
    let qr = folder.appendingPathComponent("qr.png")
    try PhotoFixtures.run(
      "qrencode", ["-o", qr.path, "-s", "6", "-m", "4", "https://example.org/tickets/4711"])
    files["codes/ticket.png"] = try Data(contentsOf: qr)
    for (entry, data) in files { try data.write(to: images.appendingPathComponent(entry)) }
    // Ground truth beside one line, so its page shows the difference.
    let groundTruth = String(decoding: try corpus("eng-lines.tar.gz", "eng-line-001.gt.txt"), as: UTF8.self)
    try Data(groundTruth.utf8).write(to: images.appendingPathComponent("lines/eng-line-001.gt.txt"))

    let english2 = String(decoding: try corpus("eng-lines.tar.gz", "eng-line-002.gt.txt"), as: UTF8.self)
    let japanese1 = String(decoding: try corpus("jpn-lines.tar.gz", "jpn-line-001.gt.txt"), as: UTF8.self)
    let japanese2 = String(decoding: try corpus("jpn-lines.tar.gz", "jpn-line-002.gt.txt"), as: UTF8.self)
    let texts: [String: String] = [
      // One misreading against its ground truth: its first character.
      "lines/eng-line-001.png": "X" + String(groundTruth.trimmingCharacters(in: .newlines).dropFirst()),
      "lines/eng-line-002.png": english2.trimmingCharacters(in: .newlines),
      "lines/jpn-line-001.png": japanese1.trimmingCharacters(in: .newlines),
      "lines/jpn-line-002.jpg": japanese2.trimmingCharacters(in: .newlines),
      "photos/IMG_0042.jpg": "Harbor master's office: open daily",
      "codes/ticket.png": "ticket",
      "lines/script.png": "<script>document.title='pwned'</script> & <b>bold</b>",
    ]
    self.texts = texts

    let engine = EngineIdentity(
      name: "tesseract", version: "5.3.0", models: ["eng.traineddata": String(repeating: "ab", count: 32)],
      settings: ["psm": "7"])
    var lines: [String] = []
    for (index, entry) in Self.entries.enumerated() {
      let data = files[entry] ?? Data()
      let decoded = try ImageDecoder.decode(data, maxPixels: 10_000_000)
      let image = decoded.pages[0]
      var record = ResultRecord.fixture(
        entry, run: "run-1", time: Timestamp.format(1_714_521_600 + Double(index) * 60), source: images.path,
        sha256: SHA256.hex(data), profile: "accurate", lang: entry.contains("jpn") ? "jpn" : "eng",
        engine: engine)
      let text = texts[entry] ?? ""
      record.text = text
      record.chars = text.count
      record.confidence = 90
      record.width = image.width
      record.height = image.height
      record.capturedAt = decoded.capturedAt
      // One line over most of the image, its words side by side.
      let words = text.split(separator: " ")
      let inset = max(1, image.height / 10)
      let lineWidth = image.width - 2 * inset
      record.lines = [
        TextBox(
          text: text, confidence: 90, x: inset, y: inset, width: lineWidth, height: image.height - 2 * inset)
      ]
      record.words = words.enumerated().map { offset, word in
        let width = lineWidth / max(1, words.count)
        return TextBox(
          text: String(word), confidence: 90, x: inset + offset * width, y: inset, width: width - 4,
          height: image.height - 2 * inset)
      }
      if entry == "codes/ticket.png" {
        record.barcodes = [
          Barcode(
            symbology: "QR-Code", payload: Array(qrPayload.utf8), x: 24, y: 24, width: image.width - 48,
            height: image.height - 48)
        ]
      }
      if entry == "lines/eng-line-001.png" {
        record.gtChars = groundTruth.trimmingCharacters(in: .newlines).count
        record.edits = 1
        record.cer = 1 / Double(record.gtChars ?? 1)
        record.metric = ScoringOptions.default.descriptor
      }
      lines.append(String(decoding: try StoreWriter.line(for: record), as: UTF8.self))
    }
    try lines.joined().write(to: store, atomically: true, encoding: .utf8)
    let notes = try NoteDatabase(path: database)
    try NoteImporter(database: notes).importStore(at: store)
    try notes.checkpoint()
  }

  /// The id of the note of `entry` (ids follow the store's order).
  package func id(of entry: String) -> Int64 {
    Int64((Self.entries.firstIndex(of: entry) ?? -1) + 1)
  }
}
