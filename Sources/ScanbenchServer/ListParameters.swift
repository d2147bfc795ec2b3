import Foundation
import ScanbenchNotes
import ScanbenchSupport

/// A refusal of the request as asked (HTTP 400), saying what to change.
struct BadRequest: Error {
  var message: String
}

/// What the list and the search take from the URL (`/` and `/api/notes` alike), checked: the page
/// and the JSON run the same query from the same parameters, and a page's URL is its bookmark.
///
/// `q` the query, `source`, `run`, `lang`, `codes=1`, `year`, `month` (of capture), `since` (recognized
/// on or after: `2024-05-01`), `from` and `to` (taken, or imported, within these days) the filter,
/// `order` (`taken`, the default, `recognized` or `captured`), `after` or `before` (a list cursor) or
/// `offset`, and `limit`.
struct ListParameters: Equatable {
  var query: String?
  /// `since` as given (the filter holds it as a time).
  var since: String?
  /// `from` and `to` as given (the filter holds them as a `TakenRange`).
  var from: String?
  var to: String?
  var filter = NoteFilter()
  var order = NoteOrder.taken
  var after: NoteCursor?
  var before: NoteCursor?
  var offset = 0
  var limit: Int

  /// Longest query, in characters: a search box, not a document.
  static let maxQueryCharacters = 500
  /// Largest page.
  static let maxLimit = 100
  /// Deepest offset into a list (an OFFSET scan: `after` pages without one) or a search (which
  /// ranks at most `NoteDatabase.rankWindow` matches).
  static let maxListOffset = 100_000

  init(_ arguments: [String: String], defaultLimit: Int) throws(BadRequest) {
    limit = defaultLimit
    if let text = arguments["q"]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
      guard text.count <= Self.maxQueryCharacters else {
        throw BadRequest(message: "the query is longer than \(Self.maxQueryCharacters) characters")
      }
      query = text
    }
    filter.source = Self.nonEmpty(arguments["source"])
    filter.run = Self.nonEmpty(arguments["run"])
    filter.lang = Self.nonEmpty(arguments["lang"])
    for (name, value) in [("source", filter.source), ("run", filter.run), ("lang", filter.lang)] {
      if let value, value.utf8.count > 4096 { throw BadRequest(message: "\(name) is longer than 4096 bytes") }
    }
    switch arguments["codes"] {
    case nil, "", "0": break
    case "1": filter.hasCodes = true
    case let other?: throw BadRequest(message: "codes is 1 or 0, not '\(other.prefix(20))'")
    }
    if let year = Self.nonEmpty(arguments["year"]) {
      let month = Self.nonEmpty(arguments["month"])
      guard let period = CapturePeriod(month.map { "\(year)-\($0.count == 1 ? "0" + $0 : $0)" } ?? year)
      else {
        throw BadRequest(message: "year and month are a year such as 2019 and a month from 1 to 12")
      }
      filter.captured = period
    } else if Self.nonEmpty(arguments["month"]) != nil {
      throw BadRequest(message: "a month needs its year")
    }
    if let text = Self.nonEmpty(arguments["since"]) {
      guard text.count <= 40, let time = Timestamp.parse(text) else {
        throw BadRequest(message: "since is a date such as 2024-05-01 or 2024-05-01T12:00:00Z")
      }
      since = text
      filter.since = time
    }
    from = Self.nonEmpty(arguments["from"])
    to = Self.nonEmpty(arguments["to"])
    if from != nil || to != nil {
      guard let range = TakenRange(first: from, last: to) else {
        throw BadRequest(
          message:
            "from and to are days such as 2019-07-01, from not after to, not '\((from ?? "").prefix(20))' "
            + "and '\((to ?? "").prefix(20))'")
      }
      filter.taken = range
    }
    if let text = Self.nonEmpty(arguments["order"]) {
      guard let order = NoteOrder(rawValue: text) else {
        throw BadRequest(message: "order is taken, recognized or captured, not '\(text.prefix(20))'")
      }
      self.order = order
    }
    if let text = Self.nonEmpty(arguments["after"]) {
      guard let cursor = NoteCursor(text) else {
        throw BadRequest(message: "after is not a cursor this server gave")
      }
      after = cursor
    }
    if let text = Self.nonEmpty(arguments["before"]) {
      guard let cursor = NoteCursor(text) else {
        throw BadRequest(message: "before is not a cursor this server gave")
      }
      before = cursor
    }
    if let text = Self.nonEmpty(arguments["offset"]) {
      guard let offset = Int(text), (0...Self.maxListOffset).contains(offset) else {
        throw BadRequest(message: "offset is a number from 0 to \(Self.maxListOffset)")
      }
      self.offset = offset
    }
    if let text = Self.nonEmpty(arguments["limit"]) {
      guard let limit = Int(text), (1...Self.maxLimit).contains(limit) else {
        throw BadRequest(message: "limit is a number from 1 to \(Self.maxLimit)")
      }
      self.limit = limit
    }
    if query != nil, offset + limit > NoteDatabase.rankWindow {
      throw BadRequest(message: "a search shows its first \(NoteDatabase.rankWindow) hits at most")
    }
  }

  /// The grid as it first opens: no search, no filter, by when taken.
  static let plainGrid = ListParameters(limit: NotesServer.gridPageSize)

  private init(limit: Int) { self.limit = limit }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }

  /// The URL of this list with some parameters changed (`nil` removes one): the filters carry over.
  func url(_ path: String = "/", changing changes: [String: String?] = [:], keepPaging: Bool = false)
    -> String
  {
    var items: [(String, String)] = []
    func add(_ name: String, _ value: String?) {
      if let change = changes[name] {
        if let change { items.append((name, change)) }
      } else if let value {
        items.append((name, value))
      }
    }
    add("q", query)
    add("source", filter.source)
    add("run", filter.run)
    add("lang", filter.lang)
    add("codes", filter.hasCodes ? "1" : nil)
    add("year", filter.captured.map { String($0.year) })
    add("month", filter.captured?.month.map { String($0) })
    add("since", since)
    add("from", from)
    add("to", to)
    add("order", order == .taken ? nil : order.rawValue)
    add("after", keepPaging ? after?.description : nil)
    add("before", keepPaging ? before?.description : nil)
    add("offset", keepPaging && offset > 0 ? String(offset) : nil)
    add("limit", nil)
    guard !items.isEmpty else { return path }
    return path + "?" + items.map { "\($0.0)=\(ListParameters.encode($0.1))" }.joined(separator: "&")
  }

  /// Percent-encoding for a query value (everything but unreserved characters).
  static func encode(_ value: String) -> String {
    value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
