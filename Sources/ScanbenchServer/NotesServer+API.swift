import Foundation
import ScanbenchNotes

/// The JSON API: the queries of the pages, for scripts. `GET /api/notes?q=&limit=&offset=` (and the
/// list's filters and `after`), `GET /api/notes/ID`.
extension NotesServer {
  /// `/api/notes`: the list (newest first, `next` the URL of the next page) or, with `q`, the hits
  /// (`snippet` with the matches between `[` and `]`, as `notes search --json` gives them).
  func apiList(_ request: HTTPRequest) throws -> APIList {
    let parameters = try ListParameters(request.arguments, defaultLimit: 20)
    switch try results(parameters, highlight: ("[", "]"), escape: nil) {
    case .notes(let page, let count):
      return APIList(
        notes: page.notes.map { Linked($0, links: NotesServer.links($0.id)) }, hits: nil,
        next: page.next.map { parameters.url("/api/notes", changing: ["after": $0.description]) },
        previous: page.previous.map { parameters.url("/api/notes", changing: ["before": $0.description]) },
        total: min(count, NotesServer.countLimit), totalIsLowerBound: count > NotesServer.countLimit)
    case .hits(let result):
      let hits = result.hits
      let next =
        hits.count == parameters.limit && parameters.offset + 2 * parameters.limit <= NoteDatabase.rankWindow
        ? parameters.url("/api/notes", changing: ["offset": String(parameters.offset + parameters.limit)])
        : nil
      return APIList(
        notes: nil, hits: hits.map { Linked($0, links: NotesServer.links($0.id)) }, next: next, previous: nil,
        total: result.total, totalIsLowerBound: result.totalIsLowerBound)
    }
  }

  /// `/api/notes/ID`: everything about the note (its boxes and codes included).
  func apiNote(_ id: Int64) throws -> Linked<Note> {
    Linked(try note(id), links: NotesServer.links(id))
  }

  static func links(_ id: Int64) -> [String: String] {
    [
      "url": "/notes/\(id)", "image_url": "/notes/\(id)/image", "thumbnail_url": "/notes/\(id)/thumbnail",
      "api_url": "/api/notes/\(id)",
    ]
  }
}

struct APIList: Encodable {
  var notes: [Linked<NoteSummary>]?
  var hits: [Linked<NoteSearchHit>]?
  /// The next page's URL, absent on the last.
  var next: String?
  /// The newer page's URL, absent on the first.
  var previous: String?
  /// How many photos the list or the search has (each photo once).
  var total: Int
  /// Whether there are more than `total`.
  var totalIsLowerBound: Bool

  enum CodingKeys: String, CodingKey {
    case notes, hits, next, previous, total
    case totalIsLowerBound = "total_is_lower_bound"
  }
}

/// A value encoded with its links beside its own fields.
struct Linked<Value: Encodable>: Encodable {
  var value: Value
  var links: [String: String]

  init(_ value: Value, links: [String: String]) {
    self.value = value
    self.links = links
  }

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
    var container = encoder.container(keyedBy: Key.self)
    for (name, link) in links { try container.encode(link, forKey: Key(stringValue: name)) }
  }
}
