import Foundation
import ScanbenchNotes

/// Read-only connections to the note database, one per request in flight: a connection is taken
/// for one request and given back after it, so each is used by one thread at a time. They share
/// what search keeps between queries (`SearchStatistics`: it is the same file).
final class ReadOnlyNotes: @unchecked Sendable {
  // @unchecked: `idle` is read and written only under `lock`; a `NoteDatabase` taken out of it
  // belongs to the one request that took it until it is put back.
  private let lock = NSLock()
  private var idle: [NoteDatabase] = []
  let path: String
  private let keep: Int
  private let statistics = SearchStatistics(keepsDocumentSizes: true)

  /// Opens (and checks) the database once now, so that a file that cannot be served is refused
  /// before the server listens.
  init(path: String, keep: Int) throws {
    self.path = path
    self.keep = max(1, keep)
    idle = [try NoteDatabase(readOnlyPath: path, statistics: statistics)]
  }

  /// Runs `body` with a connection of its own.
  func with<T>(_ body: (NoteDatabase) throws -> T) throws -> T {
    let database = try take()
    defer { giveBack(database) }
    return try body(database)
  }

  private func take() throws -> NoteDatabase {
    lock.lock()
    let database = idle.popLast()
    lock.unlock()
    return try database ?? NoteDatabase(readOnlyPath: path, statistics: statistics)
  }

  private func giveBack(_ database: NoteDatabase) {
    lock.lock()
    defer { lock.unlock() }
    if idle.count < keep { idle.append(database) }
  }
}
