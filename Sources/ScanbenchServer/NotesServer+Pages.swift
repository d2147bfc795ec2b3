import Foundation
import ScanbenchNotes
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport
import Synchronization

/// The two pages, written as HTML here: every text from the database passes `escape` (Markup) on
/// its way in, attributes and content alike; the style sheet and the script are files (`Assets/`).
extension NotesServer {
  /// Text for HTML content or an attribute value.
  static func escape(_ text: String) -> String { Markup.escape(text) }

  /// The grid (`/`): the photos by the month they were taken, or the search results with `?q=`.
  func listPage(_ request: HTTPRequest) throws -> String {
    let parameters = try ListParameters(request.arguments, defaultLimit: Self.gridPageSize)
    let results = try self.results(
      parameters, highlight: ("<mark>", "</mark>"), escape: { Markup.escape($0) })
    let values = try filterValues()
    var body = searchForm(parameters, values: values)
    var view = ""
    switch results {
    case .hits(let result):
      let hits = result.hits
      let heading = hits.isEmpty && parameters.offset == 0 ? "No photos match" : "Photos that match"
      view += "<h1>\(heading) <q class=\"query\">\(Self.escape(parameters.query ?? ""))</q></h1>\n"
      view += count(result.total, lowerBound: result.totalIsLowerBound)
      view += "<div class=\"grid\" id=\"results\"><ul class=\"photos\">\n"
      for hit in hits {
        view += tile(
          id: hit.id, entry: hit.entry, page: hit.page, caption: hit.snippet, captionIsHTML: true,
          takenAt: hit.takenAt, profile: hit.profile, inCode: hit.inCode == true)
      }
      view += "</ul></div>\n<nav class=\"pager\" id=\"pager\">"
      if parameters.offset > 0 {
        let newer = parameters.url(changing: ["offset": String(max(0, parameters.offset - parameters.limit))])
        view += "<a rel=\"prev\" href=\"\(Self.escape(newer))\">← Better matches</a> "
      }
      if hits.count == parameters.limit, parameters.offset + 2 * parameters.limit <= NoteDatabase.rankWindow {
        let next = parameters.url(changing: ["offset": String(parameters.offset + parameters.limit)])
        view += "<a rel=\"next\" href=\"\(Self.escape(next))\">More results →</a>"
      }
      view += "</nav>\n"
    case .notes(let page, let total):
      let heading: String
      switch parameters.order {
      case .taken: heading = "Photos by when they were taken"
      case .recognized: heading = "Photos by when they were recognized"
      case .captured: heading = "Photos with a capture date"
      }
      view += "<h1>\(heading)</h1>\n"
      view += count(min(total, Self.countLimit), lowerBound: total > Self.countLimit)
      if parameters.order == .taken, parameters.filter.isEmpty {
        view += values.scrubber
      }
      if page.notes.isEmpty {
        view +=
          parameters.filter.isEmpty && parameters.after == nil && parameters.before == nil
          ? "<p class=\"empty\">No notes yet: fill the database with <code>scanbench import STORE.jsonl</code>.</p>\n"
          : "<p class=\"empty\">No photos here.</p>\n"
      }
      view += "<div class=\"grid\" id=\"results\">\n"
      // Sections by month in the orders by date; the order by recognition groups by that date.
      var month: String?
      for note in page.notes {
        let date: String? =
          switch parameters.order {
          case .taken: note.takenAt
          case .captured: note.capturedAt
          case .recognized: note.recognizedAt
          }
        let noteMonth = date.map { String($0.prefix(7)) } ?? ""
        if noteMonth != month {
          if month != nil { view += "</ul></section>\n" }
          month = noteMonth
          view += """
            <section class="month" data-month="\(Self.escape(noteMonth))"><h2>\
            <time datetime="\(Self.escape(noteMonth))" data-format="month">\(Self.escape(noteMonth))</time></h2>\
            <ul class="photos">

            """
        }
        view += tile(
          id: note.id, entry: note.entry, page: note.page, caption: note.firstLine, captionIsHTML: false,
          takenAt: date, profile: note.profile, inCode: false)
      }
      if month != nil { view += "</ul></section>\n" }
      view += "</div>\n<nav class=\"pager\" id=\"pager\">"
      if let previous = page.previous {
        view += "<a href=\"\(Self.escape(parameters.url()))\" id=\"newest\">⇤ Newest</a> "
        let url = parameters.url(changing: ["before": previous.description])
        view += "<a rel=\"prev\" id=\"newer\" href=\"\(Self.escape(url))\">← Newer</a> "
      }
      if let next = page.next {
        let url = parameters.url(changing: ["after": next.description])
        view += "<a rel=\"next\" id=\"older\" href=\"\(Self.escape(url))\">Older →</a>"
      }
      view += "</nav>\n"
    }
    body += "<div id=\"view\">\n\(view)</div>\n"
    let title = parameters.query.map { "“\($0)” — scanbench notes" } ?? "scanbench notes"
    return Self.document(title: title, page: "list", body: body)
  }

  /// Photos a grid page shows: whole rows of 2, 4, 5 or 8 columns.
  static let gridPageSize = 40

  /// How many photos the view has.
  private func count(_ total: Int, lowerBound: Bool) -> String {
    let number = Self.grouped(total)
    let text = lowerBound ? "\(number)+ photos" : total == 1 ? "1 photo" : "\(number) photos"
    return "<p class=\"count\" id=\"count\" data-total=\"\(total)\">\(text)</p>\n"
  }

  /// A count with its thousands grouped by commas (`12,345`), as en_US writes it, without a
  /// formatter made for each page.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var text = number < 0 ? "-" : ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  /// The years and months photos were taken in, newest first, each a link to the grid from there
  /// (a cursor just past it: `t2019-08~0` lists July 2019 and older).
  ///
  /// It is shown on the grid by when taken without a filter or a search, so its links carry nothing
  /// but the cursor; made once for each state of the database (`FilterValues`).
  static func scrubber(_ months: [String]) -> String {
    guard !months.isEmpty else { return "" }
    var years: [(year: String, months: [String])] = []
    for month in months {
      let year = String(month.prefix(4))
      if years.last?.year == year {
        years[years.count - 1].months.append(month)
      } else {
        years.append((year, [month]))
      }
    }
    func after(_ month: String?, year: String) -> String {
      guard let month, let number = Int(month.suffix(2)), let yearNumber = Int(year) else {
        return "t\(String(format: "%04d", (Int(year) ?? 0) + 1))~0"
      }
      return number == 12
        ? "t\(String(format: "%04d-01", yearNumber + 1))~0"
        : "t\(String(format: "%04d-%02d", yearNumber, number + 1))~0"
    }
    var html = "<nav class=\"scrubber\" id=\"scrubber\" aria-label=\"Jump to a year or month\"><ol>"
    for (year, yearMonths) in years {
      let url = ListParameters.plainGrid.url(changing: ["after": after(nil, year: year)])
      html += "<li><a class=\"year\" data-year=\"\(year)\" href=\"\(Self.escape(url))\">\(year)</a>"
      for month in yearMonths {
        let monthURL = ListParameters.plainGrid.url(changing: ["after": after(month, year: year)])
        html += """
          <a class="month" data-month="\(Self.escape(month))" href="\(Self.escape(monthURL))">\
          <time datetime="\(Self.escape(month))" data-format="short-month">\(Self.escape(String(month.suffix(2))))</time></a>
          """
      }
      html += "</li>"
    }
    return html + "</ol></nav>\n"
  }

  /// One photo of the grid.
  private func tile(
    id: Int64, entry: String, page: Int?, caption: String, captionIsHTML: Bool, takenAt: String?,
    profile: String?, inCode: Bool
  ) -> String {
    let name = Self.escape(entry) + (page.map { " <span class=\"page\">p. \($0)</span>" } ?? "")
    let time =
      takenAt.map {
        "<time datetime=\"\(Self.escape($0))\" title=\"\(Self.escape($0))\">\(Self.escape($0))</time>"
      } ?? ""
    return """
      <li class="photo\(inCode ? " in-code" : "")" data-id="\(id)"><a href="/notes/\(id)">\
      <img src="/notes/\(id)/thumbnail" alt="" loading="lazy" width="240" height="240">\
      <span class="caption"><span class="name">\(name)</span>\
      <span class="line">\(captionIsHTML ? caption : Self.escape(caption))</span>\
      <span class="meta">\(time)\(profile.map { " <span class=\"profile\">\(Self.escape($0))</span>" } ?? "")</span></span></a></li>

      """
  }

  /// The search box and the filters: a GET form, so a search is its URL (the script applies it as
  /// it is typed or changed, and keeps the URL).
  private func searchForm(_ parameters: ListParameters, values: FilterValues) -> String {
    func select(_ name: String, _ label: String, _ options: [FilterValues.Option], _ chosen: String?)
      -> String
    {
      var html = "<label>\(label) <select name=\"\(name)\"><option value=\"\">all</option>"
      for option in options {
        html += option.opening
        if option.value == chosen { html += " selected" }
        html += option.rest
      }
      return html + "</select></label>"
    }
    let filter = parameters.filter
    var form = """
      <form class="search" id="search" action="/" method="get" role="search">\
      <input type="search" name="q" id="q" value="\(Self.escape(parameters.query ?? ""))" \
      placeholder="Search words, 会議, a QR payload…  ( / )" maxlength="\(ListParameters.maxQueryCharacters)" \
      autocomplete="off" aria-label="Search the photos' text">\
      <button type="submit">Search</button>\
      <details class="filters" id="filters"\(filter.isEmpty && parameters.order == .taken ? "" : " data-active=\"yes\"")>\
      <summary>Filters</summary><div class="fields">
      """
    form += """
      <label>taken from <input type="date" name="from" id="from" value="\(Self.escape(parameters.from ?? ""))"></label>\
      <label>to <input type="date" name="to" id="to" value="\(Self.escape(parameters.to ?? ""))"></label>
      """
    form += select("source", "source", values.sources, filter.source)
    form += select("run", "run", values.runs, filter.run)
    form += select("lang", "language", values.languages, filter.lang)
    form += select("year", "captured in", values.years, filter.captured.map { String($0.year) })
    form += select("month", "month", FilterValues.months, filter.captured?.month.map(String.init))
    form += """
      <label>recognized since <input type="date" name="since" value="\(Self.escape(parameters.since ?? ""))"></label>
      """
    form +=
      "<label><input type=\"checkbox\" name=\"codes\" value=\"1\"\(filter.hasCodes ? " checked" : "")> with codes</label>"
    form += "<label>order <select name=\"order\">"
    for order in NoteOrder.allCases {
      let text =
        switch order {
        case .taken: "taken (or imported)"
        case .recognized: "recognized"
        case .captured: "capture date only"
        }
      form +=
        "<option value=\"\(order.rawValue)\"\(order == parameters.order ? " selected" : "")>\(text)</option>"
    }
    form += "</select></label></div></details></form>\n"
    return form
  }

  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// A note's page (`/notes/ID`).
  func notePage(_ id: Int64) throws -> String {
    let note = try self.note(id)
    let neighbours = try self.neighbours(of: note)
    var body = "<nav class=\"back\" id=\"photo-nav\"><a href=\"/\" id=\"back\">← All photos</a> "
    if let newer = neighbours.newer {
      body +=
        "<a rel=\"prev\" id=\"newer\" href=\"/notes/\(newer)\" title=\"the newer photo (←)\">← Newer</a> "
    }
    if let older = neighbours.older {
      body +=
        "<a rel=\"next\" id=\"older\" href=\"/notes/\(older)\" title=\"the older photo (→)\">Older →</a>"
    }
    body += "</nav>\n"
    body +=
      "<h1 class=\"entry\">\(Self.escape(note.entry))\(note.page.map { " <span class=\"page\">page \($0)</span>" } ?? "")</h1>\n"
    body += "<p class=\"source\">\(Self.escape(note.source))</p>\n"
    body += "<div class=\"note-layout\"><section class=\"image\">\n"
    body += figure(note)
    let name = note.entry.split(separator: "/").last.map(String.init) ?? "image"
    body += """
      <p><a class="download" id="download" href="/notes/\(note.id)/image" download="\(Self.escape(name))">\
      Download the original</a> <span class="sha256">SHA-256 <code>\(Self.escape(note.sha256))</code></span></p>
      </section><section class="about">

      """
    body += readings(note)
    body += codes(note)
    body += """
      <h2>Text <button type="button" id="copy-text" class="copy">Copy</button></h2>
      <pre class="text" id="note-text">\(Self.escape(note.text))</pre>

      """
    body += scoring(note)
    body += details(note)
    body += "</section></div>\n"
    return Self.document(title: "\(note.entry) — scanbench notes", page: "note", body: body)
  }

  /// The image with its boxes over it (word, line and code layers the toggles show and hide), in
  /// the coordinates of the image as it was recognized.
  private func figure(_ note: Note) -> String {
    let words = note.words ?? []
    let lines = note.lines ?? []
    let codes = note.barcodes ?? []
    // The record's size, checked (it is outside input); without it the boxes cannot be placed.
    let size = note.width.flatMap { width in
      note.height.map { (width, $0) }
    }.flatMap { (1...1_000_000).contains($0.0) && (1...1_000_000).contains($0.1) ? $0 : nil }
    var html = "<div class=\"figure\" id=\"figure\">"
    let dimensions = size.map { " width=\"\($0.0)\" height=\"\($0.1)\"" } ?? ""
    html += "<img id=\"preview\" src=\"/notes/\(note.id)/preview\" alt=\"the image\"\(dimensions)>"
    if let (width, height) = size, !(words.isEmpty && lines.isEmpty && codes.isEmpty) {
      html +=
        "<svg class=\"boxes\" viewBox=\"0 0 \(width) \(height)\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"
      func rect(_ kind: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int, _ title: String) -> String {
        "<rect class=\"\(kind)\" x=\"\(x)\" y=\"\(y)\" width=\"\(max(0, w))\" height=\"\(max(0, h))\"><title>\(Self.escape(title))</title></rect>"
      }
      for line in lines { html += rect("line", line.x, line.y, line.width, line.height, line.text) }
      for word in words { html += rect("word", word.x, word.y, word.width, word.height, word.text) }
      for code in codes {
        html += rect("code", code.x, code.y, code.width, code.height, code.data ?? code.dataBase64 ?? "")
      }
      html += "</svg>"
    }
    html += "</div>\n"
    if size == nil, !(words.isEmpty && lines.isEmpty) {
      html += "<p class=\"hint\">The result has boxes but not the image's size: they cannot be drawn.</p>\n"
    }
    html += "<fieldset class=\"toggles\" id=\"toggles\"><legend>Boxes</legend>"
    for (layer, count) in [("words", words.count), ("lines", lines.count), ("codes", codes.count)] {
      let disabled = count == 0 ? " disabled" : ""
      html +=
        "<label><input type=\"checkbox\" id=\"show-\(layer)\" data-layer=\"\(layer)\" checked\(disabled)> \(layer) (\(count))</label> "
    }
    if words.isEmpty && lines.isEmpty {
      html += "<span class=\"hint\">No word boxes: run with <code>--boxes</code>.</span>"
    }
    return html + "</fieldset>\n"
  }

  /// The photo's readings: each recognition of it, with its provenance; the one shown here marked,
  /// the one the photo shows in the grid (the best, `NoteDatabase.bestReadingOrder`) said.
  private func readings(_ note: Note) -> String {
    let readings = note.readings ?? []
    var html = """
      <h2>Readings <span class="hint">(\(readings.count))</span></h2><div class="scroll"><table class="readings" id="readings">\
      <thead><tr><th>profile</th><th>language</th><th>engine</th><th>recognized</th><th>characters</th>\
      <th>CER</th><th></th></tr></thead><tbody>
      """
    for reading in readings {
      let current = reading.id == note.id
      let cells = [
        current
          ? Self.escape(reading.profile)
          : "<a href=\"/notes/\(reading.id)\">\(Self.escape(reading.profile))</a>",
        Self.escape(reading.lang), Self.escape(reading.engine ?? "unknown"),
        "<time datetime=\"\(Self.escape(reading.recognizedAt))\" title=\"\(Self.escape(reading.recognizedAt))\">\(Self.escape(reading.recognizedAt))</time>",
        String(reading.chars), reading.cer.map { String(format: "%.2f%%", $0 * 100) } ?? "–",
        [reading.isBest ? "best" : nil, current ? "shown here" : nil].compactMap { $0 }.joined(
          separator: ", "),
      ]
      html += "<tr data-id=\"\(reading.id)\"\(current ? " class=\"current\" aria-current=\"true\"" : "")>"
      html += cells.map { "<td>\($0)</td>" }.joined() + "</tr>"
    }
    html += "</tbody></table></div>\n"
    html +=
      "<p class=\"hint\">The grid shows a photo's best reading: the lowest CER where one was scored, else an "
      + "accurate one, else the latest.</p>\n"
    return html
  }

  /// The QR codes and barcodes: each payload links to the notes that have it.
  private func codes(_ note: Note) -> String {
    guard let codes = note.barcodes, !codes.isEmpty else { return "" }
    var html = "<h2>Codes</h2><ul class=\"codes\" id=\"codes\">"
    for code in codes {
      let payload = code.data ?? code.dataBase64.map { "base64 " + $0 } ?? ""
      let search = "/?q=" + ListParameters.encode(code.data ?? code.dataBase64 ?? "")
      html += """
        <li><span class="symbology">\(Self.escape(code.symbology))</span> \
        <a class="payload" href="\(Self.escape(search))" title="notes with this code">\(Self.escape(payload))</a> \
        <span class="where">at \(code.x),\(code.y), \(code.width)×\(code.height)</span></li>
        """
    }
    return html + "</ul>\n"
  }

  /// CER and the difference against the ground truth, re-read from the input.
  private func scoring(_ note: Note) -> String {
    guard let cer = note.cer else { return "" }
    var html =
      "<h2>Against the ground truth</h2><p class=\"cer\">CER <strong>\(String(format: "%.2f%%", cer * 100))</strong>"
    if let edits = note.edits, let gtChars = note.gtChars {
      html += " (\(edits) edits / \(gtChars) characters)"
    }
    if let metric = note.metric { html += ", <code>\(Self.escape(metric))</code>" }
    html += "</p>\n"
    switch groundTruth(of: note) {
    case .failure(let unavailable):
      html += "<p class=\"hint\">The difference cannot be shown: \(Self.escape(unavailable.reason)).</p>\n"
    case .success(let groundTruth):
      let options = note.metric.flatMap(ScoringOptions.init(descriptor:)) ?? .default
      let alignment = Scorer.align(groundTruth: groundTruth, recognized: note.text, options: options)
      html +=
        "<p class=\"legend\"><del>missing or misread</del> <ins>recognized instead</ins></p><pre class=\"diff\" id=\"diff\">"
      for operation in alignment.operations {
        switch operation {
        case .equal(let text): html += Self.escape(text)
        case .substitute(let expected, let found):
          html += "<del>\(Self.escape(expected))</del><ins>\(Self.escape(found))</ins>"
        case .insert(let text): html += "<ins>\(Self.escape(text))</ins>"
        case .delete(let text): html += "<del>\(Self.escape(text))</del>"
        }
      }
      html += "</pre>\n"
    }
    return html
  }

  /// Everything else the record says.
  private func details(_ note: Note) -> String {
    var rows: [(String, String)] = [
      ("recognized", note.recognizedAt), ("imported", note.importedAt),
    ]
    if let capturedAt = note.capturedAt { rows.append(("taken", capturedAt)) }
    let dated: Set<String> = ["recognized", "imported", "taken"]
    rows.append(("characters", String(note.chars)))
    if let confidence = note.confidence { rows.append(("confidence", String(format: "%.1f", confidence))) }
    rows += [("language", note.lang), ("profile", note.profile)]
    if let engine = note.engine {
      rows.append(("engine", engine.label))
      for (name, digest) in engine.models.sorted(by: { $0.key < $1.key }) {
        rows.append(("model", "\(name) \(digest.prefix(16))"))
      }
      for (name, value) in engine.settings.sorted(by: { $0.key < $1.key }) { rows.append((name, value)) }
    }
    if let width = note.width, let height = note.height { rows.append(("size", "\(width)×\(height)")) }
    if let orientation = note.orientationDescription { rows.append(("turned", orientation)) }
    rows += [("run", note.run), ("note", String(note.id))]
    var html = "<h2>Details</h2><table class=\"details\" id=\"details\"><tbody>"
    for (name, value) in rows {
      let cell =
        dated.contains(name)
        ? "<time datetime=\"\(Self.escape(value))\" title=\"\(Self.escape(value))\">\(Self.escape(value))</time>"
        : Self.escape(value)
      html += "<tr><th>\(Self.escape(name))</th><td>\(cell)</td></tr>"
    }
    return html + "</tbody></table>\n"
  }

  /// The search box of the pages other than the list (which has its own, with the filters).
  static let quickSearch = """
    <form class="quick" action="/" method="get" role="search"><input type="search" name="q" id="q" \
    placeholder="Search the notes" maxlength="\(ListParameters.maxQueryCharacters)"></form>
    """

  /// The whole page: one style sheet, one script, both from this server; nothing else is fetched.
  static func document(title: String, page: String, body: String) -> String {
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escape(title))</title>
    <link rel="icon" href="\(Asset.icon.url)" type="image/svg+xml">
    <link rel="stylesheet" href="\(Asset.css.url)">
    <script src="\(Asset.javascript.url)" defer></script>
    </head><body data-page="\(page)">
    <header class="top"><a class="home" href="/">scanbench notes</a>\(page == "list" ? "" : quickSearch)</header>
    <main>
    \(body)</main>
    </body></html>

    """
  }
}

/// The database's `ListFacts` as the grid writes them: the filters' options escaped and the
/// scrubber made once for each state of the database, not on every request (a hundred sources
/// are a hundred escapes a page).
struct FilterValues: Sendable {
  /// One `<option>` without its `selected`: `opening` + (` selected`) + `rest`.
  struct Option: Sendable {
    var value: String
    var opening: String
    var rest: String

    init(value: String, text: String, started: String? = nil) {
      self.value = value
      opening = "<option value=\"\(Markup.escape(value))\""
      rest =
        (started.map { " data-started=\"\(Markup.escape($0))\"" } ?? "") + ">\(Markup.escape(text))</option>"
    }
  }

  var facts: ListFacts
  var sources: [Option]
  /// Runs shown by their profile, engine and start, not their id.
  var runs: [Option]
  var languages: [Option]
  var years: [Option]
  /// The scrubber's HTML (empty without months).
  var scrubber: String

  init(_ facts: ListFacts) {
    self.facts = facts
    sources = facts.sources.map { Option(value: $0, text: $0) }
    runs = facts.runs.map { run in
      let parts = [run.profile, run.engine ?? ""].filter { !$0.isEmpty }
      let text =
        parts.isEmpty ? run.run : (parts + [String(run.startedAt.prefix(16))]).joined(separator: " · ")
      return Option(value: run.run, text: text, started: run.startedAt.isEmpty ? nil : run.startedAt)
    }
    languages = facts.languages.map { Option(value: $0, text: $0) }
    years = facts.years.map { Option(value: String($0), text: String($0)) }
    scrubber = NotesServer.scrubber(facts.months)
  }

  static let months = NotesServer.monthNames.enumerated().map {
    Option(value: String($0.offset + 1), text: $0.element)
  }
}

/// The last `FilterValues` made, reused while the database's facts are the same.
final class RenderedFacts: Sendable {
  private let last = Mutex<FilterValues?>(nil)

  func values(for facts: ListFacts) -> FilterValues {
    if let kept = last.withLock({ $0 }), kept.facts == facts { return kept }
    let values = FilterValues(facts)
    last.withLock { $0 = values }
    return values
  }
}
