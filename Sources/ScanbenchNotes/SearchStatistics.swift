import Foundation
import Synchronization

/// What ranking needs beyond a query's matches, kept between searches while the full-text indexes
/// stay as they were: how many notes each term matches (bm25's document frequency: counting it
/// reads every match of the term, tens of milliseconds for a common word at a million notes),
/// which indexed words a prefix stands for and, if asked for, every note's size in tokens
/// (`DocumentSizes`). Everything kept is forgotten as soon as the indexes change (an import, a
/// delete): their state, FTS5's structure and totals records, is read at the start of each search,
/// in the same read transaction as the search itself.
///
/// One per database file: `notes serve` gives one to all its connections; a `NoteDatabase` made
/// without one has its own.
public final class SearchStatistics: Sendable {
  private struct State {
    /// FTS5's records that change with every write to an index.
    var version: String
    var documents: [String: Int64] = [:]
    var words: [String: [String]] = [:]
    /// By index; `nil` while one search reads them.
    var sizes: [String: DocumentSizes?] = [:]
  }

  private let state = Mutex<State?>(nil)
  /// Entries kept at most (of each kind); past it, all are forgotten.
  private let capacity: Int
  /// Whether the notes' sizes are read and kept (2 bytes a note, read in ~0.2 s a million notes,
  /// then ~0.6 µs saved for each note ranked): for a server, which ranks many queries.
  let keepsDocumentSizes: Bool

  public init(capacity: Int = 50_000, keepsDocumentSizes: Bool = false) {
    self.capacity = capacity
    self.keepsDocumentSizes = keepsDocumentSizes
  }

  /// The document count of `key` at the indexes' `version`, if known.
  func documents(_ key: String, version: String) -> Int64? {
    state.withLock { $0?.version == version ? $0?.documents[key] : nil }
  }

  func store(documents: Int64, for key: String, version: String) {
    update(version) { state in
      if state.documents.count >= capacity { state.documents = [:] }
      state.documents[key] = documents
    }
  }

  /// The indexed words that begin with `prefix` at the indexes' `version`, if known.
  func words(_ prefix: String, version: String) -> [String]? {
    state.withLock { $0?.version == version ? $0?.words[prefix] : nil }
  }

  func store(words: [String], for prefix: String, version: String) {
    update(version) { state in
      if state.words.count >= capacity { state.words = [:] }
      state.words[prefix] = words
    }
  }

  /// The sizes of `index` at `version`, if kept.
  func documentSizes(_ index: String, version: String) -> DocumentSizes? {
    state.withLock { $0?.version == version ? $0?.sizes[index] ?? nil : nil }
  }

  /// Whether the caller is to read the sizes of `index` at `version` (and then `store` them):
  /// `false` when another search is reading them, or has found them not worth keeping.
  func claimDocumentSizes(_ index: String, version: String) -> Bool {
    var claimed = false
    update(version) { state in
      guard state.sizes.index(forKey: index) == nil else { return }
      state.sizes[index] = .some(nil)
      claimed = true
    }
    return claimed
  }

  /// Stores what a claim read (`nil`: nothing to keep, which is not asked again at this version).
  func store(sizes: DocumentSizes?, for index: String, version: String) {
    update(version) { state in state.sizes[index] = .some(sizes) }
  }

  /// Gives back a claim whose reading failed.
  func abandonDocumentSizes(_ index: String, version: String) {
    update(version) { state in state.sizes[index] = nil }
  }

  /// Changes the state of `version`, first forgetting another version's: two searches on either
  /// side of a write keep the cache correct (if not warm).
  private func update(_ version: String, _ change: (inout State) -> Void) {
    state.withLock { state in
      var current = state?.version == version ? state ?? State(version: version) : State(version: version)
      state = nil  // `current` the only reference: changed in place, not copied
      change(&current)
      state = current
    }
  }
}

/// Each row's size in tokens in one full-text index, by rowid: FTS5's `_docsize` table read once
/// (two bytes a note), so that ranking does not look each ranked row up in it.
final class DocumentSizes: Sendable {
  /// An entry for no row, or for a row of more tokens than the entry holds.
  static let unknown = UInt16.max
  /// The most rowids kept (a table of ids beyond it is not kept): 128 MB.
  static let maximumRowids: Int64 = 64 << 20

  let sizes: [UInt16]

  private init(sizes: [UInt16]) {
    self.sizes = sizes
  }

  /// Reads `index`'s `_docsize` table (one row per note: its id and the token count of its one
  /// column, an SQLite varint); `nil` when the ids go beyond `maximumRowids`.
  static func load(index: String, connection: SQLiteConnection) throws -> DocumentSizes? {
    let largest = try connection.integer("SELECT max(id) FROM \(index)_docsize") ?? 0
    guard largest >= 0, largest < maximumRowids else { return nil }
    var sizes = [UInt16](repeating: unknown, count: Int(largest) + 1)
    let rows = try connection.prepare("SELECT id, sz FROM \(index)_docsize")
    while try rows.step() {
      guard let id = rows.int64(at: 0), id >= 0, id <= largest else { continue }
      sizes[Int(id)] = rows.withBytes(at: 1) { bytes in
        // A varint: 7 bits a byte, the last byte's top bit clear.
        var value = 0
        for byte in bytes.prefix(3) {
          value = value << 7 | Int(byte & 0x7F)
          if byte < 0x80 { return value < Int(unknown) ? UInt16(value) : unknown }
        }
        return unknown
      }
    }
    return DocumentSizes(sizes: sizes)
  }
}
