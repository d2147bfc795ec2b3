import Foundation
import ScanbenchSeam
import ScanbenchStore

/// The columns of the `note` table (migrations 1, 2, 4 and 5), declared once: the importer's INSERT
/// and UPDATE, their bindings and every query's select list are made from this list, by name.
enum NoteColumn: String, CaseIterable {
  case id, text
  case recognizedAt = "recognized_at"
  case recognizedUnix = "recognized_unix"
  case importedAt = "imported_at"
  case run, source, entry, sha256, page, profile, lang, confidence, chars
  case gtChars = "gt_chars"
  case edits, cer, metric
  case engineID = "engine_id"
  case cjkText = "cjk_text"
  case layout, barcodes
  case codeText = "code_text"
  case capturedAt = "captured_at"
  case width, height, orientation

  /// `note.text`: qualified, for queries that join.
  var qualified: String { "note." + rawValue }

  /// What the importer writes (the row id is SQLite's).
  static let written = allCases.filter { $0 != .id }
}

/// A value bound to a statement parameter.
enum SQLiteValue: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)

  init(_ value: String?) { self = value.map { .text($0) } ?? .null }
  init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
  init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
  init(_ value: Double?) { self = value.map { .real($0) } ?? .null }
}

/// One row of `note` as the importer writes it.
struct NoteRow {
  var text: String
  var recognizedAt: String
  var recognizedUnix: Double
  var importedAt: String
  var run: String
  var source: String
  var entry: String
  var sha256: String
  var page: Int?
  var profile: String
  var lang: String
  var confidence: Double?
  var chars: Int
  var gtChars: Int?
  var edits: Int?
  var cer: Double?
  var metric: String?
  var engineID: Int64
  /// The lines with CJK characters (`NoteDatabase.cjkLines`), for the trigram index.
  var cjkText: String?
  /// Words and lines with their boxes as JSON, when the run had `--boxes`.
  var layout: String?
  /// The codes as JSON, and their payloads one a line (for search), when it had `--barcodes`.
  var barcodes: String?
  var codeText: String?
  var capturedAt: String?
  var width: Int?
  var height: Int?
  /// The record's `orientation` as JSON.
  var orientation: String?

  /// The value of a written column. The switch is exhaustive: a new column cannot be forgotten here.
  func value(_ column: NoteColumn) -> SQLiteValue {
    switch column {
    case .id: .null
    case .text: .text(text)
    case .recognizedAt: .text(recognizedAt)
    case .recognizedUnix: .real(recognizedUnix)
    case .importedAt: .text(importedAt)
    case .run: .text(run)
    case .source: .text(source)
    case .entry: .text(entry)
    case .sha256: .text(sha256)
    case .page: SQLiteValue(page)
    case .profile: .text(profile)
    case .lang: .text(lang)
    case .confidence: SQLiteValue(confidence)
    case .chars: .integer(Int64(chars))
    case .gtChars: SQLiteValue(gtChars)
    case .edits: SQLiteValue(edits)
    case .cer: SQLiteValue(cer)
    case .metric: SQLiteValue(metric)
    case .engineID: .integer(engineID)
    case .cjkText: SQLiteValue(cjkText)
    case .layout: SQLiteValue(layout)
    case .barcodes: SQLiteValue(barcodes)
    case .codeText: SQLiteValue(codeText)
    case .capturedAt: SQLiteValue(capturedAt)
    case .width: SQLiteValue(width)
    case .height: SQLiteValue(height)
    case .orientation: SQLiteValue(orientation)
    }
  }

  /// `INSERT INTO note (text, …) VALUES (?1, …)`: parameter N is the Nth written column.
  static let insertSQL: String = {
    let columns = NoteColumn.written
    return "INSERT INTO note (\(columns.map(\.rawValue).joined(separator: ", ")))"
      + " VALUES (\(columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")))"
  }()

  /// `UPDATE note SET text = ?1, … WHERE id = ?N+1`.
  static let updateSQL: String = {
    "UPDATE note SET "
      + NoteColumn.written.enumerated().map { "\($0.element.rawValue) = ?\($0.offset + 1)" }
      .joined(separator: ", ") + " WHERE id = ?\(idParameter)"
  }()

  /// The parameter of `updateSQL` that takes the note's id.
  static let idParameter = Int32(NoteColumn.written.count + 1)

  /// Binds every written column to its parameter in `insertSQL` or `updateSQL` (positions, not
  /// names: an import binds 23 values a record, a million times).
  func bind(to statement: SQLiteStatement) throws {
    for (offset, column) in NoteColumn.written.enumerated() {
      try statement.bind(value(column), at: Int32(offset + 1))
    }
  }
}

/// The columns a query selects, by name: the select list and each column's position in the result
/// come from the same array, so no query numbers its columns by hand.
struct NoteSelection {
  let columns: [NoteColumn]
  /// Whether the engine's identity (`engine.identity`, joined) follows the note's columns.
  let joinsEngine: Bool
  private let positions: [NoteColumn: Int32]

  init(_ columns: [NoteColumn], joinsEngine: Bool = false) {
    self.columns = columns
    self.joinsEngine = joinsEngine
    positions = Dictionary(
      columns.enumerated().map { ($0.element, Int32($0.offset)) }, uniquingKeysWith: { first, _ in first })
  }

  /// `note.id, note.text, …` (and `engine.identity`).
  var sql: String {
    (columns.map(\.qualified) + (joinsEngine ? ["engine.identity"] : [])).joined(separator: ", ")
  }

  /// `FROM note` with the join the selection needs.
  var from: String {
    joinsEngine ? "FROM note LEFT JOIN engine ON engine.id = note.engine_id" : "FROM note"
  }

  var enginePosition: Int32 { Int32(columns.count) }

  /// Where the column is in the result, or `nil` if the selection does not list it.
  func position(_ column: NoteColumn) -> Int32? { positions[column] }

  /// Everything about a note (`notes show`, the note's page, export).
  static let note = NoteSelection(
    [
      .id, .text, .recognizedAt, .importedAt, .run, .source, .entry, .sha256, .page, .profile, .lang,
      .confidence, .chars, .gtChars, .edits, .cer, .metric, .layout, .barcodes, .capturedAt, .width, .height,
      .orientation,
    ], joinsEngine: true)

  /// A line of a list (`notes list`, the list page).
  static let summary = NoteSelection([
    .id, .recognizedAt, .recognizedUnix, .chars, .text, .source, .entry, .page, .lang, .capturedAt, .codeText,
  ])
}

/// Reading a selected row by column name.
struct NoteRowReader {
  let statement: SQLiteStatement
  let selection: NoteSelection

  // A column the selection does not list reads as NULL.
  func string(_ column: NoteColumn) -> String? { selection.position(column).flatMap(statement.string(at:)) }
  func int(_ column: NoteColumn) -> Int? { selection.position(column).flatMap(statement.int(at:)) }
  func int64(_ column: NoteColumn) -> Int64? { selection.position(column).flatMap(statement.int64(at:)) }
  func double(_ column: NoteColumn) -> Double? { selection.position(column).flatMap(statement.double(at:)) }
  var engineIdentity: String? {
    selection.joinsEngine ? statement.string(at: selection.enginePosition) : nil
  }
}

extension NoteSummary {
  init(_ row: NoteRowReader) {
    self.init(
      id: row.int64(.id) ?? 0, recognizedAt: row.string(.recognizedAt) ?? "", chars: row.int(.chars) ?? 0,
      firstLine: Note.firstLine(of: row.string(.text) ?? ""), source: row.string(.source) ?? "",
      entry: row.string(.entry) ?? "")
    page = row.int(.page)
    lang = row.string(.lang)
    capturedAt = row.string(.capturedAt)
    hasCodes = row.string(.codeText) != nil
  }
}

extension Note {
  init(_ row: NoteRowReader, decoder: JSONDecoder) {
    let engine = row.engineIdentity.flatMap { try? decoder.decode(EngineIdentity.self, from: Data($0.utf8)) }
    self.init(
      id: row.int64(.id) ?? 0, text: row.string(.text) ?? "", recognizedAt: row.string(.recognizedAt) ?? "",
      importedAt: row.string(.importedAt) ?? "", run: row.string(.run) ?? "",
      source: row.string(.source) ?? "",
      entry: row.string(.entry) ?? "", sha256: row.string(.sha256) ?? "", page: row.int(.page),
      profile: row.string(.profile) ?? "", lang: row.string(.lang) ?? "", confidence: row.double(.confidence),
      chars: row.int(.chars) ?? 0, gtChars: row.int(.gtChars), edits: row.int(.edits), cer: row.double(.cer),
      metric: row.string(.metric), engine: engine)
    if let layout = row.string(.layout).flatMap({ try? decoder.decode(TextLayout.self, from: Data($0.utf8)) })
    {
      words = layout.words
      lines = layout.lines
    }
    barcodes = row.string(.barcodes).flatMap {
      try? decoder.decode([ScanbenchSeam.Barcode].self, from: Data($0.utf8))
    }
    capturedAt = row.string(.capturedAt)
    width = row.int(.width)
    height = row.int(.height)
    orientation = row.string(.orientation).flatMap {
      try? decoder.decode(ResultRecord.Orientation.self, from: Data($0.utf8))
    }
  }
}
