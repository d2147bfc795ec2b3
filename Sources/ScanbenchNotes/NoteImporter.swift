import Foundation
import ScanbenchSeam
import ScanbenchStore
import ScanbenchSupport

/// What an import did.
public struct ImportCounts: Codable, Sendable, Equatable {
  /// New notes.
  public var imported = 0
  /// Notes replaced by a later result (by record `time`) for the same image, page, profile and
  /// language.
  public var replaced = 0
  /// Results already in the database, or older than the note there.
  public var unchanged = 0
  /// Lines that are not readable records (invalid or torn), with a diagnostic each.
  public var skipped = 0
  /// Records of images that failed to recognize (they have an `error`): not notes.
  public var failedRecords = 0

  enum CodingKeys: String, CodingKey {
    case imported, replaced, unchanged, skipped
    case failedRecords = "failed_records"
  }

  public init(
    imported: Int = 0, replaced: Int = 0, unchanged: Int = 0, skipped: Int = 0, failedRecords: Int = 0
  ) {
    self.imported = imported
    self.replaced = replaced
    self.unchanged = unchanged
    self.skipped = skipped
    self.failedRecords = failedRecords
  }
}

/// A line (or record) the import skipped, and why.
public struct ImportDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// The 1-based line of the store (or position in the sequence of records).
  public var line: Int
  public var reason: String

  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  public var description: String { "line \(line): \(reason)" }
}

public struct ImportOptions: Sendable, Equatable {
  /// Records per transaction: an interrupted import leaves the database as it was before the
  /// batch it was in. Ignored when `strict` (then the whole import is one transaction).
  public var batchSize: Int
  /// Make an invalid or torn line fatal: nothing of the store is imported.
  public var strict: Bool
  /// Call `progress` every this many lines.
  public var progressInterval: Int

  public init(batchSize: Int = 50_000, strict: Bool = false, progressInterval: Int = 10_000) {
    self.batchSize = max(1, batchSize)
    self.strict = strict
    self.progressInterval = max(1, progressInterval)
  }
}

/// Imports results into the note database, idempotently.
///
/// A note is keyed by image SHA-256, page, profile and language. A result for a key with no note
/// is imported; one with a later `time` than the note replaces it (same id); one as old or older
/// is unchanged. Failed records are counted and not imported, summaries are ignored. Statements are
/// prepared once and reused for every record; each batch is one transaction.
///
/// New notes reach the full-text indexes in one statement per batch, just before it commits (and
/// before any replacement, which must find the old text indexed). An import into an empty database
/// is a bulk load: its first batch drops the unique key's index (a million random inserts into it
/// cost more than the rest of the row), keys are found in memory instead, and the index is built
/// once, sorted, in the last batch (the list orders' indexes grow at their end: they stay). Every
/// batch is still committed whole; if the import dies in between, the next open rebuilds the
/// index. If another connection writes between two batches, the import builds the index there and
/// goes on as an ordinary one.
public final class NoteImporter {
  let database: NoteDatabase
  public let options: ImportOptions
  private let connection: SQLiteConnection
  private let lookup: SQLiteStatement
  private let insert: SQLiteStatement
  private let update: SQLiteStatement
  private let selectText: SQLiteStatement
  private let indexText: SQLiteStatement
  private let unindexText: SQLiteStatement
  private let indexCJK: SQLiteStatement
  private let unindexCJK: SQLiteStatement
  private let insertEngine: SQLiteStatement
  private let selectEngine: SQLiteStatement
  private let selectKey: SQLiteStatement
  private let indexNewText: SQLiteStatement
  private let indexNewCJK: SQLiteStatement
  private let dataVersion: SQLiteStatement
  private let chooseBest: SQLiteStatement
  /// The photos (SHA-256 and page or -1) whose readings this batch added or replaced: their best
  /// reading is chosen again before it commits.
  private var touchedPhotos: Set<PhotoKey> = []
  /// Engines known in the current transaction (cleared at each BEGIN: a rollback forgets rows).
  private var engines: [EngineIdentity: Int64] = [:]
  /// The engine of the previous record: records of one run share it, and comparing is cheaper
  /// than hashing.
  private var lastEngine: (engine: EngineIdentity, id: Int64)?
  /// The first note inserted in this transaction that is not in the full-text indexes yet.
  private var unindexedFrom: Int64?
  /// Whether this import has had its first transaction (where a bulk load may start).
  private var started = false
  /// Set while bulk loading into a database that was empty.
  private var bulk: BulkLoad?
  /// Sorted keys: the same layout and codes always give the same JSON.
  private let jsonEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }()
  private var importedAt = ""
  private var recordsInBatch = 0

  /// Test hook: called after each record is written, inside the transaction, with the number of
  /// records written in this batch so far. Throwing from it interrupts the import.
  var afterRecordHook: ((Int) throws -> Void)?

  public init(database: NoteDatabase, options: ImportOptions = ImportOptions()) throws {
    self.database = database
    self.options = options
    connection = database.connection
    // A larger page cache while importing: the unique key's index is probed at random (at 1M
    // notes it is ~100 MB).
    try connection.execute("PRAGMA cache_size = -262144")
    lookup = try connection.prepare(
      """
      SELECT id, recognized_unix FROM note
      WHERE sha256 = ?1 AND ifnull(page, -1) = ?2 AND profile = ?3 AND lang = ?4
      """, persistent: true)
    insert = try connection.prepare(NoteRow.insertSQL, persistent: true)
    update = try connection.prepare(NoteRow.updateSQL, persistent: true)
    selectText = try connection.prepare("SELECT text, cjk_text FROM note WHERE id = ?1", persistent: true)
    // Every note's words; the trigrams of its CJK lines, if it has any (`note.cjk_text`).
    indexText = try connection.prepare(
      "INSERT INTO note_words (rowid, text) VALUES (?1, ?2)", persistent: true)
    unindexText = try connection.prepare(
      "INSERT INTO note_words (note_words, rowid, text) VALUES ('delete', ?1, ?2)", persistent: true)
    indexCJK = try connection.prepare(
      "INSERT INTO note_cjk (rowid, text) VALUES (?1, ?2)", persistent: true)
    unindexCJK = try connection.prepare(
      "INSERT INTO note_cjk (note_cjk, rowid, text) VALUES ('delete', ?1, ?2)", persistent: true)
    insertEngine = try connection.prepare(
      "INSERT INTO engine (identity) VALUES (?1) ON CONFLICT (identity) DO NOTHING", persistent: true)
    selectEngine = try connection.prepare("SELECT id FROM engine WHERE identity = ?1", persistent: true)
    selectKey = try connection.prepare(
      "SELECT sha256, ifnull(page, -1), profile, lang, recognized_unix FROM note WHERE id = ?1",
      persistent: true)
    indexNewText = try connection.prepare(
      "INSERT INTO note_words (rowid, text) SELECT id, text FROM note WHERE id >= ?1", persistent: true)
    indexNewCJK = try connection.prepare(
      """
      INSERT INTO note_cjk (rowid, text)
      SELECT id, cjk_text FROM note WHERE id >= ?1 AND cjk_text IS NOT NULL
      """, persistent: true)
    dataVersion = try connection.prepare("PRAGMA data_version", persistent: true)
    chooseBest = try connection.prepare(NoteDatabase.chooseBestReading, persistent: true)
  }

  /// Imports a JSON-lines store. Invalid and torn lines are reported to `diagnostic` and skipped
  /// (or, with `strict`, thrown as `NoteDatabaseError` of kind `.invalidStoreLine`).
  ///
  /// - Parameter progress: called now and then with the number of lines read so far.
  @discardableResult
  public func importStore(
    at url: URL, progress: ((Int) -> Void)? = nil, diagnostic: ((ImportDiagnostic) -> Void)? = nil
  ) throws -> ImportCounts {
    var counts = ImportCounts()
    var lines = 0
    try run {
      let decoded = DecodedStoreLines(url: url)
      defer { decoded.stop() }
      while let chunk = try decoded.next() {
        for item in chunk {
          let number = item.number
          lines = number
          switch item.line {
          case .summary:
            break
          case .invalid(let reason):
            try skip(
              ImportDiagnostic(line: number, reason: reason), path: url.path, counts: &counts, diagnostic)
          case .result(let record):
            if let problem = try add(record, counts: &counts) {
              try skip(
                ImportDiagnostic(line: number, reason: problem), path: url.path, counts: &counts, diagnostic)
            }
          }
          if number % options.progressInterval == 0 { progress?(number) }
        }
      }
    }
    progress?(lines)
    return counts
  }

  /// Imports records already in memory (e.g. those a run has just produced). Records that cannot be
  /// notes (an unreadable `time`) are reported with their 1-based position and skipped.
  @discardableResult
  public func importRecords<S: Sequence>(
    _ records: S, diagnostic: ((ImportDiagnostic) -> Void)? = nil
  ) throws -> ImportCounts where S.Element == ResultRecord {
    var counts = ImportCounts()
    try run {
      for (offset, record) in records.enumerated() {
        if let problem = try add(record, counts: &counts) {
          try skip(
            ImportDiagnostic(line: offset + 1, reason: problem), path: database.path, counts: &counts,
            diagnostic)
        }
      }
    }
    return counts
  }

  // MARK: Transactions

  /// Runs an import: commits what is left at the end, rolls back the open batch on any error.
  private func run(_ body: () throws -> Void) throws {
    importedAt = Timestamp.format(Date().timeIntervalSince1970)
    recordsInBatch = 0
    started = false
    do {
      try body()
      if bulk != nil {
        if !connection.isInTransaction { try connection.execute("BEGIN IMMEDIATE") }
        try endBulkLoad()
      }
      if connection.isInTransaction { try commit() }
    } catch {
      connection.rollback()
      engines = [:]
      lastEngine = nil
      unindexedFrom = nil
      touchedPhotos = []
      if bulk != nil {
        bulk = nil
        // The batches committed so far keep their notes; give them their indexes back now if we
        // can (otherwise the next open does).
        try? database.restoreNoteIndexes()
      }
      throw error
    }
  }

  private func beginIfNeeded() throws {
    guard !connection.isInTransaction else { return }
    try connection.execute("BEGIN IMMEDIATE")
    engines = [:]
    lastEngine = nil
    recordsInBatch = 0
    unindexedFrom = nil
    if !started {
      started = true
      if try connection.integer("SELECT EXISTS (SELECT 1 FROM note)") == 0 {
        // The photo indexes too: every row's `best` is set once at the end.
        for name in ["note_key"] + NoteDatabase.photoIndexNames {
          try connection.execute("DROP INDEX IF EXISTS \(name)")
        }
        bulk = BulkLoad()
      } else {
        // Lookups need the unique key's index (missing only if a bulk import died just now).
        try connection.execute(NoteDatabase.noteIndexes)
      }
    } else if let bulk, try currentDataVersion() != bulk.dataVersion {
      // Another connection wrote since our last batch: notes we do not have in memory.
      try endBulkLoad()
    }
  }

  /// Adds the batch's new notes to the full-text indexes and commits.
  private func commit() throws {
    try indexNewNotes()
    try chooseBestReadings()
    try connection.execute("COMMIT")
    if bulk != nil { bulk?.dataVersion = try currentDataVersion() }
  }

  /// Builds the indexes on `note` (in the open transaction) and ends the bulk load.
  private func endBulkLoad() throws {
    try connection.execute(NoteDatabase.chooseEveryBestReading)
    try connection.execute(NoteDatabase.noteIndexes)
    bulk = nil
    touchedPhotos = []
  }

  /// Chooses again the best reading of the photos this batch touched (a bulk load chooses them all
  /// at its end).
  private func chooseBestReadings() throws {
    guard bulk == nil else { return }
    for photo in touchedPhotos {
      try chooseBest.bind(photo.sha256, at: 1)
      try chooseBest.bind(Int64(photo.page), at: 2)
      defer { chooseBest.reset() }
      try chooseBest.step()
    }
    touchedPhotos = []
  }

  /// Changes when another connection commits (`PRAGMA data_version`).
  private func currentDataVersion() throws -> Int64 {
    defer { dataVersion.reset() }
    guard try dataVersion.step() else { return 0 }
    return dataVersion.int64(at: 0) ?? 0
  }

  /// Indexes the notes inserted since `unindexedFrom` (ids only grow: they are this
  /// transaction's new notes).
  private func indexNewNotes() throws {
    guard let first = unindexedFrom else { return }
    for statement in [indexNewText, indexNewCJK] {
      try statement.bind(first, at: 1)
      defer { statement.reset() }
      try statement.step()
    }
    unindexedFrom = nil
  }

  private func skip(
    _ problem: ImportDiagnostic, path: String, counts: inout ImportCounts,
    _ diagnostic: ((ImportDiagnostic) -> Void)?
  ) throws {
    if options.strict {
      throw NoteDatabaseError(
        kind: .invalidStoreLine(line: problem.line), path: path,
        message: problem.reason + " (--strict: nothing was imported)")
    }
    counts.skipped += 1
    diagnostic?(problem)
  }

  // MARK: One record

  /// Writes one record; returns why it cannot be a note, if it cannot.
  private func add(_ record: ResultRecord, counts: inout ImportCounts) throws -> String? {
    guard record.error == nil else {
      counts.failedRecords += 1
      return nil
    }
    guard let time = Timestamp.parse(record.time) else {
      return "field 'time' is not an ISO 8601 date: '\(record.time)'"
    }
    try beginIfNeeded()
    let key = NoteKey(record)
    if let existing = try find(key) {
      if time > existing.recognizedUnix {
        // The note's old text must be in the full-text index to be taken out.
        try indexNewNotes()
        let id = existing.id
        let text = record.text ?? ""
        let old = try self.text(ofNote: id)
        if old.text != text { try unindex(id, old.text, cjkLines: old.cjkLines) }
        let cjkLines = NoteDatabase.cjkLines(text)
        try row(record, time: time, cjkLines: cjkLines).bind(to: update)
        try update.bind(.integer(id), at: NoteRow.idParameter)
        defer { update.reset() }
        try update.step()
        if old.text != text { try index(id, text, cjkLines: cjkLines) }
        touchedPhotos.insert(PhotoKey(sha256: key.sha256, page: key.page))
        counts.replaced += 1
      } else {
        counts.unchanged += 1
      }
    } else {
      let text = record.text ?? ""
      try row(record, time: time, cjkLines: NoteDatabase.cjkLines(text)).bind(to: insert)
      defer { insert.reset() }
      try insert.step()
      let id = connection.lastInsertedRowID
      if unindexedFrom == nil { unindexedFrom = id }
      bulk?.remember(key, id: id)
      if bulk == nil { touchedPhotos.insert(PhotoKey(sha256: key.sha256, page: key.page)) }
      counts.imported += 1
    }
    recordsInBatch += 1
    try afterRecordHook?(recordsInBatch)
    if !options.strict && recordsInBatch >= options.batchSize {
      try commit()
    }
    return nil
  }

  /// The note with this key, if there is one: from memory during a bulk load, else by the unique
  /// key's index.
  private func find(_ key: NoteKey) throws -> (id: Int64, recognizedUnix: Double)? {
    if let bulk {
      for id in bulk.candidates(key) {
        try selectKey.bind(id, at: 1)
        defer { selectKey.reset() }
        guard try selectKey.step() else { continue }
        let found = NoteKey(
          sha256: selectKey.string(at: 0) ?? "", page: selectKey.int(at: 1) ?? -1,
          profile: selectKey.string(at: 2) ?? "", lang: selectKey.string(at: 3) ?? "")
        if found == key { return (id, selectKey.double(at: 4) ?? 0) }
      }
      return nil
    }
    try lookup.bind(key.sha256, at: 1)
    try lookup.bind(Int64(key.page), at: 2)
    try lookup.bind(key.profile, at: 3)
    try lookup.bind(key.lang, at: 4)
    defer { lookup.reset() }
    guard try lookup.step() else { return nil }
    return (lookup.int64(at: 0) ?? 0, lookup.double(at: 1) ?? 0)
  }

  private func text(ofNote id: Int64) throws -> (text: String, cjkLines: String?) {
    try selectText.bind(id, at: 1)
    defer { selectText.reset() }
    guard try selectText.step() else { return ("", nil) }
    return (selectText.string(at: 0) ?? "", selectText.string(at: 1))
  }

  /// Adds a note's text to the full-text indexes.
  private func index(_ id: Int64, _ text: String, cjkLines: String?) throws {
    try run(indexText, id, text)
    if let cjkLines { try run(indexCJK, id, cjkLines) }
  }

  /// Removes a note's (old) text from the full-text indexes: exactly what `index` added.
  private func unindex(_ id: Int64, _ text: String, cjkLines: String?) throws {
    try run(unindexText, id, text)
    if let cjkLines { try run(unindexCJK, id, cjkLines) }
  }

  /// Runs one of the full-text index statements for a note.
  private func run(_ statement: SQLiteStatement, _ id: Int64, _ text: String) throws {
    try statement.bind(id, at: 1)
    try statement.bind(text, at: 2)
    defer { statement.reset() }
    try statement.step()
  }

  /// The note a record becomes.
  private func row(_ record: ResultRecord, time: Double, cjkLines: String?) throws -> NoteRow {
    let text = record.text ?? ""
    // Only runs with --boxes or --barcodes have these; the others stay NULL at no cost.
    var layout: String?
    if let words = record.words, let lines = record.lines {
      layout = String(decoding: try jsonEncoder.encode(TextLayout(words: words, lines: lines)), as: UTF8.self)
    }
    let codes = record.barcodes.flatMap { $0.isEmpty ? nil : $0 }
    let codesJSON = try codes.map { String(decoding: try jsonEncoder.encode($0), as: UTF8.self) }
    return NoteRow(
      text: text, recognizedAt: record.time, recognizedUnix: time, importedAt: importedAt, run: record.run,
      source: record.source, entry: record.entry, sha256: record.sha256, page: record.page,
      profile: record.profile, lang: record.lang, confidence: record.confidence,
      chars: record.chars ?? text.count, gtChars: record.gtChars, edits: record.edits, cer: record.cer,
      metric: record.metric, engineID: try engineID(record.engine), cjkText: cjkLines, layout: layout,
      barcodes: codesJSON,
      codeText: codes.map { $0.map { $0.data ?? $0.dataBase64 ?? "" }.joined(separator: "\n") },
      // A store is outside input: a capture date that is not one is no date.
      capturedAt: record.capturedAt.flatMap(CaptureDate.validated), width: record.width,
      height: record.height,
      orientation: try record.orientation.map { String(decoding: try jsonEncoder.encode($0), as: UTF8.self) })
  }

  private func engineID(_ engine: EngineIdentity) throws -> Int64 {
    if let lastEngine, lastEngine.engine == engine { return lastEngine.id }
    let id = try lookupEngineID(engine)
    lastEngine = (engine, id)
    return id
  }

  private func lookupEngineID(_ engine: EngineIdentity) throws -> Int64 {
    if let id = engines[engine] { return id }
    let identity = engine.canonical
    try insertEngine.bind(identity, at: 1)
    defer { insertEngine.reset() }
    try insertEngine.step()
    try selectEngine.bind(identity, at: 1)
    defer { selectEngine.reset() }
    guard try selectEngine.step(), let id = selectEngine.int64(at: 0) else {
      throw NoteDatabaseError(
        kind: .inconsistent, path: database.path, message: "the engine row just written is missing",
        sql: selectEngine.sql)
    }
    engines[engine] = id
    return id
  }
}

@available(*, unavailable)
extension NoteImporter: Sendable {}

/// What makes a note one note (the unique index `note_key`): a missing page is page -1.
struct NoteKey: Hashable {
  var sha256: String
  var page: Int
  var profile: String
  var lang: String

  init(sha256: String, page: Int, profile: String, lang: String) {
    self.sha256 = sha256
    self.page = page
    self.profile = profile
    self.lang = lang
  }

  init(_ record: ResultRecord) {
    self.init(sha256: record.sha256, page: record.page ?? -1, profile: record.profile, lang: record.lang)
  }
}

/// The keys a bulk load has inserted, by their hash only (a million keys in a few tens of MB):
/// a hit is confirmed against the note's row, and the rare key whose hash another key already has
/// is kept whole.
/// A photo: an image and its page (-1 for none).
struct PhotoKey: Hashable {
  var sha256: String
  var page: Int
}

struct BulkLoad {
  private var byHash: [Int: Int64] = [:]
  private var collided: [NoteKey: Int64] = [:]
  /// `PRAGMA data_version` after our last commit.
  var dataVersion: Int64 = 0

  mutating func remember(_ key: NoteKey, id: Int64) {
    let hash = key.hashValue
    if byHash[hash] == nil {
      byHash[hash] = id
    } else {
      collided[key] = id
    }
  }

  /// The ids that may be the note with this key (none: there is no such note).
  func candidates(_ key: NoteKey) -> [Int64] {
    guard let id = byHash[key.hashValue] else { return [] }
    guard let other = collided[key] else { return [id] }
    return [id, other]
  }
}
