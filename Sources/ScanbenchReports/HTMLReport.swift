import Foundation
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

/// One self-contained HTML page about a run: its identity and numbers, charts drawn as inline SVG, the
/// most frequent confusions, the images worst first with ground truth and OCR side by side, and, given a
/// second run, the per-image differences. No external script, font or image: it opens from disk.
public enum HTMLReport {
  public struct Options: Sendable {
    /// Images shown in full (thumbnail, side-by-side diff), worst first; the rest get a table row.
    public var detailLimit = 200
    /// Of those, how many are open at first; the others sit in a collapsed section.
    public var openDetails = 25
    public var confusionLimit = 30
    /// Shown in the footer; passed in so that the same inputs give the same page.
    public var generatedAt = ""
    public var generator = "scanbench"
    /// Links to overlay images (`scanbench overlay`), relative to the page, by result.
    public var overlays: [SourceMaterial.Reference: String] = [:]

    public init() {}
  }

  public struct Outcome: Sendable {
    public var html: String
    /// Images shown in full.
    public var detailed: Int
    /// Results whose ground truth was found again.
    public var groundTruthFound: Int
    public var thumbnails: Int
  }

  public static func render(
    run: StoreRun, comparison: StoreRun?, material: SourceMaterial, options: Options = Options()
  ) -> Outcome {
    var page = Page(run: run, comparison: comparison, material: material, options: options)
    page.analyse()
    let html = page.document()
    return Outcome(
      html: html, detailed: page.detailed.count, groundTruthFound: page.groundTruthFound,
      thumbnails: page.detailed.filter { material.thumbnails[$0.reference] != nil }.count)
  }

  /// The sources and images a report of `run` would like to re-read, in order of preference.
  public static func thumbnailCandidates(_ run: StoreRun, options: Options = Options()) -> [SourceMaterial
    .Reference]
  {
    Page.ordered(run.results).filter(Page.deservesDetail).prefix(options.detailLimit).map(
      SourceMaterial.Reference.init)
  }
}

/// One image of the report.
struct ReportRow {
  var record: ResultRecord
  var reference: SourceMaterial.Reference
  var alignment: Alignment?
  var groundTruthAvailable = false
  /// The ground truth read now scores differently from what the run stored.
  var groundTruthDiffers = false

  var cer: Double? { record.error == nil ? record.cer : nil }
}

struct Page {
  let run: StoreRun
  let comparison: StoreRun?
  let material: SourceMaterial
  let options: HTMLReport.Options

  var rows: [ReportRow] = []
  var detailed: [ReportRow] = []
  var confusions: [Confusion] = []
  var distinctConfusions = 0
  var groundTruthFound = 0
  var alignedImages = 0

  init(run: StoreRun, comparison: StoreRun?, material: SourceMaterial, options: HTMLReport.Options) {
    self.run = run
    self.comparison = comparison
    self.material = material
    self.options = options
  }

  static let seriesColours = ["#4c6ef5", "#f59f00"]

  /// Failed images first, then by CER (highest first), images without a score last.
  static func ordered(_ records: [ResultRecord]) -> [ResultRecord] {
    records.sorted { left, right in
      let leftFailed = left.error != nil
      let rightFailed = right.error != nil
      if leftFailed != rightFailed { return leftFailed }
      let leftCER = left.error == nil ? left.cer : nil
      let rightCER = right.error == nil ? right.cer : nil
      switch (leftCER, rightCER) {
      case (.some(let a), .some(let b)) where a != b: return a > b
      case (.some, .none): return true
      case (.none, .some): return false
      default: break
      }
      if (left.edits ?? 0) != (right.edits ?? 0) { return (left.edits ?? 0) > (right.edits ?? 0) }
      return ImageKey(left) < ImageKey(right)
    }
  }

  /// Failed images and images with at least one edit get a full view.
  static func deservesDetail(_ record: ResultRecord) -> Bool {
    record.error != nil || (record.edits ?? 0) > 0
  }

  mutating func analyse() {
    var optionsByMetric: [String: ScoringOptions] = [:]
    var tally = ConfusionTally()
    var detailBudget = options.detailLimit
    for record in Self.ordered(run.results) {
      let reference = SourceMaterial.Reference(record)
      var row = ReportRow(record: record, reference: reference)
      let wantsDetail = detailBudget > 0 && Self.deservesDetail(record)
      if record.error == nil, let groundTruth = material.groundTruth[reference] {
        row.groundTruthAvailable = true
        groundTruthFound += 1
        let metric = record.metric ?? run.metric ?? ScoringOptions.default.descriptor
        let scoring =
          optionsByMetric[metric] ?? ScoringOptions(descriptor: metric) ?? ScoringOptions.default
        optionsByMetric[metric] = scoring
        let alignment = Scorer.align(
          groundTruth: groundTruth, recognized: record.text ?? "", options: scoring)
        tally.add(alignment)
        alignedImages += 1
        if let edits = record.edits, edits != alignment.edits.total { row.groundTruthDiffers = true }
        if wantsDetail { row.alignment = alignment }
      }
      if wantsDetail {
        detailed.append(row)
        detailBudget -= 1
        row.alignment = nil
      }
      rows.append(row)
    }
    confusions = tally.top(limit: options.confusionLimit)
    distinctConfusions = tally.distinctCount
  }

  // MARK: The document

  func document() -> String {
    var html = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    html += "<title>scanbench report · \(Markup.escape(storeName(run.store)))</title>\n"
    html += "<style>\(ReportAssets.css)</style>\n</head>\n<body>\n"
    html += hero()
    html += navigation()
    html += "<main class=\"wrap\">\n"
    html += identity()
    html += charts()
    html += confusionSection()
    html += worstSection()
    if comparison != nil { html += comparisonSection() }
    html += allImagesSection()
    html += "</main>\n"
    html += "<footer class=\"wrap\">Made by \(Markup.escape(options.generator))"
    if !options.generatedAt.isEmpty { html += " on \(Markup.escape(options.generatedAt))" }
    html += " from <code>\(Markup.escape(run.store))</code>. Self-contained: it opens from disk.</footer>\n"
    html += "<div id=\"report-status\" data-ready=\"no\" hidden></div>\n"
    html += "<script>\(ReportAssets.script)</script>\n</body>\n</html>\n"
    return html
  }

  func storeName(_ path: String) -> String {
    String(EntryName.lastComponent(of: path))
  }

  var scoredRecords: [ResultRecord] { run.scored }

  var cerMicro: Double? {
    let scored = scoredRecords
    let length = scored.reduce(0) { $0 + ($1.gtChars ?? 0) }
    return length > 0 ? Double(scored.reduce(0) { $0 + ($1.edits ?? 0) }) / Double(length) : nil
  }

  static func cerMicro(_ run: StoreRun) -> Double? {
    let scored = run.scored
    let length = scored.reduce(0) { $0 + ($1.gtChars ?? 0) }
    return length > 0 ? Double(scored.reduce(0) { $0 + ($1.edits ?? 0) }) / Double(length) : nil
  }

  static func cerMacro(_ run: StoreRun) -> Double? {
    let rates = run.scored.compactMap(\.cer)
    return rates.isEmpty ? nil : rates.reduce(0, +) / Double(rates.count)
  }

  static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func recognizeTimes(_ run: StoreRun) -> [Double] {
    run.results.filter { $0.error == nil }.map(\.ms.recognize)
  }

  func hero() -> String {
    var html = "<header class=\"hero\"><div class=\"wrap\">\n"
    html += "<div class=\"eyebrow\">scanbench report</div>\n"
    html += "<h1>\(Markup.escape(storeName(run.store)))</h1>\n"
    var facts = ["run <code>\(Markup.escape(run.runID))</code>"]
    if let time = run.summary?.time ?? run.results.last?.time {
      facts.append(Markup.escape(ReportFormat.time(time)))
    }
    facts.append("profile <b>\(Markup.escape(run.profile))</b>")
    facts.append("language <b>\(Markup.escape(run.lang))</b>")
    facts.append("\(run.results.count) image\(run.results.count == 1 ? "" : "s")")
    html += "<p class=\"sub\">\(facts.joined(separator: " · "))</p>\n"
    html += "<div class=\"kpis\">\n"
    let micro = Self.cerMicro(run)
    let other = comparison.flatMap(Self.cerMicro)
    var microNote = "edits ÷ ground-truth characters"
    if let micro, let other, let comparison {
      microNote =
        "\(Format.points(micro - other)) points vs \(Format.percent(other)) "
        + "(\(Markup.escape(seriesName(comparison))))"
    }
    html += kpi("CER (micro)", Format.percent(micro), microNote, tone: ReportFormat.tone(micro), large: true)
    html += kpi("CER (macro)", Format.percent(Self.cerMacro(run)), "mean of the per-image CERs")
    let scored = scoredRecords.count
    let perfect = scoredRecords.filter { $0.edits == 0 }.count
    html += kpi("Images scored", "\(scored)", "\(perfect) read perfectly, of \(run.results.count)")
    let failed = run.results.filter { $0.error != nil }.count
    html += kpi(
      "Failed", "\(failed)", failed == 0 ? "none" : "see the worst images", tone: failed == 0 ? nil : "bad")
    let median = Self.median(Self.recognizeTimes(run))
    var speedNote = "median recognition time"
    if let comparison, let otherMedian = Self.median(Self.recognizeTimes(comparison)) {
      speedNote =
        "median · \(ReportFormat.milliseconds(otherMedian)) for \(Markup.escape(seriesName(comparison)))"
    }
    html += kpi("Per image", median.map(ReportFormat.millisecondsMarkup) ?? "n/a", speedNote)
    if let summary = run.summary {
      html += kpi(
        "Throughput", String(format: "%.1f<small>/s</small>", summary.imagesPerSecond),
        String(
          format: "%.1f s wall, %d worker%@", summary.wallSeconds, summary.jobs, summary.jobs == 1 ? "" : "s")
      )
    }
    html += "</div>\n</div></header>\n"
    return html
  }

  func kpi(_ label: String, _ value: String, _ note: String, tone: String? = nil, large: Bool = false)
    -> String
  {
    var html = "<div class=\"kpi card\(large ? " large" : "")\">"
    html += "<div class=\"l\">\(Markup.escape(label))</div>"
    html += "<div class=\"v\(tone.map { " \($0)" } ?? "")\">\(value)</div>"
    html += "<div class=\"n\">\(note)</div></div>\n"
    return html
  }

  func navigation() -> String {
    var links = [("run", "Run"), ("charts", "Charts"), ("errors", "Errors"), ("worst", "Worst images")]
    if comparison != nil { links.append(("compare", "Comparison")) }
    links.append(("all", "All images"))
    let items = links.map { "<a href=\"#\($0.0)\">\($0.1)</a>" }.joined()
    return "<nav class=\"toc\"><div class=\"wrap\">\(items)</div></nav>\n"
  }

  func identity() -> String {
    var rows: [(String, String)] = []
    rows.append(("Profile", "<b>\(Markup.escape(run.profile))</b>"))
    rows.append(("Language", Markup.escape(run.lang)))
    if let engine = run.engine {
      rows.append(("Engine", Markup.escape(engine.label)))
      if !engine.settings.isEmpty {
        let settings = engine.settings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        rows.append(("Settings", "<code>\(Markup.escape(settings.joined(separator: ", ")))</code>"))
      }
      let models = engine.models.keys.sorted().map { name in
        let hash = engine.models[name] ?? ""
        return
          "<span class=\"model\"><b>\(Markup.escape(name))</b> <code title=\"SHA-256 \(Markup.escape(hash))\">"
          + "\(Markup.escape(String(hash.prefix(16))))…</code></span>"
      }
      rows.append(("Models", models.isEmpty ? "none recorded" : models.joined(separator: " ")))
    }
    if let scanbench = run.scanbench {
      rows.append(("scanbench", Markup.escape("\(scanbench.version) (\(scanbench.commit))")))
    }
    rows.append(("Metric", "<code>\(Markup.escape(run.metric ?? "none (nothing scored)"))</code>"))
    if let summary = run.summary {
      rows.append(
        (
          "Workers",
          "\(summary.jobs) <span class=\"muted\">(--jobs; by default the machine's active cores)</span>"
        ))
      rows.append(
        ("Wall time", String(format: "%.1f s · %.2f images/s", summary.wallSeconds, summary.imagesPerSecond)))
      if let shard = summary.shard { rows.append(("Shard", Markup.escape(shard))) }
      if summary.interrupted {
        rows.append(("Interrupted", "<span class=\"bad\">yes: not every image was read</span>"))
      }
    } else {
      rows.append(("Summary", "<span class=\"warn\">none: the run stopped before writing it</span>"))
    }
    let sources = Set(run.results.map(\.source)).sorted()
    let sourceItems = sources.map { source -> String in
      var item = "<code>\(Markup.escape(source))</code>"
      if let problem = material.unavailableSources[source] {
        item += " <span class=\"warn\">· ground truth unavailable: \(Markup.escape(problem))</span>"
      }
      return item
    }
    rows.append(("Sources", sourceItems.joined(separator: "<br>")))
    let total = run.results.filter { $0.error == nil && $0.edits != nil }.count
    rows.append(
      (
        "Ground truth",
        "re-read for \(groundTruthFound) of \(total) scored images "
          + "<span class=\"muted\">(the store keeps only the OCR text)</span>"
      ))
    if !material.changedImages.isEmpty {
      rows.append(
        (
          "Changed inputs",
          "<span class=\"warn\">\(material.changedImages.count) image(s) no longer match the "
            + "run's SHA-256</span>"
        ))
    }
    if !run.invalidLines.isEmpty {
      rows.append(
        ("Store", "<span class=\"warn\">\(run.invalidLines.count) unreadable line(s) skipped</span>"))
    }
    var html = "<section id=\"run\"><h2>Run</h2><div class=\"card\"><dl class=\"facts two\">\n"
    for (label, value) in rows { html += "<dt>\(Markup.escape(label))</dt><dd>\(value)</dd>\n" }
    html += "</dl></div></section>\n"
    return html
  }

  /// How charts and tables name a run: its engine when the two runs differ in engine (`tesseract`,
  /// `command:rapidocr`), its profile when they differ in profile, else its store (or its run id
  /// when both come from one store).
  func seriesName(_ other: StoreRun) -> String {
    guard let comparison else { return other.profile }
    if let mine = run.engine?.name, let theirs = comparison.engine?.name, mine != theirs {
      return other.engine?.name ?? other.profile
    }
    if comparison.profile != run.profile { return other.profile }
    if comparison.store != run.store { return storeName(other.store) }
    return "run \(other.runID)"
  }

  func charts() -> String {
    let bins = ReportFormat.cerBins
    var runs = [run]
    if let comparison { runs.append(comparison) }
    let names = runs.map(seriesName)
    let series = zip(names, Self.seriesColours).map { SVGChart.Series(name: $0, colour: $1) }
    let counts = runs.map { ReportFormat.binCounts($0.scored.compactMap(\.cer)) }
    var html = "<section id=\"charts\"><h2>Charts</h2><div class=\"charts\">\n"
    html += "<figure class=\"card\"><figcaption>CER per image</figcaption>"
    html += SVGChart.bars(
      title: "How many images fall in each CER range", bins: bins.map(\.label), counts: counts,
      series: series, binColours: bins.map(\.colour), xLabel: "CER of the image", yLabel: "images")
    html += "</figure>\n"
    let points = runs.map { run in
      run.scored.compactMap { record -> SVGChart.Point? in
        guard let cer = record.cer else { return nil }
        return SVGChart.Point(
          x: record.ms.recognize, y: cer * 100,
          label:
            "\(ImageKey(record).label) · \(Format.percent(cer)) · \(ReportFormat.milliseconds(record.ms.recognize))"
        )
      }
    }
    let caption =
      comparison == nil
      ? "Speed against accuracy, per image"
      : "Speed against accuracy: \(names.joined(separator: " vs "))"
    html += "<figure class=\"card\"><figcaption>\(Markup.escape(caption))</figcaption>"
    html += SVGChart.scatter(
      title: "Recognition time against CER, one point per image", points: points, series: series,
      xLabel: "recognition time per image (ms, log scale)", yLabel: "CER")
    html += "</figure>\n</div></section>\n"
    return html
  }

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
      html += "<table class=\"confusions\"><tbody>\n"
      let highest = Double(confusions.first?.count ?? 1)
      let shown = 12
      for (index, confusion) in confusions.enumerated() {
        if index == shown {
          html +=
            "</tbody></table>\n<details class=\"rows\"><summary>Show \(confusions.count - shown) more</summary>"
          html += "<table class=\"confusions\"><tbody>\n"
        }
        let width = max(2, Int((Double(confusion.count) / highest * 100).rounded()))
        html += "<tr><td class=\"n\">\(confusion.count)×</td>"
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
          key: ImageKey(record), mine: mine, theirs: theirs, mineMs: record.ms.recognize,
          theirsMs: other.ms.recognize))
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
    var meta: [String] = []
    if let edits = record.edits, let length = record.gtChars {
      meta.append("\(edits) edits / \(length) characters")
    }
    if let substitutions = record.substitutions, let insertions = record.insertions,
      let deletions = record.deletions
    {
      meta.append("\(substitutions) sub · \(insertions) ins · \(deletions) del")
    }
    meta.append(ReportFormat.milliseconds(record.ms.recognize))
    if let confidence = record.confidence { meta.append("confidence \(Int(confidence.rounded()))") }
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
      html += "\" title=\"Click to enlarge\">"
    } else {
      let why =
        material.changedImages.contains(row.reference)
        ? "image changed since the run"
        : (material.unavailableSources[record.source] != nil
          ? "source unavailable"
          : (EntryName.imageExtension(of: record.entry).flatMap { SourceMaterial.displayable[$0] } == nil
            || record.page != nil
            ? "no preview for this format" : "image not embedded (size)"))
      html += "<div class=\"nothumb\">\(Markup.escape(why))</div>"
    }
    html += "<div class=\"sides\">"
    if let alignment = row.alignment {
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
    if row.groundTruthDiffers {
      html +=
        "<p class=\"warn small\">The ground truth read now gives \(row.alignment?.edits.total ?? 0) edits, "
        + "not the \(record.edits ?? 0) the run stored: it changed since the run.</p>\n"
    }
    html += "</article>\n"
    return html
  }

  func allImagesSection() -> String {
    var html = "<section id=\"all\"><h2>All images</h2>\n"
    html +=
      "<details class=\"card flush\"\(rows.count <= 100 ? " open" : "")><summary>\(rows.count) images, worst first "
    html += "(click a column to sort)</summary>\n"
    html +=
      "<table class=\"sortable\" data-page-size=\"50\"><thead><tr><th class=\"n\" data-sort=\"num\">#</th>"
    html += "<th data-sort=\"text\">image</th><th class=\"n\" data-sort=\"num\">CER</th>"
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

/// The two sides of an alignment as marked-up text.
enum DiffMarkup {
  /// Ground truth: deletions struck through in red, substitutions amber, a green mark where OCR added text.
  static func groundTruth(_ operations: [AlignmentOperation]) -> String {
    var html = ""
    for operation in operations {
      switch operation {
      case .equal(let text): html += Markup.escape(text)
      case .delete(let text): html += "<del class=\"d\">\(visible(text))</del>"
      case .substitute(let groundTruth, let recognized):
        html +=
          "<span class=\"s\" title=\"read as “\(Markup.escape(recognized))”\">\(visible(groundTruth))</span>"
      case .insert(let text):
        html += "<span class=\"gap gi\" title=\"OCR added “\(Markup.escape(text))” here\"></span>"
      }
    }
    return html
  }

  /// OCR: insertions green, substitutions amber, a red mark where ground truth was dropped.
  static func recognized(_ operations: [AlignmentOperation]) -> String {
    var html = ""
    for operation in operations {
      switch operation {
      case .equal(let text): html += Markup.escape(text)
      case .insert(let text): html += "<ins class=\"i\">\(visible(text))</ins>"
      case .substitute(let groundTruth, let recognized):
        html +=
          "<span class=\"s\" title=\"should be “\(Markup.escape(groundTruth))”\">\(visible(recognized))</span>"
      case .delete(let text):
        html += "<span class=\"gap gd\" title=\"OCR dropped “\(Markup.escape(text))” here\"></span>"
      }
    }
    return html
  }

  /// Escaped, with spaces and line breaks made visible: a changed space must be seen to be understood.
  static func visible(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case " ": result += "␣"
      case "\n", "\r\n": result += "↵\n"
      case "\t": result += "⇥"
      case "\u{3000}": result += "□"
      default: result += Markup.escape(String(character))
      }
    }
    return result
  }
}

/// Numbers as the report shows them.
package enum ReportFormat {
  struct Bin {
    var label: String
    var upper: Double
    var colour: String
  }

  /// CER ranges for the histogram: exact zero apart, then widening ranges.
  static let cerBins: [Bin] = [
    Bin(label: "0", upper: 0, colour: "#2f9e44"),
    Bin(label: "≤1%", upper: 0.01, colour: "#74b816"),
    Bin(label: "1–2%", upper: 0.02, colour: "#a9c23f"),
    Bin(label: "2–5%", upper: 0.05, colour: "#fab005"),
    Bin(label: "5–10%", upper: 0.10, colour: "#fd7e14"),
    Bin(label: "10–20%", upper: 0.20, colour: "#f76707"),
    Bin(label: "20–50%", upper: 0.50, colour: "#e8590c"),
    Bin(label: ">50%", upper: .infinity, colour: "#e03131"),
  ]

  static func binCounts(_ rates: [Double]) -> [Int] {
    var counts = [Int](repeating: 0, count: cerBins.count)
    for rate in rates {
      let index = cerBins.firstIndex { rate <= $0.upper } ?? cerBins.count - 1
      counts[index] += 1
    }
    return counts
  }

  /// The value with its unit set smaller, for the headline figures.
  static func millisecondsMarkup(_ value: Double) -> String {
    value >= 1000
      ? String(format: "%.2f<small> s</small>", value / 1000)
      : String(format: "%.0f<small> ms</small>", value)
  }

  static func milliseconds(_ value: Double) -> String {
    value >= 1000 ? String(format: "%.2f s", value / 1000) : String(format: "%.0f ms", value)
  }

  /// The colour class of a CER.
  static func tone(_ cer: Double?) -> String? {
    guard let cer else { return nil }
    switch cer {
    case 0: return "ok"
    case ..<0.02: return "good"
    case ..<0.10: return "warn"
    default: return "bad"
    }
  }

  /// `2026-11-30T03:17:33.795Z` → `2026-11-30 03:17 UTC`.
  static func time(_ stamp: String) -> String {
    guard stamp.count >= 16, stamp.hasSuffix("Z") else { return stamp }
    let characters = Array(stamp)
    return String(characters[0..<10]) + " " + String(characters[11..<16]) + " UTC"
  }

  /// A confusion's side, quoted, with invisible characters shown.
  static func snippet(_ text: String, empty: String) -> String {
    text.isEmpty
      ? "<span class=\"muted\">\(Markup.escape(empty))</span>"
      : "<code class=\"snip\">\(DiffMarkup.visible(text))</code>"
  }
}
