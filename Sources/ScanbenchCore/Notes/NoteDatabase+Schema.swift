/// The schema, one migration per version: version N is reached by running `migrations[N - 1]` on a
/// database at version N - 1, in the same transaction that sets `PRAGMA user_version = N`.
///
/// Never edit a shipped migration; add the next one.
extension NoteDatabase {
  /// The scanbench marker in the database header (`PRAGMA application_id`): "SBNT".
  public static let applicationID: Int32 = 0x5342_4E54

  /// The newest schema this binary knows.
  public static var schemaVersion: Int { migrations.count }

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
    """
  ]
}
