import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import Testing

@testable import ScanbenchNotes
@testable import ScanbenchStore
@testable import ScanbenchSupport

/// The namespace of the note database's tests, so that `swift test --filter Notes` selects them.
enum Notes {}

/// A folder under the system temp directory, removed when the value goes away.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("scanbench-notes-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The names and contents of every file in the folder (to show that nothing was touched).
  func snapshot() throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
      files[name] = try Data(contentsOf: url.appendingPathComponent(name))
    }
    return files
  }
}

enum Fixture {
  static let engine = EngineIdentity.schema1(version: "5.3.0", models: ["eng": "abc123", "jpn": "def456"])

  static func record(
    _ name: String, text: String?, time: String = "2024-05-01T10:00:00Z", run: String = "run-1",
    source: String = "receipts.zip", page: Int? = nil, profile: String = "accurate",
    lang: String = "eng", error: ResultRecord.Failure? = nil
  ) -> ResultRecord {
    var record = ResultRecord.fixture(
      "images/\(name).png", run: run, time: time, source: source, sha256: sha256(of: name), page: page,
      profile: profile, lang: lang, engine: engine)
    record.text = text
    record.confidence = text == nil ? nil : 91.5
    record.chars = text?.count
    record.width = 800
    record.height = 600
    record.error = error
    if let text, name.hasPrefix("gt"), !text.isEmpty {
      record.gtChars = text.count
      record.edits = 1
      record.cer = 1 / Double(text.count)
      record.metric = "cer/nfc/grapheme"
    }
    return record
  }

  /// A stable fake SHA-256 for a name.
  static func sha256(of name: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: String(repeating: "0", count: 16 - hex.count) + hex, count: 4)
  }

  static func line(_ record: ResultRecord) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(record), as: UTF8.self)
  }

  static func summaryLine(run: String = "run-1") throws -> String {
    let summary = RunSummaryRecord(
      run: run, time: "2024-05-01T11:00:00Z", sources: ["receipts.zip"], profile: "accurate",
      lang: "eng", jobs: 2, images: 3, succeeded: 2, failed: 1, skipped: 0, scored: 0, gtChars: 0,
      edits: 0, cerMicro: nil, cerMacro: nil, metric: "cer/nfc/grapheme", imagesPerSecond: 3,
      wallSeconds: 1, interrupted: false, shard: nil, engine: engine)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(summary), as: UTF8.self)
  }

  /// Writes lines as a store; `tornTail` is appended without a newline.
  @discardableResult
  static func writeStore(_ lines: [String], to path: String, tornTail: String? = nil) throws -> URL {
    var contents = lines.map { $0 + "\n" }.joined()
    if let tornTail { contents += tornTail }
    let url = URL(fileURLWithPath: path)
    try Data(contents.utf8).write(to: url)
    return url
  }

  /// Three results (one with ground truth), one failed record and a summary.
  static func basicStore() throws -> [String] {
    [
      try line(record("invoice", text: "Invoice 2024-117\nTotal due: 42.00 EUR\nThank you")),
      try line(
        record("gt-letter", text: "Dear customer,\nyour parcel is on its way.", time: "2024-05-01T10:00:05Z")),
      try line(record("menu", text: "東京の天気\n本日のおすすめ：味噌ラーメン", time: "2024-05-01T10:00:10Z", lang: "jpn")),
      try line(
        record(
          "broken", text: nil, time: "2024-05-01T10:00:15Z",
          error: ResultRecord.Failure(kind: "decode", message: "not an image"))),
      try summaryLine(),
    ]
  }

  /// Every note without the fields that differ between databases (id, import time).
  static func comparable(_ database: NoteDatabase) throws -> [Note] {
    var notes: [Note] = []
    try database.forEachNote { note in
      var note = note
      note.id = 0
      note.importedAt = ""
      notes.append(note)
    }
    return notes.sorted { ($0.sha256, $0.recognizedAt) < ($1.sha256, $1.recognizedAt) }
  }
}

struct InjectedFailure: Error {}

extension NoteDatabase {
  /// FTS5's own check that the full-text indexes match the notes' text exactly (throws if not):
  /// the word index every note, the trigram index the notes with CJK characters.
  func checkFullTextIndex() throws {
    try connection.execute("INSERT INTO note_words (note_words, rank) VALUES ('integrity-check', 1)")
    try connection.execute("INSERT INTO note_cjk (note_cjk, rank) VALUES ('integrity-check', 1)")
  }
}
