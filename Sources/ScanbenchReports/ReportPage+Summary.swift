import Foundation
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

/// The top of the page: the headline figures, the run's identity and the charts.
extension Page {

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
    html += characterSection()
    html += folderSection()
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
    values.isEmpty ? nil : Statistics.quantile(values.sorted(), 0.5)
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
    if let without = cerWithoutWhitespace, alignedImages > 0 {
      // The toggle in the errors section shows one or the other.
      microNote +=
        "<br><span class=\"ws-with\">\(Format.percent(without)) without whitespace errors</span>"
        + "<span class=\"ws-without\">shown without whitespace errors (\(whitespaceEdits) of \(alignedEdits) "
        + "edits, \(alignedImages) images re-read)</span>"
      let withValue = "<span class=\"ws-with\">\(Format.percent(micro))</span>"
      let withoutValue = "<span class=\"ws-without\">\(Format.percent(without))</span>"
      html += kpi(
        "CER (micro)", withValue + withoutValue, microNote, tone: ReportFormat.tone(micro), large: true)
    } else {
      html += kpi(
        "CER (micro)", Format.percent(micro), microNote, tone: ReportFormat.tone(micro), large: true)
    }
    html += kpi("CER (macro)", Format.percent(Self.cerMacro(run)), "mean of the per-image CERs")
    var werNote = "word edits ÷ ground-truth words · macro \(Format.percent(werMacro))"
    if let wer = werMicro, let comparison, let other = Self.werMicro(comparison) {
      werNote =
        "\(Format.points(wer - other)) points vs \(Format.percent(other)) "
        + "(\(Markup.escape(seriesName(comparison))))"
    }
    html += kpi("WER (micro)", Format.percent(werMicro), werNote)
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
    var links = [("run", "Run"), ("charts", "Charts"), ("errors", "Errors")]
    if alignedImages > 0 { links.append(("characters", "Characters")) }
    if Set(run.scored.map(Self.folder)).count > 1 { links.append(("folders", "Folders")) }
    links.append(("worst", "Worst images"))
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
}
