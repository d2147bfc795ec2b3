import Foundation
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

/// The page's lists: confusions, failures by kind, the comparison, the worst images, all images.
extension Page {
  func confusionSection() -> String {
    var html = "<section id=\"errors\"><h2>Errors</h2><div class=\"errors\">\n"
    html += "<div class=\"card flush\"><div class=\"card-title\">Most frequent confusions</div>\n"
    if confusions.isEmpty {
      let reason =
        alignedImages == 0
        ? "They need the ground truth, which could not be re-read from the run's sources."
        : "None: every image whose ground truth was found was read perfectly."
      html += "<p class=\"muted pad\">\(reason)</p></div>\n"
    } else {
      html +=
        "<p class=\"muted pad\">Ground truth → OCR over the \(alignedImages) images whose ground truth was re-read; "
        + "\(distinctConfusions) different confusions in all.</p>\n"
      html +=
        "<label class=\"pad ws-toggle\"><input type=\"checkbox\" id=\"hide-whitespace\"> Leave whitespace "
        + "errors out (\(whitespaceEdits) of \(alignedEdits) edits): CER \(Format.percent(cerWithoutWhitespace)) "
        + "instead of \(Format.percent(alignedLength > 0 ? Double(alignedEdits) / Double(alignedLength) : nil))"
        + "</label>\n"
      html += "<table class=\"confusions\"><tbody>\n"
      let highest = Double(confusions.first?.count ?? 1)
      let shown = 12
      for (index, confusion) in confusions.enumerated() {
        if index == shown {
          html +=
            "</tbody></table>\n<details class=\"rows\"><summary>Show \(confusions.count - shown) more</summary>"
          html += "<table class=\"confusions\"><tbody>\n"
        }
        let width = max(2, Int(saturating: (Double(confusion.count) / highest * 100).rounded()))
        html +=
          "<tr\(Self.isWhitespaceOnly(confusion) ? " data-ws=\"1\"" : "")><td class=\"n\">\(confusion.count)×</td>"
        html +=
          "<td>\(ReportFormat.snippet(confusion.groundTruth, empty: "nothing"))</td><td class=\"arrow\">→</td>"
        html += "<td>\(ReportFormat.snippet(confusion.recognized, empty: "nothing"))</td>"
        html += "<td class=\"barcol\"><span class=\"bar\" style=\"width:\(width)%\"></span></td></tr>\n"
      }
      html += "</tbody></table>\n"
      if confusions.count > shown { html += "</details>\n" }
      html += "</div>\n"
    }
    html += kindsCard()
    html += "</div></section>\n"
    return html
  }

  /// Substitutions, insertions and deletions in one stacked bar, and the spread of per-image CER.
  func kindsCard() -> String {
    let scored = scoredRecords
    let substitutions = scored.reduce(0) { $0 + ($1.substitutions ?? 0) }
    let insertions = scored.reduce(0) { $0 + ($1.insertions ?? 0) }
    let deletions = scored.reduce(0) { $0 + ($1.deletions ?? 0) }
    let total = max(substitutions + insertions + deletions, 1)
    var html =
      "<div class=\"card\"><div class=\"card-title flat\">Errors by kind</div>\n<div class=\"stack\">"
    for (count, kind) in [(substitutions, "sub"), (insertions, "ins"), (deletions, "del")] where count > 0 {
      html +=
        "<span class=\"\(kind)\" style=\"width:\(String(format: "%.2f", Double(count) * 100 / Double(total)))%\"></span>"
    }
    html += "</div>\n<dl class=\"kinds\">"
    html += "<dt><i class=\"sw sub\"></i>substitutions</dt><dd>\(substitutions)</dd>"
    html += "<dt><i class=\"sw ins\"></i>insertions</dt><dd>\(insertions)</dd>"
    html += "<dt><i class=\"sw del\"></i>deletions</dt><dd>\(deletions)</dd></dl>\n"
    let rates = scored.compactMap(\.cer).sorted()
    if !rates.isEmpty {
      html += "<div class=\"card-title flat\">CER per image</div><dl class=\"kinds\">"
      for (label, probability) in [("median", 0.5), ("90th percentile", 0.9), ("99th percentile", 0.99)] {
        html += "<dt>\(label)</dt><dd>\(Format.percent(Statistics.quantile(rates, probability)))</dd>"
      }
      html += "<dt>worst</dt><dd>\(Format.percent(rates.last))</dd></dl>\n"
    }
    html += "</div>\n"
    return html
  }

  func comparisonSection() -> String {
    guard let comparison else { return "" }
    var others: [ImageKey: ResultRecord] = [:]
    for record in comparison.results { others[ImageKey(record)] = record }
    struct Delta {
      var key: ImageKey
      var mine: Double
      var theirs: Double
      var mineWER: Double?
      var theirsWER: Double?
      var mineMs: Double
      var theirsMs: Double
    }
    var deltas: [Delta] = []
    var onlyHere = 0
    for record in run.results {
      guard let other = others.removeValue(forKey: ImageKey(record)) else {
        onlyHere += 1
        continue
      }
      guard record.error == nil, other.error == nil, let mine = record.cer, let theirs = other.cer else {
        continue
      }
      deltas.append(
        Delta(
          key: ImageKey(record), mine: mine, theirs: theirs, mineWER: record.wer, theirsWER: other.wer,
          mineMs: record.ms.recognize, theirsMs: other.ms.recognize))
    }
    deltas.sort {
      $0.mine - $0.theirs != $1.mine - $1.theirs ? $0.mine - $0.theirs > $1.mine - $1.theirs : $0.key < $1.key
    }
    let worse = deltas.filter { $0.mine > $0.theirs }.count
    let better = deltas.filter { $0.mine < $0.theirs }.count
    let same = deltas.count - worse - better
    deltas.removeAll { $0.mine == $0.theirs }
    let mineName = Markup.escape(seriesName(run))
    let theirName = Markup.escape(seriesName(comparison))
    var html = "<section id=\"compare\"><h2>Comparison with \(theirName)</h2>\n"
    html +=
      "<p class=\"muted\">\(worse + better + same) images scored in both runs: \(worse) worse in \(mineName), "
      + "\(better) better, \(same) the same"
    if onlyHere > 0 || !others.isEmpty {
      html += "; \(onlyHere) only in \(mineName), \(others.count) only in \(theirName)"
    }
    html += ". The images that differ, Δ (\(mineName) minus \(theirName), in CER points) largest first.</p>\n"
    guard !deltas.isEmpty else { return html + "</section>\n" }
    html += "<div class=\"card flush\"><table class=\"sortable\" data-page-size=\"12\"><thead><tr>"
    html += "<th data-sort=\"text\">image</th><th class=\"n\" data-sort=\"num\">CER \(mineName)</th>"
    html +=
      "<th class=\"n\" data-sort=\"num\">CER \(theirName)</th><th class=\"n\" data-sort=\"num\">Δ points</th>"
    html +=
      "<th class=\"n\" data-sort=\"num\">WER \(mineName)</th><th class=\"n\" data-sort=\"num\">WER \(theirName)</th>"
    html +=
      "<th class=\"n\" data-sort=\"num\">ms \(mineName)</th><th class=\"n\" data-sort=\"num\">ms \(theirName)</th>"
    html += "</tr></thead><tbody>\n"
    for delta in deltas {
      let difference = delta.mine - delta.theirs
      let tone = difference > 0 ? "bad" : (difference < 0 ? "ok" : "muted")
      html +=
        "<tr data-name=\"\(Markup.escape(delta.key.label))\"><td><code>\(Markup.escape(delta.key.label))</code></td>"
      html += "<td class=\"n\" data-v=\"\(delta.mine)\">\(Format.percent(delta.mine))</td>"
      html += "<td class=\"n\" data-v=\"\(delta.theirs)\">\(Format.percent(delta.theirs))</td>"
      html += "<td class=\"n \(tone)\" data-v=\"\(difference)\">\(Format.points(difference))</td>"
      for wer in [delta.mineWER, delta.theirsWER] {
        html += "<td class=\"n\" data-v=\"\(wer.map { String($0) } ?? "-1")\">\(Format.percent(wer))</td>"
      }
      html += "<td class=\"n\" data-v=\"\(delta.mineMs)\">\(ReportFormat.milliseconds(delta.mineMs))</td>"
      html +=
        "<td class=\"n\" data-v=\"\(delta.theirsMs)\">\(ReportFormat.milliseconds(delta.theirsMs))</td></tr>\n"
    }
    html += "</tbody></table></div></section>\n"
    return html
  }

  func worstSection() -> String {
    var html = "<section id=\"worst\"><h2>Worst images</h2>\n"
    guard !detailed.isEmpty else {
      return html
        + "<p class=\"muted card\">No image has a single error. Nothing to show here.</p></section>\n"
    }
    let withErrors = run.results.filter(Self.deservesDetail).count
    html += "<p class=\"muted\">"
    html +=
      detailed.count < withErrors
      ? "The \(detailed.count) worst of the \(withErrors) images with errors or failures, worst first; "
        + "the rest are in the table below. "
      : "All \(detailed.count) images with errors or failures, worst first. "
    html += "</p>\n<div class=\"legend\"><span><del class=\"d\">deleted</del> missing from the OCR</span>"
    html += "<span><ins class=\"i\">inserted</ins> not in the ground truth</span>"
    html += "<span><span class=\"s\">substituted</span> read as something else</span>"
    html +=
      "<span><span class=\"gap gi\"></span><span class=\"gap gd\"></span> where the other side has text</span></div>\n"
    for (index, row) in detailed.enumerated() {
      if index == options.openDetails {
        html += "<details class=\"more\"><summary>Show \(detailed.count - index) more images</summary>\n"
      }
      html += card(row, rank: index + 1)
    }
    if detailed.count > options.openDetails { html += "</details>\n" }
    html += "</section>\n"
    return html
  }

  func card(_ row: ReportRow, rank: Int) -> String {
    let record = row.record
    let key = ImageKey(record)
    var html = "<article class=\"shot card\" id=\"image-\(rank)\">\n<div class=\"shot-head\">"
    html += "<span class=\"rank\">#\(rank)</span><code class=\"name\">\(Markup.escape(key.label))</code>"
    if let failure = record.error {
      html += "<span class=\"badge bad\">failed</span></div>\n"
      html +=
        "<p class=\"failure\"><b>\(Markup.escape(failure.kind))</b>: \(Markup.escape(failure.message))</p>\n"
      html += "<p class=\"muted small\">source <code>\(Markup.escape(record.source))</code></p></article>\n"
      return html
    }
    html +=
      "<span class=\"badge \(ReportFormat.tone(row.cer) ?? "muted")\">CER \(Format.percent(row.cer))</span>"
    html += "<span class=\"badge muted\">WER \(Format.percent(row.wer))</span>"
    var meta: [String] = []
    if let edits = record.edits, let length = record.gtChars {
      meta.append("\(edits) edits / \(length) characters")
    }
    if let counts = row.wordCounts { meta.append("\(counts.edits) word edits / \(counts.words) words") }
    if let substitutions = record.substitutions, let insertions = record.insertions,
      let deletions = record.deletions
    {
      meta.append("\(substitutions) sub · \(insertions) ins · \(deletions) del")
    }
    meta.append(ReportFormat.milliseconds(record.ms.recognize))
    if let confidence = record.confidence {
      meta.append("confidence \(Int(saturating: confidence.rounded()))")
    }
    html += "<span class=\"meta\">\(meta.joined(separator: " · "))"
    if let overlay = options.overlays[row.reference] {
      html += " · <a class=\"overlay\" href=\"\(Markup.escape(overlay))\">word boxes</a>"
    }
    html += "</span></div>\n"
    let wide = (record.width ?? 1) >= 3 * max(record.height ?? 1, 1)
    html += "<div class=\"shot-body\(wide ? " wide" : "")\">"
    if let thumbnail = material.thumbnails[row.reference] {
      html +=
        "<img class=\"thumb\" alt=\"\(Markup.escape(key.label))\" src=\"data:\(thumbnail.mediaType);base64,"
      html += thumbnail.data.base64EncodedString()
      html += "\" title=\"Click for the full-size image with its boxes\"\(Self.viewerAttributes(record))"
      if let full = material.fullImages[row.reference] {
        html += " data-full=\"data:\(full.mediaType);base64,\(full.data.base64EncodedString())\""
      }
      html += ">"
    } else {
      let why =
        material.changedImages.contains(row.reference)
        ? "image changed since the run"
        : (material.unavailableSources[record.source] != nil
          ? "source unavailable"
          : material.thumbnailFailures[row.reference]
            ?? "image not embedded (the report's image budget is spent)")
      html += "<div class=\"nothumb\">\(Markup.escape(why))</div>"
    }
    html += "<div class=\"sides\">"
    if let display = row.display {
      html += "<div class=\"side\"><div class=\"lbl\">Ground truth</div><div class=\"diff\">"
      html += DiffMarkup.side(display.groundTruth, isGroundTruth: true) + "</div></div>"
      html += "<div class=\"side\"><div class=\"lbl\">OCR</div><div class=\"diff\">"
      html += DiffMarkup.side(display.recognized, isGroundTruth: false, markLines: true) + "</div></div>"
    } else if let alignment = row.alignment {
      html += "<div class=\"side\"><div class=\"lbl\">Ground truth</div><div class=\"diff\">"
      html += DiffMarkup.groundTruth(alignment.operations) + "</div></div>"
      html += "<div class=\"side\"><div class=\"lbl\">OCR</div><div class=\"diff\">"
      html += DiffMarkup.recognized(alignment.operations) + "</div></div>"
    } else {
      html += "<div class=\"side\"><div class=\"lbl\">Ground truth</div><div class=\"diff unavailable\">"
      html +=
        "Unavailable: the store keeps only the OCR text, and the ground truth could not be re-read from "
      html += "<code>\(Markup.escape(record.source))</code>.</div></div>"
      html += "<div class=\"side\"><div class=\"lbl\">OCR</div><div class=\"diff\">"
      html += Markup.escape(record.text ?? "") + "</div></div>"
    }
    html += "</div></div>\n"
    if let display = row.display { html += DiffMarkup.words(display, wer: row.wer) + "\n" }
    if row.groundTruthDiffers {
      html +=
        "<p class=\"warn small\">The ground truth read now gives \(row.alignment?.edits.total ?? 0) edits, "
        + "not the \(record.edits ?? 0) the run stored: it changed since the run.</p>\n"
    }
    html += "</article>\n"
    return html
  }

  /// The image's size and its line and word boxes, for the full-size viewer (report.js): each line
  /// box with the line of the OCR text it reads (matched by text, in order), `-1` when none matches.
  static func viewerAttributes(_ record: ResultRecord) -> String {
    var attributes = ""
    if let width = record.width, let height = record.height, width > 0, height > 0,
      record.orientation?.osdApplied != true
    {
      attributes += " data-w=\"\(width)\" data-h=\"\(height)\""
    }
    let lines = record.lines ?? []
    let words = record.words ?? []
    guard !lines.isEmpty || !words.isEmpty else { return attributes }
    let textLines = (record.text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    var next = 0
    var lineItems: [String] = []
    for box in lines {
      let wanted = box.text.trimmingCharacters(in: .whitespacesAndNewlines)
      var index = -1
      if let found = textLines[min(next, textLines.count)...].firstIndex(of: wanted) {
        index = found
        next = found + 1
      }
      lineItems.append("[\(box.x),\(box.y),\(box.width),\(box.height),\(index)]")
    }
    let wordItems = words.map { "[\($0.x),\($0.y),\($0.width),\($0.height)]" }
    let json =
      "{\"lines\":[\(lineItems.joined(separator: ","))],\"words\":[\(wordItems.joined(separator: ","))]}"
    return attributes + " data-boxes=\"\(Markup.escape(json))\""
  }

  func allImagesSection() -> String {
    var html = "<section id=\"all\"><h2>All images</h2>\n"
    html +=
      "<details class=\"card flush\"\(rows.count <= 100 ? " open" : "")><summary>\(rows.count) images, worst first "
    html += "(click a column to sort)</summary>\n"
    html +=
      "<table class=\"sortable\" data-page-size=\"50\"><thead><tr><th class=\"n\" data-sort=\"num\">#</th>"
    html += "<th data-sort=\"text\">image</th><th class=\"n\" data-sort=\"num\">CER</th>"
    html += "<th class=\"n\" data-sort=\"num\">WER</th>"
    html += "<th class=\"n\" data-sort=\"num\">edits</th><th class=\"n\" data-sort=\"num\">characters</th>"
    html += "<th class=\"n\" data-sort=\"num\">sub</th><th class=\"n\" data-sort=\"num\">ins</th>"
    html += "<th class=\"n\" data-sort=\"num\">del</th><th class=\"n\" data-sort=\"num\">ms</th>"
    html += "<th data-sort=\"text\">note</th></tr></thead><tbody>\n"
    var detailRanks: [SourceMaterial.Reference: Int] = [:]
    for (index, row) in detailed.enumerated() { detailRanks[row.reference] = index + 1 }
    for (index, row) in rows.enumerated() {
      let record = row.record
      let label = ImageKey(record).label
      let cer = row.cer
      var name = "<code>\(Markup.escape(label))</code>"
      if let rank = detailRanks[row.reference] { name = "<a href=\"#image-\(rank)\">\(name)</a>" }
      var note = ""
      if let failure = record.error {
        note = "<span class=\"bad\">failed: \(Markup.escape(failure.kind))</span>"
      } else if record.edits == nil {
        note = "<span class=\"muted\">no ground truth</span>"
      } else if row.groundTruthDiffers {
        note = "<span class=\"warn\">ground truth changed</span>"
      }
      html +=
        "<tr data-name=\"\(Markup.escape(label))\"><td class=\"n\" data-v=\"\(index + 1)\">\(index + 1)</td>"
      html += "<td>\(name)</td>"
      html +=
        "<td class=\"n \(ReportFormat.tone(cer) ?? "")\" data-v=\"\(cer.map { String($0) } ?? "-1")\">\(Format.percent(cer))</td>"
      html +=
        "<td class=\"n\" data-v=\"\(row.wer.map { String($0) } ?? "-1")\">\(Format.percent(row.wer))</td>"
      html += numberCell(record.edits) + numberCell(record.gtChars) + numberCell(record.substitutions)
      html += numberCell(record.insertions) + numberCell(record.deletions)
      html +=
        "<td class=\"n\" data-v=\"\(record.ms.recognize)\">\(ReportFormat.milliseconds(record.ms.recognize))</td>"
      html += "<td>\(note)</td></tr>\n"
    }
    html += "</tbody></table></details></section>\n"
    return html
  }

  func numberCell(_ value: Int?) -> String {
    guard let value else { return "<td class=\"n\" data-v=\"-1\">–</td>" }
    return "<td class=\"n\" data-v=\"\(value)\">\(value)</td>"
  }
}
