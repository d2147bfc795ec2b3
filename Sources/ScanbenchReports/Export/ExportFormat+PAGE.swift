import Foundation
import ScanbenchSeam
import ScanbenchStore
import ScanbenchSupport

/// A text region of an export: the lines it holds and the box around them.
struct PageRegion: Equatable {
  var box: TextBox?
  var lines: [PageLayout.Line]
}

extension PageLayout {
  /// The page's text regions, in reading order: one a block (a column, a heading, a caption), with
  /// the block's box or the one around its lines. Every export that writes regions takes them here.
  var regions: [PageRegion] {
    blocks.compactMap { block in
      let blockLines = block.paragraphs.flatMap { lines[$0.lines] }
      guard !blockLines.isEmpty else { return nil }
      let box =
        block.box ?? Self.union(blockLines.compactMap { $0.box ?? Self.union($0.words.compactMap(\.box)) })
      return PageRegion(box: box, lines: blockLines)
    }
  }
}

extension ExportFormat {
  static let pageNamespace = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"

  /// PAGE 2019 (the PRImA schema OCR-D, Transkribus and eScriptorium exchange): `Page` ›
  /// `ReadingOrder` and `TextRegion` › `TextLine` › `Word`, each with its `Coords` and `TextEquiv`
  /// (lines and regions too: a region's text is its lines joined by line breaks, so every
  /// `--textequiv-level` reads the same text); confidences from 0 to 1. Without boxes (a run without
  /// `--boxes`) every `Coords` is the page's and lines have no words: PAGE wants coordinates, and
  /// scanbench has none to give (the file says so in its `Comments`).
  static func page(_ record: ResultRecord, _ layout: PageLayout, generator: String) -> String {
    let pageBox = TextBox(text: "", confidence: 0, x: 0, y: 0, width: layout.width, height: layout.height)
    let hasBoxes = layout.hasBoxes
    func coords(_ box: TextBox?) -> String {
      let box = (hasBoxes ? box : nil) ?? pageBox
      let (left, top) = (max(0, box.x), max(0, box.y))
      let (right, bottom) = (max(left, box.x + box.width), max(top, box.y + box.height))
      return "<Coords points=\"\(left),\(top) \(right),\(top) \(right),\(bottom) \(left),\(bottom)\"/>"
    }
    func textEquiv(_ text: String, confidence: Double?) -> String {
      let conf = confidence.map { String(format: " conf=\"%.3f\"", min(max($0, 0), 100) / 100) } ?? ""
      return "<TextEquiv\(conf)><Unicode>\(Markup.escape(text))</Unicode></TextEquiv>"
    }
    let regions = layout.regions
    let language = ExportLanguage.pageName(record.lang).map { " primaryLanguage=\"\($0)\"" } ?? ""
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <PcGts xmlns="\(pageNamespace)" \
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
      xsi:schemaLocation="\(pageNamespace) \(pageNamespace)/pagecontent.xsd">
        <Metadata>
          <Creator>\(Markup.escape("\(generator) (\(record.engine.label))"))</Creator>
          <Created>\(Markup.escape(record.time))</Created>
          <LastChange>\(Markup.escape(record.time))</LastChange>

      """
    if !hasBoxes {
      xml +=
        "    <Comments>recognized without boxes (run with --boxes): every Coords is the page's</Comments>\n"
    }
    xml += "  </Metadata>\n"
    xml +=
      "  <Page imageFilename=\"\(Markup.escape(record.entry))\" imageWidth=\"\(layout.width)\" "
      + "imageHeight=\"\(layout.height)\">\n"
    if !regions.isEmpty {
      xml += "    <ReadingOrder>\n      <OrderedGroup id=\"reading_order\">\n"
      for index in regions.indices {
        xml += "        <RegionRefIndexed index=\"\(index)\" regionRef=\"region_\(index + 1)\"/>\n"
      }
      xml += "      </OrderedGroup>\n    </ReadingOrder>\n"
    }
    for (regionIndex, region) in regions.enumerated() {
      let regionID = "region_\(regionIndex + 1)"
      xml +=
        "    <TextRegion id=\"\(regionID)\" type=\"paragraph\"\(language)>\n      \(coords(region.box))\n"
      var lineTexts: [String] = []
      for (lineIndex, line) in region.lines.enumerated() {
        let lineID = "\(regionID)_line_\(lineIndex + 1)"
        let text = line.words.map(\.text).joined(separator: " ")
        lineTexts.append(text)
        xml +=
          "      <TextLine id=\"\(lineID)\">\n        \(coords(line.box ?? PageLayout.union(line.words.compactMap(\.box))))\n"
        if hasBoxes {
          for (wordIndex, word) in line.words.enumerated() {
            xml += "        <Word id=\"\(lineID)_word_\(wordIndex + 1)\">\(coords(word.box))"
            xml += textEquiv(word.text, confidence: word.confidence) + "</Word>\n"
          }
        }
        xml +=
          "        \(textEquiv(text, confidence: hasBoxes ? line.box?.confidence : nil))\n      </TextLine>\n"
      }
      xml += "      \(textEquiv(lineTexts.joined(separator: "\n"), confidence: nil))\n    </TextRegion>\n"
    }
    xml += "  </Page>\n</PcGts>\n"
    return xml
  }
}

/// How the exports name a run's language (`--lang`: `eng`, `jpn`, `jpn_vert`, `eng+jpn`, or an
/// external engine's own).
enum ExportLanguage {
  /// BCP 47 for HTML's `lang` (hOCR): `en`, `ja`; a text of several languages is named by its
  /// first. Codes scanbench does not know are written as given (a three-letter ISO 639 code is
  /// valid BCP 47).
  static func bcp47(_ lang: String) -> String {
    let first = lang.split(separator: "+").first.map(String.init) ?? lang
    switch first {
    case "eng": return "en"
    case "jpn", "jpn_vert": return "ja"
    default: return first.isEmpty || first == "-" ? "und" : first
    }
  }

  /// PAGE's `primaryLanguage` (its own enumeration of names), when scanbench knows it.
  static func pageName(_ lang: String) -> String? {
    switch bcp47(lang) {
    case "en": "English"
    case "ja": "Japanese"
    default: nil
    }
  }
}
