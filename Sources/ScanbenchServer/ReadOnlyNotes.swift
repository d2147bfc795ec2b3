import Foundation
import ScanbenchNotes

/// Read-only connections to the note database, at most `connections` of them: a connection is
/// taken for one request and given back after it, so each is used by one thread at a time, and a
/// request that finds them all taken waits for one (the server has a thread for each of its
/// connections, hundreds: their queries take turns on a few). They share what search keeps between
/// queries (`SearchStatistics`: it is the same file).
final class ReadOnlyNotes: @unchecked Sendable {
  // @unchecked: `idle` and `open` are read and written only under `lock`; a `NoteDatabase` taken out
  // of `idle` belongs to the one request that took it until it is put back.
  private let lock = NSCondition()
  private var idle: [NoteDatabase] = []
  /// Connections open, idle or taken.
  private var open = 0
  let path: String
  private let connections: Int
  private let statistics = SearchStatistics(keepsDocumentSizes: true)

  /// Opens (and checks) the database once now, so that a file that cannot be served is refused
  /// before the server listens.
  init(path: String, connections: Int) throws {
    self.path = path
    self.connections = max(1, connections)
    idle = [try NoteDatabase(readOnlyPath: path, statistics: statistics)]
    open = 1
  }

  /// Runs `body` with a connection of its own.
  func with<T>(_ body: (NoteDatabase) throws -> T) throws -> T {
    let database = try take()
    defer { giveBack(database) }
    return try body(database)
  }

  private func take() throws -> NoteDatabase {
    lock.lock()
    while idle.isEmpty && open >= connections { lock.wait() }
    if let database = idle.popLast() {
      lock.unlock()
      return database
    }
    open += 1
    lock.unlock()
    do {
      return try NoteDatabase(readOnlyPath: path, statistics: statistics)
    } catch {
      lock.lock()
      open -= 1
      lock.signal()
      lock.unlock()
      throw error
    }
  }

  private func giveBack(_ database: NoteDatabase) {
    lock.lock()
    defer { lock.unlock() }
    idle.append(database)
    lock.signal()
  }
}
