import Foundation
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

/// Accuracy by class of character and by character (as ocreval's `accuracy` report), and CER by
/// folder of the corpus.
extension Page {
  /// Whitespace edits of the re-read images: whitespace lost, and whitespace put where there is none.
  var whitespaceEdits: Int {
    let counts = accuracy.classes[.whitespace] ?? CharacterAccuracy.Counts()
    return counts.missed + counts.inserted
  }

  /// CER of the re-read images without the edits whitespace takes part in.
  var cerWithoutWhitespace: Double? {
    let length = alignedLength - (accuracy.classes[.whitespace]?.count ?? 0)
    return length > 0 ? Double(alignedEdits - whitespaceEdits) / Double(length) : nil
  }

  /// Whether a confusion is about whitespace alone (spacing noise of the ground truth, often).
  static func isWhitespaceOnly(_ confusion: Confusion) -> Bool {
    (confusion.groundTruth + confusion.recognized).allSatisfy(\.isWhitespace)
  }

  func characterSection() -> String {
    guard alignedImages > 0 else { return "" }
    let other = comparison.map(seriesName)
    let mine = seriesName(run)
    var html = "<section id=\"characters\"><h2>Accuracy by character</h2>\n"
    html +=
      "<p class=\"muted\">Over the \(alignedImages) images whose ground truth was re-read: each character's "
      + "count in the ground truth, how many of those the OCR missed (deleted or read as something else), "
      + "how many times the OCR put it where the ground truth has another character or none, and the "
      + "share read right."
    if let other, comparisonAligned > 0 {
      html +=
        " \(Markup.escape(other)): the \(comparisonAligned) images of that run whose ground truth was re-read."
    }
    html += " Click a column to sort.</p>\n"
    html +=
      "<div class=\"card flush wide-table\"><table class=\"sortable classes\" data-filter=\"class\"><thead>"
    html += groupHeaders(leading: 1, mine: mine, other: other) + "<tr><th data-sort=\"text\">class</th>"
    html += countHeaders()
    if comparisonAccuracy != nil {
      html += countHeaders() + "<th class=\"n\" data-sort=\"num\">Δ % right</th>"
    }
    html += "</tr></thead><tbody>\n"
    let classes = accuracy.classes
    let otherClasses = comparisonAccuracy?.classes
    for kind in CharacterAccuracy.CharacterClass.allCases {
      let counts = classes[kind]
      let theirs = otherClasses?[kind]
      guard counts != nil || theirs != nil else { continue }
      let whitespace = kind == .whitespace ? " data-ws=\"1\"" : ""
      html += "<tr data-name=\"\(kind.rawValue)\"\(whitespace)><td>\(kind.rawValue)</td>"
      html += countCells(counts)
      if otherClasses != nil { html += countCells(theirs) + deltaCell(counts, theirs) }
      html += "</tr>\n"
    }
    html += "</tbody></table></div>\n"

    // By character: every character of either run, the most missed first.
    var keys = Set(accuracy.characters.keys)
    if let comparisonAccuracy { keys.formUnion(comparisonAccuracy.characters.keys) }
    let rows = keys.sorted { left, right in
      let a = accuracy.characters[left] ?? CharacterAccuracy.Counts()
      let b = accuracy.characters[right] ?? CharacterAccuracy.Counts()
      if a.missed + a.inserted != b.missed + b.inserted {
        return a.missed + a.inserted > b.missed + b.inserted
      }
      if a.count != b.count { return a.count > b.count }
      return left < right
    }
    html +=
      "<details class=\"card flush chars\"\(rows.count <= 40 ? " open" : "")><summary>\(rows.count) "
      + "characters, the most errors first</summary>\n"
    html +=
      "<div class=\"wide-table\"><table class=\"sortable\" data-page-size=\"25\" data-filter=\"character\"><thead>"
    html += groupHeaders(leading: 2, mine: mine, other: other)
    html += "<tr><th data-sort=\"text\">character</th><th data-sort=\"text\">class</th>"
    html += countHeaders()
    if comparisonAccuracy != nil {
      html += countHeaders() + "<th class=\"n\" data-sort=\"num\">Δ % right</th>"
    }
    html += "</tr></thead><tbody>\n"
    for key in rows {
      let character = key.first ?? " "
      let kind = CharacterAccuracy.CharacterClass(character)
      let counts = accuracy.characters[key]
      let theirs = comparisonAccuracy?.characters[key]
      let whitespace = kind == .whitespace ? " data-ws=\"1\"" : ""
      html += "<tr data-name=\"\(Markup.escape(Self.characterName(key)))\"\(whitespace)>"
      html += "<td data-v=\"\(Markup.escape(key))\">\(ReportFormat.snippet(key, empty: "nothing"))"
      html += " <span class=\"muted small\">\(Self.codePoints(key))</span></td><td>\(kind.rawValue)</td>"
      html += countCells(counts)
      if comparisonAccuracy != nil { html += countCells(theirs) + deltaCell(counts, theirs) }
      html += "</tr>\n"
    }
    html += "</tbody></table></div></details></section>\n"
    return html
  }

  /// With a compared run, a row above the column names saying whose columns are whose.
  private func groupHeaders(leading: Int, mine: String, other: String?) -> String {
    guard let other, comparisonAccuracy != nil else { return "" }
    return "<tr class=\"groups\"><th colspan=\"\(leading)\"></th>"
      + "<th colspan=\"4\" class=\"group\">\(Markup.escape(mine))</th>"
      + "<th colspan=\"4\" class=\"group\">\(Markup.escape(other))</th><th></th></tr>"
  }

  private func countHeaders() -> String {
    ["count", "missed", "inserted", "% right"].map { "<th class=\"n\" data-sort=\"num\">\($0)</th>" }
      .joined()
  }

  private func countCells(_ counts: CharacterAccuracy.Counts?) -> String {
    guard let counts else { return String(repeating: "<td class=\"n\" data-v=\"-1\">–</td>", count: 4) }
    let rate = counts.rightRate
    return "<td class=\"n\" data-v=\"\(counts.count)\">\(counts.count)</td>"
      + "<td class=\"n\(counts.missed > 0 ? " bad" : "")\" data-v=\"\(counts.missed)\">\(counts.missed)</td>"
      + "<td class=\"n\(counts.inserted > 0 ? " warn" : "")\" data-v=\"\(counts.inserted)\">\(counts.inserted)</td>"
      + "<td class=\"n\" data-v=\"\(rate.map { String($0) } ?? "-1")\">\(Format.percent(rate))</td>"
  }

  private func deltaCell(_ mine: CharacterAccuracy.Counts?, _ theirs: CharacterAccuracy.Counts?) -> String {
    guard let a = mine?.rightRate, let b = theirs?.rightRate else {
      return "<td class=\"n\" data-v=\"0\">–</td>"
    }
    let difference = a - b
    let tone = difference < 0 ? " bad" : (difference > 0 ? " ok" : "")
    return "<td class=\"n\(tone)\" data-v=\"\(difference)\">\(Format.points(difference))</td>"
  }

  /// `U+3042`, one per code point.
  static func codePoints(_ text: String) -> String {
    text.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
  }

  /// What the filter box matches: the character, and the name of a space or line break.
  static func characterName(_ text: String) -> String {
    switch text {
    case " ": "space"
    case "\n": "line break"
    case "\t": "tab"
    default: text
    }
  }

  /// The folder of an image in its input (`receipts` of `receipts/017.jpg`), or the input itself
  /// when several inputs were read and the image is at the top.
  static func folder(of record: ResultRecord) -> String {
    let parts = record.entry.split(separator: "/", omittingEmptySubsequences: true)
    return parts.count > 1 ? parts.dropLast().joined(separator: "/") : "(top)"
  }

  /// CER and WER per folder, when the images come from more than one (`receipts/`, `pages/`).
  func folderSection() -> String {
    let scored = run.scored
    var groups: [String: [ResultRecord]] = [:]
    for record in scored { groups[Self.folder(of: record), default: []].append(record) }
    guard groups.count > 1 else { return "" }
    var theirs: [String: [ResultRecord]] = [:]
    for record in comparison?.scored ?? [] { theirs[Self.folder(of: record), default: []].append(record) }
    func rates(_ records: [ResultRecord]) -> (cer: Double?, wer: Double?, edits: Int, length: Int) {
      let length = records.reduce(0) { $0 + ($1.gtChars ?? 0) }
      let edits = records.reduce(0) { $0 + ($1.edits ?? 0) }
      let words = records.reduce(0) { $0 + ($1.gtWords ?? 0) }
      let wordEdits = records.reduce(0) { $0 + ($1.wordEdits ?? 0) }
      return (
        length > 0 ? Double(edits) / Double(length) : nil,
        words > 0 ? Double(wordEdits) / Double(words) : nil,
        edits, length
      )
    }
    let other = comparison.map(seriesName)
    var html = "<section id=\"folders\"><h2>By folder</h2>\n"
    html += "<p class=\"muted\">Micro CER and WER of the scored images of each folder of the input.</p>\n"
    html +=
      "<div class=\"card flush\"><table class=\"sortable\"><thead><tr><th data-sort=\"text\">folder</th>"
    html += "<th class=\"n\" data-sort=\"num\">images</th><th class=\"n\" data-sort=\"num\">characters</th>"
    html += "<th class=\"n\" data-sort=\"num\">edits</th><th class=\"n\" data-sort=\"num\">CER</th>"
    html += "<th class=\"n\" data-sort=\"num\">WER</th>"
    if let other {
      html += "<th class=\"n\" data-sort=\"num\">CER \(Markup.escape(other))</th>"
      html += "<th class=\"n\" data-sort=\"num\">WER \(Markup.escape(other))</th>"
    }
    html += "</tr></thead><tbody>\n"
    for (folder, records) in groups.sorted(by: { $0.key < $1.key }) {
      let mine = rates(records)
      html += "<tr data-name=\"\(Markup.escape(folder))\"><td><code>\(Markup.escape(folder))</code></td>"
      html += numberCell(records.count) + numberCell(mine.length) + numberCell(mine.edits)
      html += rateCell(mine.cer, tone: true) + rateCell(mine.wer, tone: false)
      if comparison != nil {
        let other = theirs[folder].map(rates)
        html += rateCell(other?.cer, tone: true) + rateCell(other?.wer, tone: false)
      }
      html += "</tr>\n"
    }
    html += "</tbody></table></div></section>\n"
    return html
  }

  private func rateCell(_ rate: Double?, tone: Bool) -> String {
    let colour = tone ? (ReportFormat.tone(rate).map { " " + $0 } ?? "") : ""
    return
      "<td class=\"n\(colour)\" data-v=\"\(rate.map { String($0) } ?? "-1")\">\(Format.percent(rate))</td>"
  }
}
