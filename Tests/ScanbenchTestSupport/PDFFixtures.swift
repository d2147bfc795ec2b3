import CLeptonica
import Foundation

/// PDFs made by the tests: each page one JPEG image at a given resolution, as a scanner writes
/// them, with an invisible text layer that says something else (a decoy: what scanbench reads must
/// come from the pixels, never from the layer).
package enum PDFFixtures {
  package struct Page {
    package var jpeg: Data
    package var width: Int
    package var height: Int

    package init(jpeg: Data, width: Int, height: Int) {
      self.jpeg = jpeg
      self.width = width
      self.height = height
    }
  }

  /// The text every page's invisible layer holds.
  package static let decoy = "DECOY TEXT LAYER"

  /// Any image leptonica reads, as a JPEG page (quality 95).
  package static func page(fromImage data: Data) throws -> Page {
    var pix = data.withUnsafeBytes { pixReadMem($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
    guard let decoded = pix else { throw PhotoFixtures.ToolError(description: "not an image") }
    defer { pixDestroy(&pix) }
    var converted = pixConvertTo32(decoded)
    defer { pixDestroy(&converted) }
    var bytes: UnsafeMutablePointer<UInt8>?
    var size = 0
    guard let converted, pixWriteMemJpeg(&bytes, &size, converted, 95, 0) == 0, let bytes else {
      throw PhotoFixtures.ToolError(description: "could not encode a JPEG")
    }
    defer { lept_free(bytes) }
    return Page(
      jpeg: Data(bytes: bytes, count: size), width: Int(pixGetWidth(decoded)),
      height: Int(pixGetHeight(decoded)))
  }

  /// A PDF of `pages`, each page the size of its image at `resolution` dots per inch.
  package static func pdf(_ pages: [Page], resolution: Int = 300) -> Data {
    var objects: [Data] = []
    let pageCount = pages.count
    // 1: catalog, 2: pages, 3: font; then per page: page, image, content.
    objects.append(Data("<< /Type /Catalog /Pages 2 0 R >>".utf8))
    let kids = (0..<pageCount).map { "\(4 + 3 * $0) 0 R" }.joined(separator: " ")
    objects.append(Data("<< /Type /Pages /Kids [\(kids)] /Count \(pageCount) >>".utf8))
    objects.append(Data("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8))
    for (index, page) in pages.enumerated() {
      let number = 4 + 3 * index
      let width = Double(page.width) * 72 / Double(resolution)
      let height = Double(page.height) * 72 / Double(resolution)
      let size = String(format: "%.3f %.3f", width, height)
      objects.append(
        Data(
          ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(size)] /Resources << /XObject << /Im0 "
            + "\(number + 1) 0 R >> /Font << /F1 3 0 R >> >> /Contents \(number + 2) 0 R >>").utf8))
      var image = Data(
        ("<< /Type /XObject /Subtype /Image /Width \(page.width) /Height \(page.height) /ColorSpace "
          + "/DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length \(page.jpeg.count) >>\nstream\n").utf8)
      image += page.jpeg + Data("\nendstream".utf8)
      objects.append(image)
      // Render mode 3: invisible text, as OCR'd scans carry their text layer.
      let matrix = String(format: "%.3f 0 0 %.3f 0 0", width, height)
      let content = "q \(matrix) cm /Im0 Do Q BT 3 Tr /F1 10 Tf 2 2 Td (\(decoy)) Tj ET"
      var stream = Data("<< /Length \(content.utf8.count) >>\nstream\n".utf8)
      stream += Data(content.utf8) + Data("\nendstream".utf8)
      objects.append(stream)
    }
    var pdf = Data("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(pdf.count)
      pdf += Data("\(index + 1) 0 obj\n".utf8) + object + Data("\nendobj\n".utf8)
    }
    let xref = pdf.count
    pdf += Data("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
    for offset in offsets { pdf += Data(String(format: "%010d 00000 n \n", offset).utf8) }
    pdf += Data("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return pdf
  }
}
