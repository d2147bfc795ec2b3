import Foundation
import ScanbenchSeam
import ScanbenchStore
import ScanbenchSupport

/// The per-image files `scanbench export` writes, as the tools that read OCR output expect them:
/// `scanbench score`, dinglehopper and ocreval read `txt`; Tesseract's own renderers define the others.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// The text as recognized, byte for byte.
  case txt
  /// Tesseract's TSV: 12 columns, a row per page, block, paragraph, line and word.
  case tsv
  /// hOCR (XHTML): page, block, paragraph, line and word, each with its box.
  case hocr
  /// ALTO 4 XML: page, print space, composed blocks of text blocks (paragraphs), lines and strings
  /// with positions and confidences.
  case alto
  /// PAGE 2019 XML: reading order, text regions, lines and words with coordinates and text.
  case page

  /// The file extension Tesseract uses for each (`tesseract IMG OUT alto` writes `OUT.xml`); PAGE's
  /// `page.xml` keeps it apart from ALTO's in one folder (`scanbench score` reads both names).
  public var fileExtension: String {
    switch self {
    case .txt: "txt"
    case .tsv: "tsv"
    case .hocr: "hocr"
    case .alto: "xml"
    case .page: "page.xml"
    }
  }

  /// One image's file. `generator` names the software (`scanbench 0.2.0`).
  public func render(_ record: ResultRecord, generator: String) -> String {
    switch self {
    case .txt: record.text ?? ""
    case .tsv: Self.tsv(PageLayout(record))
    case .hocr: Self.hocr(record, PageLayout(record), generator: generator)
    case .alto: Self.alto(record, PageLayout(record), generator: generator)
    case .page: Self.page(record, PageLayout(record), generator: generator)
    }
  }

  // MARK: TSV

  static let tsvHeader =
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"

  /// As `tesseract IMG OUT tsv`: a row per block, paragraph, line and word, numbered as Tesseract
  /// numbers them (paragraphs within their block, lines within their paragraph, words within their
  /// line). Items without a box (a run without `--boxes`) have -1 in the four box columns.
  static func tsv(_ layout: PageLayout) -> String {
    var rows = [tsvHeader]
    func row(_ numbers: [Int], _ box: TextBox?, _ confidence: String, _ text: String) {
      let place = box.map { [$0.x, $0.y, $0.width, $0.height] } ?? [-1, -1, -1, -1]
      let cleaned = text.map { $0 == "\t" || $0.isNewline ? " " : String($0) }.joined()
      rows.append((numbers + place).map(String.init).joined(separator: "\t") + "\t\(confidence)\t\(cleaned)")
    }
    let page = TextBox(text: "", confidence: 0, x: 0, y: 0, width: layout.width, height: layout.height)
    row([1, 1, 0, 0, 0, 0], page, "-1", "")
    for (blockIndex, block) in layout.blocks.enumerated() {
      let b = blockIndex + 1
      row([2, 1, b, 0, 0, 0], block.box, "-1", "")
      for (paragraphIndex, paragraph) in block.paragraphs.enumerated() {
        let p = paragraphIndex + 1
        row([3, 1, b, p, 0, 0], paragraph.box, "-1", "")
        for (lineOffset, lineIndex) in paragraph.lines.enumerated() {
          let line = layout.lines[lineIndex]
          row([4, 1, b, p, lineOffset + 1, 0], line.box, "-1", "")
          for (wordIndex, word) in line.words.enumerated() {
            row(
              [5, 1, b, p, lineOffset + 1, wordIndex + 1], word.box, JSONText.number(word.confidence ?? -1),
              word.text)
          }
        }
      }
    }
    return rows.joined(separator: "\n") + "\n"
  }

  // MARK: hOCR

  /// As `tesseract IMG OUT hocr`: `ocr_page` › `ocr_carea` › `ocr_par` › `ocr_line` › `ocrx_word`,
  /// each `title` with its `bbox` when it has one, words with `x_wconf`.
  static func hocr(_ record: ResultRecord, _ layout: PageLayout, generator: String) -> String {
    func bbox(_ box: TextBox?) -> String? {
      box.map { "bbox \($0.x) \($0.y) \($0.x + $0.width) \($0.y + $0.height)" }
    }
    func title(_ parts: [String?]) -> String {
      let present = parts.compactMap { $0 }
      return present.isEmpty ? "" : " title='\(Markup.escape(present.joined(separator: "; ")))'"
    }
    let page = TextBox(text: "", confidence: 0, x: 0, y: 0, width: layout.width, height: layout.height)
    let language = Markup.escape(ExportLanguage.bcp47(record.lang))
    var html = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"
          "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
      <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="\(language)" lang="\(language)">
       <head>
        <title>\(Markup.escape(record.entry))</title>
        <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
        <meta name="ocr-system" content="\(Markup.escape("\(generator) (\(record.engine.label))"))"/>
        <meta name="ocr-capabilities" content="ocr_page ocr_carea ocr_par ocr_line ocrx_word ocrp_wconf"/>
       </head>
       <body>
        <div class="ocr_page" id="page_1"\(title(["image \"\(record.entry)\"", bbox(page), "ppageno \((record.page ?? 1) - 1)"]))>

      """
    var wordNumber = 0
    var paragraphNumber = 0
    for (blockIndex, block) in layout.blocks.enumerated() {
      html += "   <div class=\"ocr_carea\" id=\"block_1_\(blockIndex + 1)\"\(title([bbox(block.box)]))>\n"
      for paragraph in block.paragraphs {
        paragraphNumber += 1
        html += "    <p class=\"ocr_par\" id=\"par_1_\(paragraphNumber)\"\(title([bbox(paragraph.box)]))>\n"
        for lineIndex in paragraph.lines {
          let line = layout.lines[lineIndex]
          html += "     <span class=\"ocr_line\" id=\"line_1_\(lineIndex + 1)\"\(title([bbox(line.box)]))>"
          for (index, word) in line.words.enumerated() {
            wordNumber += 1
            let confidence = word.confidence.map { "x_wconf \(Int(saturating: $0.rounded()))" }
            if index > 0 { html += " " }
            html +=
              "<span class=\"ocrx_word\" id=\"word_1_\(wordNumber)\"\(title([bbox(word.box), confidence]))>"
            html += Markup.escape(word.text) + "</span>"
          }
          html += "</span>\n"
        }
        html += "    </p>\n"
      }
      html += "   </div>\n"
    }
    html += "  </div>\n </body>\n</html>\n"
    return html
  }

  // MARK: ALTO

  /// As `tesseract IMG OUT alto` (ALTO 4): `Page` › `PrintSpace` › `ComposedBlock` (a block) ›
  /// `TextBlock` (a paragraph) › `TextLine` › `String` and `SP`, positions in pixels, `WC` the
  /// confidence from 0 to 1.
  static func alto(_ record: ResultRecord, _ layout: PageLayout, generator: String) -> String {
    func position(_ box: TextBox?) -> String {
      box.map { " HPOS=\"\($0.x)\" VPOS=\"\($0.y)\" WIDTH=\"\($0.width)\" HEIGHT=\"\($0.height)\"" } ?? ""
    }
    let parts = generator.split(separator: " ", maxSplits: 1).map(String.init)
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <alto xmlns="http://www.loc.gov/standards/alto/ns-v4#" \
      xmlns:xlink="http://www.w3.org/1999/xlink" \
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
      xsi:schemaLocation="http://www.loc.gov/standards/alto/ns-v4# http://www.loc.gov/alto/v4/alto-4-2.xsd">
        <Description>
          <MeasurementUnit>pixel</MeasurementUnit>
          <sourceImageInformation>
            <fileName>\(Markup.escape(record.entry))</fileName>
          </sourceImageInformation>
          <OCRProcessing ID="OCR_0">
            <ocrProcessingStep>
              <processingStepSettings>\(Markup.escape("engine \(record.engine.label)"))</processingStepSettings>
              <processingSoftware>
                <softwareName>\(Markup.escape(parts.first ?? generator))</softwareName>
                <softwareVersion>\(Markup.escape(parts.count > 1 ? parts[1] : "-"))</softwareVersion>
              </processingSoftware>
            </ocrProcessingStep>
          </OCRProcessing>
        </Description>
        <Layout>
          <Page WIDTH="\(layout.width)" HEIGHT="\(layout.height)" PHYSICAL_IMG_NR="\(record.page ?? 1)" ID="page_0">
            <PrintSpace HPOS="0" VPOS="0" WIDTH="\(layout.width)" HEIGHT="\(layout.height)">

      """
    var stringNumber = 0
    var paragraphNumber = 0
    for (blockIndex, block) in layout.blocks.enumerated() {
      xml += "        <ComposedBlock ID=\"cblock_\(blockIndex)\"\(position(block.box))>\n"
      for paragraph in block.paragraphs {
        xml += "          <TextBlock ID=\"block_\(paragraphNumber)\"\(position(paragraph.box))>\n"
        paragraphNumber += 1
        for lineIndex in paragraph.lines {
          let line = layout.lines[lineIndex]
          xml += "            <TextLine ID=\"line_\(lineIndex)\"\(position(line.box))>\n"
          for (index, word) in line.words.enumerated() {
            if index > 0 { xml += "              <SP/>\n" }
            let confidence =
              word.confidence.map { String(format: " WC=\"%.2f\"", min(max($0, 0), 100) / 100) } ?? ""
            xml +=
              "              <String ID=\"string_\(stringNumber)\"\(position(word.box))\(confidence) "
              + "CONTENT=\"\(Markup.escape(word.text))\"/>\n"
            stringNumber += 1
          }
          xml += "            </TextLine>\n"
        }
        xml += "          </TextBlock>\n"
      }
      xml += "        </ComposedBlock>\n"
    }
    xml += "      </PrintSpace>\n    </Page>\n  </Layout>\n</alto>\n"
    return xml
  }
}
