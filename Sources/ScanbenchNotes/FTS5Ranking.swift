import CSQLite
import Foundation

/// `scanbench_bm25(table, sizes, sizeCount, documents₁, phrases₁, documents₂, phrases₂, …)`: FTS5's
/// own `bm25()`, to the bit, with three things given instead of found per query:
/// - each term's document count (`documentsᵢ`: how many rows match it alone), which `bm25()`
///   counts by reading every match of the term on each query (a common word's whole posting list,
///   tens of milliseconds at a million notes), and which `SearchStatistics` keeps between queries;
/// - which phrases of the MATCH expression make up one term: `phrasesᵢ` consecutive phrases, e.g.
///   the words a prefix stands for (`("for" OR "forest")` instead of `"for"*`, which FTS5 answers
///   by merging every such word's whole posting list first). A term's frequency in a row is the
///   sum over its phrases, as the prefix phrase's would be;
/// - each row's size in tokens, from `sizes` (`DocumentSizes`, bound as a pointer, `sizeCount`
///   entries by rowid) instead of a lookup in the index's `_docsize` table for each row ranked
///   (three fifths of the ranking's time); a NULL `sizes`, a rowid past it or an entry too large
///   for it is looked up as before.
///
/// With one phrase per term and the counts `bm25()` would find, the result is `bm25()`'s: the same
/// formula on the same integers, in the same order (held to it by `NoteSearchRankingTests`).
enum FTS5Ranking {
  static let functionName = "scanbench_bm25"

  /// Makes `scanbench_bm25` known to `connection` (each connection has its own FTS5 registry).
  static func register(on connection: SQLiteConnection) throws {
    guard let api = scanbench_fts5_api(connection.handle), let create = api.pointee.xCreateFunction else {
      throw NoteDatabaseError(
        kind: .sqlite(code: .SQLITE_ERROR), path: connection.path,
        message: "this SQLite has no FTS5, which the note database needs")
    }
    try connection.check(create(api, functionName, nil, rank, nil))
  }

  /// bm25's constants (SQLite's `fts5_aux.c`).
  private static let k1 = 1.2
  private static let b = 0.75

  /// The function FTS5 calls for each row it ranks.
  private static let rank: fts5_extension_function = { api, context, result, count, values in
    guard let api = api?.pointee, let context, let values, count >= 4, count % 2 == 0 else {
      sqlite3_result_error(
        result, "\(FTS5Ranking.functionName): sizes, their count and (documents, phrases) pairs expected", -1)
      return
    }
    guard let phraseCount = api.xPhraseCount?(context), let rowCount = api.xRowCount,
      let totalSize = api.xColumnTotalSize, let columnSize = api.xColumnSize, let first = api.xPhraseFirst,
      let next = api.xPhraseNext, let rowid = api.xRowid
    else {
      sqlite3_result_error_code(result, SQLITE_MISUSE)
      return
    }
    var rows: sqlite3_int64 = 0
    var tokens: sqlite3_int64 = 0
    var code = rowCount(context, &rows)
    if code == SQLITE_OK { code = totalSize(context, -1, &tokens) }
    // The row's size: kept, or looked up.
    var size: Int32 = -1
    if let sizes = sqlite3_value_pointer(values[0], scanbench_document_sizes_type()) {
      let id = rowid(context)
      if id >= 0, id < sqlite3_value_int64(values[1]) {
        let kept = sizes.assumingMemoryBound(to: UInt16.self)[Int(id)]
        if kept != DocumentSizes.unknown { size = Int32(kept) }
      }
    }
    if code == SQLITE_OK, size < 0 { code = columnSize(context, -1, &size) }
    guard code == SQLITE_OK else {
      sqlite3_result_error_code(result, code)
      return
    }
    let averageSize = Double(tokens) / Double(rows)
    let documentSize = Double(size)

    var score = 0.0
    var phrase: Int32 = 0
    var iterator = Fts5PhraseIter()
    for pair in stride(from: 2, to: Int(count), by: 2) {
      let documents = sqlite3_value_int64(values[pair])
      let phrases = Int32(clamping: sqlite3_value_int64(values[pair + 1]))
      guard phrases >= 1, phrase + phrases <= phraseCount else {
        sqlite3_result_error(result, "\(FTS5Ranking.functionName): more phrases than the query has", -1)
        return
      }
      // How often the term occurs in this row: every position of each of its phrases.
      var frequency = 0.0
      for _ in 0..<phrases {
        var column: Int32 = 0
        var offset: Int32 = 0
        code = first(context, phrase, &iterator, &column, &offset)
        guard code == SQLITE_OK else {
          sqlite3_result_error_code(result, code)
          return
        }
        while column >= 0 {
          frequency += 1
          next(context, &iterator, &column, &offset)
        }
        phrase += 1
      }
      // bm25's IDF, with its floor for a term in more than half of the rows.
      var idf = log((Double(rows - documents) + 0.5) / (Double(documents) + 0.5))
      if idf <= 0.0 { idf = 1e-6 }
      score += idf * ((frequency * (k1 + 1.0)) / (frequency + k1 * (1 - b + b * documentSize / averageSize)))
    }
    guard phrase == phraseCount else {
      sqlite3_result_error(result, "\(FTS5Ranking.functionName): fewer phrases than the query has", -1)
      return
    }
    sqlite3_result_double(result, -1.0 * score)
  }
}
