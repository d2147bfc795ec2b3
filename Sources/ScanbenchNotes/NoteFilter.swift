import Foundation
import ScanbenchSupport

/// Which notes a list or a search shows: every condition set must hold.
public struct NoteFilter: Sendable, Equatable, Hashable {
  /// The archive or folder (the store's `source`, exactly).
  public var source: String?
  /// The run id.
  public var run: String?
  /// The language (`eng`, `jpn`, …).
  public var lang: String?
  /// Only notes of images that had QR codes or barcodes.
  public var hasCodes: Bool
  /// Only photos taken in this year or month.
  public var captured: CapturePeriod?
  /// Only notes recognized at or after this time (seconds since 1970, see `Timestamp.parse`).
  public var since: Double?
  /// Only photos taken (or, without a capture date, imported) within these days.
  public var taken: TakenRange?

  public init(
    source: String? = nil, run: String? = nil, lang: String? = nil, hasCodes: Bool = false,
    captured: CapturePeriod? = nil, since: Double? = nil, taken: TakenRange? = nil
  ) {
    self.taken = taken
    self.source = source
    self.run = run
    self.lang = lang
    self.hasCodes = hasCodes
    self.captured = captured
    self.since = since
  }

  public var isEmpty: Bool { self == NoteFilter() }

  /// The SQL conditions on `note` (each to be joined with AND), with named parameters (`:source`).
  var conditions: [String] {
    var conditions: [String] = []
    if source != nil { conditions.append("note.source = :filter_source") }
    if run != nil { conditions.append("note.run = :filter_run") }
    if lang != nil { conditions.append("note.lang = :filter_lang") }
    if hasCodes { conditions.append("note.code_text IS NOT NULL") }
    if captured != nil {
      conditions.append("note.captured_at >= :captured_from AND note.captured_at < :captured_before")
    }
    if since != nil { conditions.append("note.recognized_unix >= :filter_since") }
    if taken?.from != nil { conditions.append("note.taken_at >= :taken_from") }
    if taken?.before != nil { conditions.append("note.taken_at < :taken_before") }
    return conditions
  }

  /// Binds the parameters of `conditions`.
  func bind(to statement: SQLiteStatement) throws {
    if let source { try statement.bind(.text(source), named: ":filter_source") }
    if let run { try statement.bind(.text(run), named: ":filter_run") }
    if let lang { try statement.bind(.text(lang), named: ":filter_lang") }
    if let captured {
      try statement.bind(.text(captured.lowerBound), named: ":captured_from")
      try statement.bind(.text(captured.upperBound), named: ":captured_before")
    }
    if let since { try statement.bind(.real(since), named: ":filter_since") }
    if let from = taken?.from { try statement.bind(.text(from), named: ":taken_from") }
    if let before = taken?.before { try statement.bind(.text(before), named: ":taken_before") }
  }
}

/// Days in which photos were taken: from the first day to the last, both included, either open.
public struct TakenRange: Sendable, Hashable {
  /// `2019-07-01`: the first day, or `nil` for all before `last`.
  public let first: String?
  /// The last day, or `nil` for all from `first` on.
  public let last: String?

  /// `nil` unless each day given is a real `YYYY-MM-DD` day and `first` is not after `last`.
  public init?(first: String?, last: String?) {
    guard first != nil || last != nil else { return nil }
    let days = [first, last].compactMap { $0 }
    guard days.allSatisfy({ TakenRange.nextDay(after: $0) != nil }) else { return nil }
    if let first, let last, first > last { return nil }
    self.first = first
    self.last = last
  }

  /// The lower bound on `taken_at` (dates sort as text).
  var from: String? { first }
  /// The upper bound: the day after `last`.
  var before: String? { last.flatMap(TakenRange.nextDay(after:)) }

  /// The day after `day` (`YYYY-MM-DD`), or `nil` if `day` is not a day of the Gregorian calendar.
  static func nextDay(after day: String) -> String? {
    let parts = day.split(separator: "-", omittingEmptySubsequences: false)
    guard day.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2,
      parts[2].count == 2, let year = Int(parts[0]), let month = Int(parts[1]), let date = Int(parts[2]),
      (1...9998).contains(year), (1...12).contains(month)
    else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...lengths[month - 1]).contains(date) else { return nil }
    let (nextYear, nextMonth, nextDate) =
      date < lengths[month - 1]
      ? (year, month, date + 1) : month < 12 ? (year, month + 1, 1) : (year + 1, 1, 1)
    return String(format: "%04d-%02d-%02d", nextYear, nextMonth, nextDate)
  }
}

/// A year, or a month of a year, in which photos were taken.
public struct CapturePeriod: Sendable, Hashable, CustomStringConvertible {
  public let year: Int
  /// 1 to 12, or `nil` for the whole year.
  public let month: Int?

  /// `nil` unless the year is one `CaptureDate` accepts and the month is 1 to 12.
  public init?(year: Int, month: Int? = nil) {
    guard CaptureDate.years.contains(year), month.map({ (1...12).contains($0) }) ?? true else { return nil }
    self.year = year
    self.month = month
  }

  /// `2019` or `2019-07`.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count <= 2, parts[0].count == 4, let year = Int(parts[0]) else { return nil }
    var month: Int?
    if parts.count == 2 {
      guard parts[1].count == 2, let value = Int(parts[1]) else { return nil }
      month = value
    }
    self.init(year: year, month: month)
  }

  public var description: String {
    month.map { String(format: "%04d-%02d", year, $0) } ?? String(format: "%04d", year)
  }

  /// The first capture date in the period, as text (capture dates sort as text).
  var lowerBound: String { description }

  /// The first capture date after the period.
  var upperBound: String {
    guard let month else { return String(format: "%04d", year + 1) }
    return month == 12 ? String(format: "%04d-01", year + 1) : String(format: "%04d-%02d", year, month + 1)
  }
}

/// The order of a list: newest first by when the photo was taken or else imported (the grid), by
/// when the image was recognized, or by when the photo was taken (notes without a capture date are
/// not in that order).
public enum NoteOrder: String, Sendable, CaseIterable {
  case taken
  case recognized
  case captured

  /// The column the order sorts on (then by id), and the index that gives it.
  var column: NoteColumn {
    switch self {
    case .taken: .takenAt
    case .recognized: .recognizedUnix
    case .captured: .capturedAt
    }
  }
}

/// Where a page of a list ends: the sort key and the id of its last note. The next page is the notes
/// after it, found through the order's index without counting the ones before (keyset paging).
public struct NoteCursor: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
  public enum Key: Sendable, Hashable {
    case recognized(Double)
    case captured(String)
    case taken(String)
  }

  public var key: Key
  public var id: Int64

  public init(key: Key, id: Int64) {
    self.key = key
    self.id = id
  }

  /// `r1714521600.5~42` or `c2019-07-14T12:34:56~42`: safe in a URL as it is.
  public var description: String {
    switch key {
    case .recognized(let unix): "r\(unix)~\(id)"
    case .captured(let date): "c\(date)~\(id)"
    case .taken(let date): "t\(date)~\(id)"
    }
  }

  public init?(_ text: String) {
    guard text.count <= 64, let tilde = text.lastIndex(of: "~"),
      let id = Int64(text[text.index(after: tilde)...]),
      let kind = text.first
    else { return nil }
    let value = String(text[text.index(after: text.startIndex)..<tilde])
    switch kind {
    case "r":
      guard let unix = Double(value), unix.isFinite else { return nil }
      key = .recognized(unix)
    case "c":
      guard CaptureDate.validated(value) == value else { return nil }
      key = .captured(value)
    case "t":
      // A capture date or an import time, or the start of a year or month to jump to (`t2019~0`).
      guard (4...40).contains(value.utf8.count),
        value.utf8.allSatisfy({ (0x30...0x3A).contains($0) || [0x2B, 0x2D, 0x2E, 0x54, 0x5A].contains($0) })
      else { return nil }
      key = .taken(value)
    default:
      return nil
    }
    self.id = id
  }

  /// Whether the cursor belongs to `order` (a cursor from another order is ignored).
  func fits(_ order: NoteOrder) -> Bool {
    switch (key, order) {
    case (.recognized, .recognized), (.captured, .captured), (.taken, .taken): true
    default: false
    }
  }

  var value: SQLiteValue {
    switch key {
    case .recognized(let unix): .real(unix)
    case .captured(let date), .taken(let date): .text(date)
    }
  }
}

/// A page of a list, and where the next one starts (`nil` on the last page).
public struct NoteListPage: Sendable, Equatable {
  public var notes: [NoteSummary] = []
  public var next: NoteCursor?
  /// Where the page before this one ends (its newer neighbour), when there are newer notes.
  public var previous: NoteCursor?

  public init(notes: [NoteSummary] = [], next: NoteCursor? = nil, previous: NoteCursor? = nil) {
    self.notes = notes
    self.next = next
    self.previous = previous
  }
}

/// A column the list is filtered by whose values can be listed.
public enum NoteFacet: String, Sendable, CaseIterable {
  case source, run, lang

  var column: NoteColumn {
    switch self {
    case .source: .source
    case .run: .run
    case .lang: .lang
    }
  }
}
