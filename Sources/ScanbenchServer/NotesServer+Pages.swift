import Foundation
import ScanbenchNotes
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

/// The two pages, written as HTML here: every text from the database passes `escape` (Markup) on
/// its way in, attributes and content alike; the style sheet and the script are files (`Assets/`).
extension NotesServer {
  /// Text for HTML content or an attribute value.
  static func escape(_ text: String) -> String { Markup.escape(text) }

  /// The list (`/`), or the search results with `?q=`.
  func listPage(_ request: HTTPRequest) throws -> String {
    let parameters = try ListParameters(request.arguments, defaultLimit: 30)
    let results = try self.results(
      parameters, highlight: ("<mark>", "</mark>"), escape: { Markup.escape($0) })
    let values = try filterValues()
    var body = searchForm(parameters, values: values)
    let heading: String
    switch results {
    case .hits(let hits):
      heading = hits.isEmpty && parameters.offset == 0 ? "No notes match" : "Notes that match"
      body += "<h1>\(heading) <q class=\"query\">\(Self.escape(parameters.query ?? ""))</q></h1>\n"
      body += "<ol class=\"notes\" id=\"results\">\n"
      for hit in hits {
        body += row(
          id: hit.id, entry: hit.entry, page: hit.page, line: hit.snippet, lineIsHTML: true, chars: hit.chars,
          lang: hit.lang, recognizedAt: hit.recognizedAt, capturedAt: hit.capturedAt, source: hit.source,
          inCode: hit.inCode == true)
      }
      body += "</ol>\n"
      if hits.count == parameters.limit, parameters.offset + 2 * parameters.limit <= NoteDatabase.rankWindow {
        let next = parameters.url(changing: ["offset": String(parameters.offset + parameters.limit)])
        body +=
          "<nav class=\"pager\"><a rel=\"next\" href=\"\(Self.escape(next))\">More results →</a></nav>\n"
      }
    case .notes(let page):
      switch parameters.order {
      case .recognized: heading = "Notes, newest first"
      case .captured: heading = "Photos by when they were taken, newest first"
      }
      body += "<h1>\(heading)</h1>\n"
      if parameters.order == .captured {
        body +=
          "<p class=\"hint\">Notes without a capture date (scans, screenshots) are not in this order.</p>\n"
      }
      if page.notes.isEmpty {
        body +=
          parameters.filter.isEmpty && parameters.after == nil
          ? "<p class=\"empty\">No notes yet: fill the database with <code>scanbench import STORE.jsonl</code>.</p>\n"
          : "<p class=\"empty\">No notes here.</p>\n"
      }
      body += "<ol class=\"notes\" id=\"results\">\n"
      for note in page.notes {
        body += row(
          id: note.id, entry: note.entry, page: note.page, line: note.firstLine, lineIsHTML: false,
          chars: note.chars, lang: note.lang, recognizedAt: note.recognizedAt, capturedAt: note.capturedAt,
          source: note.source, inCode: false)
      }
      body += "</ol>\n<nav class=\"pager\">"
      if parameters.after != nil || parameters.offset > 0 {
        body += "<a href=\"\(Self.escape(parameters.url()))\">← Newest</a> "
      }
      if let next = page.next {
        let url = parameters.url(changing: ["after": next.description])
        body += "<a rel=\"next\" href=\"\(Self.escape(url))\">Older →</a>"
      }
      body += "</nav>\n"
    }
    let title = parameters.query.map { "“\($0)” — scanbench notes" } ?? "scanbench notes"
    return Self.document(title: title, page: "list", body: body)
  }

  /// One line of the list.
  private func row(
    id: Int64, entry: String, page: Int?, line: String, lineIsHTML: Bool, chars: Int, lang: String?,
    recognizedAt: String, capturedAt: String?, source: String, inCode: Bool
  ) -> String {
    let name = Self.escape(entry) + (page.map { " <span class=\"page\">page \($0)</span>" } ?? "")
    var meta = ["<span class=\"chars\">\(chars) chars</span>"]
    if let lang { meta.append("<span class=\"lang\">\(Self.escape(lang))</span>") }
    meta.append("<span class=\"recognized\">recognized <time>\(Self.escape(recognizedAt))</time></span>")
    if let capturedAt {
      meta.append("<span class=\"captured\">taken <time>\(Self.escape(capturedAt))</time></span>")
    }
    meta.append("<span class=\"source\">\(Self.escape(source))</span>")
    return """
      <li class="note\(inCode ? " in-code" : "")" data-id="\(id)">\
      <a class="thumb" href="/notes/\(id)" tabindex="-1"><img src="/notes/\(id)/thumbnail" alt="" loading="lazy" \
      width="120" height="120"></a><div class="summary"><a class="name" href="/notes/\(id)">\(name)</a>\
      <p class="line">\(lineIsHTML ? line : Self.escape(line))</p><p class="meta">\(meta.joined(separator: " "))</p>\
      </div></li>

      """
  }

  /// The search box and the filters: a GET form, so a search is its URL.
  private func searchForm(_ parameters: ListParameters, values: FilterValues) -> String {
    func select(
      _ name: String, _ label: String, _ options: [(value: String, text: String)], _ chosen: String?
    )
      -> String
    {
      var html = "<label>\(label) <select name=\"\(name)\"><option value=\"\">all</option>"
      for option in options {
        let selected = option.value == chosen ? " selected" : ""
        html +=
          "<option value=\"\(Self.escape(option.value))\"\(selected)>\(Self.escape(option.text))</option>"
      }
      return html + "</select></label>"
    }
    let months = Self.monthNames.enumerated().map { (String($0.offset + 1), $0.element) }
    let filter = parameters.filter
    var form = """
      <form class="search" action="/" method="get" role="search">\
      <input type="search" name="q" id="q" value="\(Self.escape(parameters.query ?? ""))" \
      placeholder="Search words, 会議, a QR payload…" maxlength="\(ListParameters.maxQueryCharacters)" autofocus>\
      <button type="submit">Search</button><div class="filters">
      """
    form += select("source", "source", values.sources.map { ($0, $0) }, filter.source)
    form += select("run", "run", values.runs.map { ($0, $0) }, filter.run)
    form += select("lang", "language", values.languages.map { ($0, $0) }, filter.lang)
    form += select(
      "year", "taken in", values.years.map { (String($0), String($0)) },
      filter.captured.map { String($0.year) })
    form += select("month", "month", months, filter.captured?.month.map(String.init))
    form += """
      <label>recognized since <input type="date" name="since" value="\(Self.escape(parameters.since ?? ""))"></label>
      """
    form +=
      "<label><input type=\"checkbox\" name=\"codes\" value=\"1\"\(filter.hasCodes ? " checked" : "")> with codes</label>"
    form += "<label>order <select name=\"order\">"
    for order in NoteOrder.allCases {
      let text = order == .recognized ? "recognized" : "taken"
      form +=
        "<option value=\"\(order.rawValue)\"\(order == parameters.order ? " selected" : "")>\(text)</option>"
    }
    form += "</select></label></div></form>\n"
    return form
  }

  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// A note's page (`/notes/ID`).
  func notePage(_ id: Int64) throws -> String {
    let note = try self.note(id)
    var body = "<nav class=\"back\"><a href=\"/\">← All notes</a></nav>\n"
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
    if let applied = note.orientation?.applied { rows.append(("turned", applied)) }
    rows += [("run", note.run), ("note", String(note.id))]
    var html = "<h2>Details</h2><table class=\"details\" id=\"details\"><tbody>"
    for (name, value) in rows {
      html += "<tr><th>\(Self.escape(name))</th><td>\(Self.escape(value))</td></tr>"
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
