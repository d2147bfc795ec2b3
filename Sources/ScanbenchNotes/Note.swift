import Foundation
import ScanbenchSeam
import ScanbenchStore

/// One recognized image (or page) in the note database: its text and where it came from.
///
/// Encoded with the store's snake_case field names for `--json`.
public struct Note: Codable, Sendable, Equatable, Identifiable {
  public var id: Int64
  public var text: String
  /// When the image was recognized: the record's `time`, as the store wrote it.
  public var recognizedAt: String
  /// When this note was imported (or last replaced), UTC.
  public var importedAt: String
  public var run: String
  /// The archive the image came from.
  public var source: String
  /// The image's path inside the archive.
  public var entry: String
  public var sha256: String
  public var page: Int?
  public var profile: String
  public var lang: String
  public var confidence: Double?
  /// Characters (grapheme clusters) in `text`.
  public var chars: Int
  /// Characters of ground truth, edits and CER, when ground truth existed.
  public var gtChars: Int?
  public var edits: Int?
  public var cer: Double?
  /// How CER was computed (normalization and unit), e.g. `cer/nfc/grapheme`.
  public var metric: String?
  public var engine: EngineIdentity?
  /// Words and lines with their boxes, when the run had `--boxes`.
  public var words: [TextBox]?
  public var lines: [TextBox]?
  /// QR codes and barcodes, when the run had `--barcodes`.
  public var barcodes: [Barcode]?
  /// When the photo was taken, as its EXIF or HEIF metadata says (`CaptureDate`), when it says.
  public var capturedAt: String?
  /// The image's size as recognized (after the turns of `orientation`): the boxes' coordinates.
  public var width: Int?
  public var height: Int?
  /// How the image was turned upright before recognition.
  public var orientation: ResultRecord.Orientation?
  /// When the photo was taken (`capturedAt`), or imported where its metadata does not say: what the
  /// grid groups by.
  public var takenAt: String?
  /// Whether this reading is the one its photo shows (`NoteDatabase.bestReadingOrder`).
  public var isBest: Bool?
  /// Every reading of the photo (this one among them), best first, when asked for
  /// (`NoteDatabase.note(id:)`).
  public var readings: [NoteReading]?

  enum CodingKeys: String, CodingKey {
    case id, text
    case recognizedAt = "recognized_at"
    case importedAt = "imported_at"
    case run, source, entry, sha256, page, profile, lang, confidence, chars
    case gtChars = "gt_chars"
    case edits, cer, metric, engine, words, lines, barcodes
    case capturedAt = "captured_at"
    case width, height, orientation
    case takenAt = "taken_at"
    case isBest = "best"
    case readings
  }

  public init(
    id: Int64, text: String, recognizedAt: String, importedAt: String, run: String, source: String,
    entry: String, sha256: String, page: Int?, profile: String, lang: String, confidence: Double?,
    chars: Int, gtChars: Int?, edits: Int?, cer: Double?, metric: String?, engine: EngineIdentity?
  ) {
    self.id = id
    self.text = text
    self.recognizedAt = recognizedAt
    self.importedAt = importedAt
    self.run = run
    self.source = source
    self.entry = entry
    self.sha256 = sha256
    self.page = page
    self.profile = profile
    self.lang = lang
    self.confidence = confidence
    self.chars = chars
    self.gtChars = gtChars
    self.edits = edits
    self.cer = cer
    self.metric = metric
    self.engine = engine
  }

  /// How the image was turned upright before recognition, in words (the note's page and
  /// `notes show`), or `nil` when the record does not say.
  public var orientationDescription: String? {
    guard let orientation else { return nil }
    if let applied = orientation.applied { return applied }
    if let degrees = orientation.osdDegrees, orientation.osdApplied != true {
      return "not turned (detected \(degrees)°, not applied)"
    }
    return "not turned (upright as stored)"
  }

  /// The first line of the text that is not blank, trimmed (what `notes list` shows).
  public var firstLine: String { Note.firstLine(of: text) }

  static func firstLine(of text: String) -> String {
    // A grid page takes the first line of dozens of notes: over ASCII bytes, where every byte is a
    // character, without the grapheme breaking a walk by `Character` does.
    if let line = asciiFirstLine(of: text) { return line }
    // Line by line from the start: a page of text is not split whole for its first line.
    var rest = Substring(text)
    while !rest.isEmpty {
      let end = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
      var line = rest[..<end].drop(while: \.isWhitespace)
      while line.last?.isWhitespace == true { line.removeLast() }
      if !line.isEmpty { return String(line) }
      rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
    }
    return ""
  }

  /// `firstLine(of:)` when the text is ASCII up to the end of that line, else `nil`. In ASCII the
  /// newlines of `Character.isNewline` are the bytes 0x0A to 0x0D (CR LF is one character, and an
  /// empty line between them here), its other whitespace the tab and the space; a byte of 0x80 or
  /// more may start a character that changes that (a combining mark joins the letter before it).
  private static func asciiFirstLine(of text: String) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      var lineStart = 0
      for index in 0...bytes.count {
        let byte: UInt8 = index < bytes.count ? bytes[index] : 0x0A
        if byte >= 0x80 { return nil }
        guard (0x0A...0x0D).contains(byte) else { continue }
        var first = lineStart
        var end = index
        while first < end, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
        while end > first, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        if first < end {
          return String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self)
        }
        lineStart = index + 1
      }
      return ""
    }
  }

  /// The note as a store record: importing it into another database gives the same note.
  public var resultRecord: ResultRecord {
    var record = ResultRecord(
      run: run, time: recognizedAt, source: source, entry: entry, sha256: sha256, page: page,
      profile: profile, lang: lang,
      engine: engine ?? .unknown)
    record.text = text
    record.confidence = confidence
    record.chars = chars
    record.gtChars = gtChars
    record.edits = edits
    record.cer = cer
    record.metric = metric
    record.words = words
    record.lines = lines
    record.barcodes = barcodes
    record.capturedAt = capturedAt
    record.width = width
    record.height = height
    record.orientation = orientation
    return record
  }
}

/// One recognition of a photo, with its provenance: what a note's page lists of its other readings.
public struct NoteReading: Codable, Sendable, Equatable, Identifiable {
  /// The reading's row (`/notes/ID` shows the photo with this reading).
  public var id: Int64
  public var profile: String
  public var lang: String
  public var run: String
  public var recognizedAt: String
  /// The engine's name and version (`EngineIdentity.label`), when the database knows it.
  public var engine: String?
  public var chars: Int
  public var cer: Double?
  /// Whether the photo shows this reading.
  public var isBest: Bool

  enum CodingKeys: String, CodingKey {
    case id, profile, lang, run
    case recognizedAt = "recognized_at"
    case engine, chars, cer
    case isBest = "best"
  }

  public init(
    id: Int64, profile: String, lang: String, run: String, recognizedAt: String, engine: String?, chars: Int,
    cer: Double?, isBest: Bool
  ) {
    self.id = id
    self.profile = profile
    self.lang = lang
    self.run = run
    self.recognizedAt = recognizedAt
    self.engine = engine
    self.chars = chars
    self.cer = cer
    self.isBest = isBest
  }
}

/// A run as a reader knows it: its profile, its engine and when it started, not its id.
public struct RunDescription: Sendable, Equatable {
  public var run: String
  public var profile: String
  public var engine: String?
  /// When its first reading was recognized.
  public var startedAt: String

  public init(run: String, profile: String, engine: String?, startedAt: String) {
    self.run = run
    self.profile = profile
    self.engine = engine
    self.startedAt = startedAt
  }
}

/// A line of `notes list`: enough to pick a note, without its whole text.
public struct NoteSummary: Codable, Sendable, Equatable, Identifiable {
  public var id: Int64
  public var recognizedAt: String
  public var chars: Int
  public var firstLine: String
  public var source: String
  public var entry: String
  public var page: Int?
  public var lang: String?
  /// When the photo was taken, when its metadata says.
  public var capturedAt: String?
  /// Whether the image had QR codes or barcodes.
  public var hasCodes: Bool?
  /// When the photo was taken, or imported where its metadata does not say (`Note.takenAt`).
  public var takenAt: String?
  /// The profile of the reading shown.
  public var profile: String?

  enum CodingKeys: String, CodingKey {
    case id
    case recognizedAt = "recognized_at"
    case chars
    case firstLine = "first_line"
    case source, entry, page, lang
    case capturedAt = "captured_at"
    case hasCodes = "has_codes"
    case takenAt = "taken_at"
    case profile
  }

  public init(
    id: Int64, recognizedAt: String, chars: Int, firstLine: String, source: String, entry: String
  ) {
    self.id = id
    self.recognizedAt = recognizedAt
    self.chars = chars
    self.firstLine = firstLine
    self.source = source
    self.entry = entry
  }
}

/// What `notes list` and the list page show: newest first (by when the images were recognized or
/// when the photos were taken), filtered, a page at a time.
public struct NoteListQuery: Sendable, Equatable {
  /// At most this many notes; `nil` for all.
  public var limit: Int?
  public var filter: NoteFilter
  public var order: NoteOrder
  /// The page after this note (keyset paging: as fast on the last page as on the first).
  public var after: NoteCursor?
  /// The page just before this note (the newer page); wins over `after`.
  public var before: NoteCursor?
  /// Notes skipped before the first one shown (a scan over them: `after` is the fast way).
  public var offset: Int

  public init(
    limit: Int? = 20, filter: NoteFilter = NoteFilter(), order: NoteOrder = .recognized,
    after: NoteCursor? = nil, offset: Int = 0, before: NoteCursor? = nil
  ) {
    self.before = before
    self.limit = limit
    self.filter = filter
    self.order = order
    self.after = after
    self.offset = offset
  }

  /// `notes list --since --source`.
  public init(limit: Int? = 20, since: Double?, source: String?) {
    self.init(limit: limit, filter: NoteFilter(source: source, since: since))
  }
}

/// The hits of a search, and how many photos match in all.
public struct NoteSearchResult: Sendable, Equatable {
  public var hits: [NoteSearchHit]
  /// Photos that match (each once, however many of its readings do), within the ranked window.
  public var total: Int
  /// Whether `total` is a lower bound: more readings matched than are ranked
  /// (`NoteDatabase.rankWindow`), or code and text matches may overlap beyond those read.
  public var totalIsLowerBound: Bool

  public init(hits: [NoteSearchHit], total: Int, totalIsLowerBound: Bool) {
    self.hits = hits
    self.total = total
    self.totalIsLowerBound = totalIsLowerBound
  }
}

/// One search result: the note, where the query matched (highlighted), and how well.
public struct NoteSearchHit: Codable, Sendable, Equatable, Identifiable {
  public var id: Int64
  public var recognizedAt: String
  public var chars: Int
  public var source: String
  public var entry: String
  /// The text around the first match, the matches between `SearchOptions.highlight` markers.
  public var snippet: String
  /// Relevance (the negated bm25 rank: higher is better); `nil` when the query was too short for
  /// the full-text index and the notes were scanned instead (those come newest first).
  public var score: Double?
  public var page: Int?
  public var lang: String?
  public var capturedAt: String?
  /// Whether the match is in a QR code's or barcode's payload (the snippet shows the payload).
  public var inCode: Bool?
  /// When the photo was taken, or imported (`Note.takenAt`).
  public var takenAt: String?
  /// The profile of the reading that matched (a photo is found once, through its best-ranked
  /// matching reading).
  public var profile: String?

  enum CodingKeys: String, CodingKey {
    case id
    case recognizedAt = "recognized_at"
    case chars, source, entry, snippet, score, page, lang
    case capturedAt = "captured_at"
    case inCode = "in_code"
    case takenAt = "taken_at"
    case profile
  }

  public init(
    id: Int64, recognizedAt: String, chars: Int, source: String, entry: String, snippet: String,
    score: Double?
  ) {
    self.id = id
    self.recognizedAt = recognizedAt
    self.chars = chars
    self.source = source
    self.entry = entry
    self.snippet = snippet
    self.score = score
  }
}

public struct SearchOptions: Sendable, Equatable {
  public var limit: Int
  /// Hits skipped before the first one returned (the next page of results).
  public var offset: Int
  /// Put around each match in the snippet, e.g. `("[", "]")` or ANSI bold on a terminal.
  public var highlight: (open: String, close: String)
  /// Applied to the snippet's text outside the marks (e.g. HTML escaping), before they are added.
  public var escape: (@Sendable (String) -> String)?
  /// About this many characters of context on each side of the first match.
  public var context: Int
  /// Only notes that pass this filter.
  public var filter: NoteFilter

  public init(
    limit: Int = 20, offset: Int = 0, highlight: (open: String, close: String) = ("[", "]"),
    escape: (@Sendable (String) -> String)? = nil, context: Int = 40, filter: NoteFilter = NoteFilter()
  ) {
    self.limit = limit
    self.offset = offset
    self.highlight = highlight
    self.escape = escape
    self.context = context
    self.filter = filter
  }

  public static func == (lhs: SearchOptions, rhs: SearchOptions) -> Bool {
    lhs.limit == rhs.limit && lhs.offset == rhs.offset && lhs.highlight == rhs.highlight
      && lhs.context == rhs.context && lhs.filter == rhs.filter && (lhs.escape == nil) == (rhs.escape == nil)
  }
}
