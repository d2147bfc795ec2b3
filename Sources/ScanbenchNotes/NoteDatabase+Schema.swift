/// The schema, one migration per version: version N is reached by running `migrations[N - 1]` on a
/// database at version N - 1, in the same transaction that sets `PRAGMA user_version = N`.
///
/// Never edit a shipped migration; add the next one.
extension NoteDatabase {
  /// The scanbench marker in the database header (`PRAGMA application_id`): "SBNT".
  public static let applicationID: Int32 = 0x5342_4E54

  /// The newest schema this binary knows.
  public static var schemaVersion: Int { migrations.count }

  /// Schema versions a scanbench may have written: from 0 (a marked file not yet migrated) to far
  /// beyond this binary's, but not negative or in the millions.
  static let plausibleSchemaVersions = 0...10_000

  static let migrations: [String] = [
    // 1: notes, their unique key, the list orders, engines, and the trigram full-text index
    // (external content: the text is stored once, in `note`).
    //
    // NoteImporter writes the index entries of the notes it inserts or replaces itself: with an
    // INSERT trigger every row's statement opens a savepoint, which makes FTS5 flush its pending
    // index at each row and the import several times slower. Deleting a note goes through the
    // trigger.
    """
    CREATE TABLE engine (
      id INTEGER PRIMARY KEY,
      identity TEXT NOT NULL UNIQUE
    );
    CREATE TABLE note (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      text TEXT NOT NULL,
      recognized_at TEXT NOT NULL,
      recognized_unix REAL NOT NULL,
      imported_at TEXT NOT NULL,
      run TEXT NOT NULL,
      source TEXT NOT NULL,
      entry TEXT NOT NULL,
      sha256 TEXT NOT NULL,
      page INTEGER,
      profile TEXT NOT NULL,
      lang TEXT NOT NULL,
      confidence REAL,
      chars INTEGER NOT NULL,
      gt_chars INTEGER,
      edits INTEGER,
      cer REAL,
      metric TEXT,
      engine_id INTEGER REFERENCES engine(id)
    );
    CREATE UNIQUE INDEX note_key ON note(sha256, ifnull(page, -1), profile, lang);
    CREATE INDEX note_recognized ON note(recognized_unix);
    CREATE INDEX note_source ON note(source, recognized_unix);
    CREATE VIRTUAL TABLE note_fts USING fts5(
      text, content = 'note', content_rowid = 'id', tokenize = 'trigram'
    );
    CREATE TRIGGER note_fts_delete AFTER DELETE ON note BEGIN
      INSERT INTO note_fts(note_fts, rowid, text) VALUES ('delete', old.id, old.text);
    END;
    """,

    // 2: two full-text indexes instead of one trigram index over every note (import was ~11k
    // notes/s, common words matched huge trigram posting lists):
    // - `note_words`: the words (`unicode61`, diacritics folded) of every note, for word queries;
    // - `note_cjk`: the trigrams of `note.cjk_text` only, the lines of a note that have Han,
    //   Hiragana or Katakana (Japanese has no spaces, so `unicode61` makes a whole sentence one
    //   token), NULL for the others: for substring queries with CJK characters. Its content is the
    //   view `note_cjk_content`, so FTS5's integrity check, 'rebuild' and the delete trigger see
    //   exactly what was indexed.
    // `cjk_text` is written by NoteImporter (`NoteDatabase.cjkLines`); this migration's Swift step
    // (`afterMigration`) fills it for the existing notes and builds both indexes.
    """
    DROP TRIGGER note_fts_delete;
    DROP TABLE note_fts;
    ALTER TABLE note ADD COLUMN cjk_text TEXT;
    CREATE VIEW note_cjk_content AS SELECT id, cjk_text AS text FROM note WHERE cjk_text IS NOT NULL;
    CREATE VIRTUAL TABLE note_words USING fts5(
      text, content = 'note', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE VIRTUAL TABLE note_cjk USING fts5(
      text, content = 'note_cjk_content', content_rowid = 'id', tokenize = 'trigram'
    );
    CREATE TRIGGER note_fts_delete AFTER DELETE ON note BEGIN
      INSERT INTO note_words (note_words, rowid, text) VALUES ('delete', old.id, old.text);
      INSERT INTO note_cjk (note_cjk, rowid, text)
        SELECT 'delete', old.id, old.cjk_text WHERE old.cjk_text IS NOT NULL;
    END;
    """,

    // 3: FTS5 keeps up to 1 MB of new index entries in memory before it writes them as a segment
    // (and merges segments); 64 MB makes a 50,000-note batch one or two segments instead of dozens,
    // which halves the cost of indexing an import. A transaction's commit writes them out anyway,
    // so the memory is bounded by the batch. The setting lives in each index's config table.
    """
    INSERT INTO note_words (note_words, rank) VALUES ('hashsize', 67108864);
    INSERT INTO note_cjk (note_cjk, rank) VALUES ('hashsize', 67108864);
    """,

    // 4: what `--boxes` and `--barcodes` add to a record. `layout` holds the words and lines with
    // their boxes as JSON (`{"lines": [...], "words": [...]}`), `barcodes` the decoded codes as
    // JSON, `code_text` their payloads one per line, for search: a note's codes are searched by
    // substring, so the partial index lists only the notes that have any.
    """
    ALTER TABLE note ADD COLUMN layout TEXT;
    ALTER TABLE note ADD COLUMN barcodes TEXT;
    ALTER TABLE note ADD COLUMN code_text TEXT;
    CREATE INDEX note_with_codes ON note(recognized_unix) WHERE code_text IS NOT NULL;
    """,

    // 5: when a photo was taken (`captured_at`, `CaptureDate`: EXIF DateTimeOriginal or HEIF's Exif
    // item), for the list by capture date and its year and month filters (a partial index: notes
    // of scans have none); the size of the image as recognized and how it was turned upright (the
    // record's `orientation` as JSON), so that a page can draw the boxes where they were found; and
    // the list's run and language filters, each an index that keeps its notes newest first, so a
    // filtered page is a seek, not a scan of a million notes.
    """
    ALTER TABLE note ADD COLUMN captured_at TEXT;
    ALTER TABLE note ADD COLUMN width INTEGER;
    ALTER TABLE note ADD COLUMN height INTEGER;
    ALTER TABLE note ADD COLUMN orientation TEXT;
    CREATE INDEX note_captured ON note(captured_at) WHERE captured_at IS NOT NULL;
    CREATE INDEX note_run ON note(run, recognized_unix);
    CREATE INDEX note_lang ON note(lang, recognized_unix);
    """,

    // 6: a photo is one note. A photo is an image (its `sha256` and `page`); each row of `note` is
    // a *reading* of it (one profile, language, engine and run), kept whole. `best` is 1 on the
    // reading the photo shows (`NoteDatabase.bestReadingOrder`) and NULL on the others, so a list
    // of photos is a list of best readings; `taken_at` is when the photo was taken, or when it was
    // imported where its metadata does not say, for the grid by month. The photo indexes are partial
    // (best readings only), each keeping its notes newest first for a filter; `note_other_readings`
    // lists the readings not shown, so that a database where every photo has one reading is known
    // at once. The Swift step (`afterMigration`) chooses the best reading of every photo, then builds
    // the indexes (`photoIndexes`: cheaper than keeping them through a million updates).
    """
    ALTER TABLE note ADD COLUMN best INTEGER;
    ALTER TABLE note ADD COLUMN taken_at TEXT AS (coalesce(captured_at, imported_at)) VIRTUAL;
    """,

    // 7: the word index with prefix indexes of three and four characters (`prefix = '3 4'`). A
    // query of a short prefix that begins more words than search spells out
    // (`maximumPrefixWords`: "tre", "trea") made FTS5 merge every such word's whole posting list
    // before its first match; with these indexes it reads the prefix's own list, newest first, as
    // far as the rank window. The same notes match, with the same counts, so the same ranks. FTS5
    // cannot add them to an index: it is made again from `note` (its content table), and its
    // delete trigger, which names it, finds the new one.
    """
    DROP TABLE note_words;
    CREATE VIRTUAL TABLE note_words USING fts5(
      text, content = 'note', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2',
      prefix = '3 4'
    );
    INSERT INTO note_words (note_words, rank) VALUES ('hashsize', 67108864);
    INSERT INTO note_words (note_words) VALUES ('rebuild');
    """,
  ]

  /// Which reading of a photo it shows, as SQL `ORDER BY` terms (the first row wins): the one with
  /// the lowest CER where any was scored against ground truth; then an `accurate` one before the
  /// others; then the one recognized last; then the one imported last.
  static let bestReadingOrder =
    "cer IS NULL, cer, profile <> 'accurate', recognized_unix DESC, id DESC"

  /// Marks the best reading of every photo (the whole table: a migration, the end of a bulk import).
  static let chooseEveryBestReading = """
    UPDATE note SET best = NULL WHERE best IS NOT NULL;
    UPDATE note SET best = 1 WHERE id IN (
      SELECT id FROM (
        SELECT id, row_number() OVER (
          PARTITION BY sha256, ifnull(page, -1) ORDER BY \(bestReadingOrder)) AS place
        FROM note)
      WHERE place = 1);
    """

  /// Marks the best reading of one photo (`?1` its SHA-256, `?2` its page or -1), through `note_key`.
  static let chooseBestReading = """
    UPDATE note SET best = CASE WHEN id = (
        SELECT id FROM note WHERE sha256 = ?1 AND ifnull(page, -1) = ?2 ORDER BY \(bestReadingOrder) LIMIT 1)
      THEN 1 END
    WHERE sha256 = ?1 AND ifnull(page, -1) = ?2
    """

  /// The indexes on `note` besides its primary key, as migrations 1, 4, 5 and 6 created them. A bulk
  /// import into an empty database drops `note_key` and builds it once at its end (see
  /// `NoteImporter`); a database such an import was killed in has it rebuilt when it is next opened.
  static let noteIndexes = """
    CREATE UNIQUE INDEX IF NOT EXISTS note_key ON note(sha256, ifnull(page, -1), profile, lang);
    CREATE INDEX IF NOT EXISTS note_recognized ON note(recognized_unix);
    CREATE INDEX IF NOT EXISTS note_source ON note(source, recognized_unix);
    CREATE INDEX IF NOT EXISTS note_with_codes ON note(recognized_unix) WHERE code_text IS NOT NULL;
    CREATE INDEX IF NOT EXISTS note_captured ON note(captured_at) WHERE captured_at IS NOT NULL;
    CREATE INDEX IF NOT EXISTS note_run ON note(run, recognized_unix);
    CREATE INDEX IF NOT EXISTS note_lang ON note(lang, recognized_unix);
    """ + photoIndexes

  /// The indexes of migration 6, on a photo's `best` reading.
  static let photoIndexes = """
    CREATE INDEX IF NOT EXISTS note_photo_taken ON note(taken_at) WHERE best = 1;
    CREATE INDEX IF NOT EXISTS note_photo_recognized ON note(recognized_unix) WHERE best = 1;
    CREATE INDEX IF NOT EXISTS note_photo_source ON note(source, taken_at) WHERE best = 1;
    CREATE INDEX IF NOT EXISTS note_photo_run ON note(run, taken_at) WHERE best = 1;
    CREATE INDEX IF NOT EXISTS note_photo_lang ON note(lang, taken_at) WHERE best = 1;
    CREATE INDEX IF NOT EXISTS note_other_readings ON note(sha256) WHERE best IS NULL;
    """
  static let noteIndexNames =
    [
      "note_key", "note_recognized", "note_source", "note_with_codes", "note_captured", "note_run",
      "note_lang",
    ] + photoIndexNames
  static let photoIndexNames = [
    "note_photo_taken", "note_photo_recognized", "note_photo_source", "note_photo_run", "note_photo_lang",
    "note_other_readings",
  ]

  /// Whether every index of `noteIndexes` exists (one read of the schema).
  func hasNoteIndexes() throws -> Bool { try NoteDatabase.hasNoteIndexes(connection) }

  static func hasNoteIndexes(_ connection: SQLiteConnection) throws -> Bool {
    let names = NoteDatabase.noteIndexNames.map { "'\($0)'" }.joined(separator: ", ")
    let count = try connection.integer(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name IN (\(names))")
    return count == Int64(NoteDatabase.noteIndexNames.count)
  }

  /// Builds the indexes of `noteIndexes` that are missing, and chooses every photo's best reading
  /// (an import that dropped them had not yet), in one transaction.
  func restoreNoteIndexes() throws {
    guard try !hasNoteIndexes() else { return }
    try connection.transaction {
      try connection.execute(NoteDatabase.chooseEveryBestReading)
      try connection.execute(NoteDatabase.noteIndexes)
    }
  }

  /// The part of a migration SQL cannot do, run right after `migrations[version - 1]` in the same
  /// transaction.
  static func afterMigration(to version: Int, connection: SQLiteConnection) throws {
    if version == 6 {
      try connection.execute(chooseEveryBestReading)
      try connection.execute(photoIndexes)
    }
    guard version == 2 else { return }
    let select = try connection.prepare("SELECT id, text FROM note")
    let update = try connection.prepare("UPDATE note SET cjk_text = :cjk_text WHERE id = :id")
    while try select.step() {
      guard let lines = cjkLines(select.string(at: 1) ?? "") else { continue }
      try update.bind(SQLiteValue(select.int64(at: 0)), named: ":id")
      try update.bind(.text(lines), named: ":cjk_text")
      try update.step()
      update.reset()
    }
    try connection.execute(
      """
      INSERT INTO note_words (note_words) VALUES ('rebuild');
      INSERT INTO note_cjk (note_cjk) VALUES ('rebuild');
      """)
  }

  /// The code points that put a line of a note in the trigram index `note_cjk` (Hiragana,
  /// Katakana, CJK Unified Ideographs and Extension A, Compatibility Ideographs, half-width
  /// Katakana), and send a query term to it.
  static let cjkRanges: [ClosedRange<UInt32>] = [
    0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F,
  ]

  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    cjkRanges.contains { $0.contains(scalar.value) }
  }

  /// Whether `text` has a character of `cjkRanges` (all encoded in UTF-8 from a lead byte 0xE3 up).
  static func containsCJK<S: StringProtocol>(_ text: S) -> Bool {
    text.utf8.contains { $0 >= 0xE3 } && text.unicodeScalars.contains(where: isCJK)
  }

  /// What the trigram index holds of a note (`note.cjk_text`): its lines (split at U+000A) that
  /// have a CJK character, joined by U+000A, or `nil` if none has. Every occurrence in `text` of a
  /// term with a CJK character and no line break is within one such line, so the trigram index
  /// finds exactly the notes a scan of the whole text would.
  static func cjkLines(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      guard bytes.contains(where: { $0 >= 0xE3 }) else { return nil }
      // Every scalar of `cjkRanges` is a three-byte sequence with a lead byte from 0xE3 to 0xEF;
      // the string is valid UTF-8, so a lead byte is followed by its two continuation bytes.
      var kept: [UInt8] = []
      var lineStart = 0
      var lineHasCJK = false
      var index = 0
      while index <= bytes.count {
        if index == bytes.count || bytes[index] == 0x0A {
          if lineHasCJK {
            if !kept.isEmpty { kept.append(0x0A) }
            kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]))
          }
          lineStart = index + 1
          lineHasCJK = false
          index += 1
          continue
        }
        let lead = bytes[index]
        if !lineHasCJK, lead >= 0xE3, lead <= 0xEF, index + 2 < bytes.count {
          let value =
            UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
          lineHasCJK = cjkRanges.contains { $0.contains(value) }
        }
        index += 1
      }
      return kept.isEmpty ? nil : String(decoding: kept, as: UTF8.self)
    }
  }
}
