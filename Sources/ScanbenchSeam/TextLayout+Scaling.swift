import ScanbenchSupport

extension TextLayout {
  /// The same layout in the pixels of an image `scaleX` times as wide and `scaleY` times as tall
  /// (a page read from a reduced decode, recorded in the whole image's pixels): each box the
  /// smallest one of whole pixels that holds the scaled one, within `width × height`.
  public func scaled(x scaleX: Double, y scaleY: Double, within width: Int, height: Int) -> TextLayout {
    let scale = BoxScale(x: scaleX, y: scaleY, width: width, height: height)
    return TextLayout(
      words: words.map(scale.box), lines: lines.map(scale.box),
      blocks: blocks?.map { block in
        let (x, y, w, h) = scale.rectangle(x: block.x, y: block.y, width: block.width, height: block.height)
        return TextBlock(
          x: x, y: y, width: w, height: h,
          paragraphs: block.paragraphs.map { paragraph in
            let (x, y, w, h) = scale.rectangle(
              x: paragraph.x, y: paragraph.y, width: paragraph.width, height: paragraph.height)
            return TextParagraph(
              x: x, y: y, width: w, height: h, firstLine: paragraph.firstLine, lineCount: paragraph.lineCount)
          })
      })
  }
}

/// Scales rectangles of whole pixels outwards, within an image's bounds.
private struct BoxScale {
  var x: Double
  var y: Double
  var width: Int
  var height: Int

  func box(_ box: TextBox) -> TextBox {
    var scaled = box
    (scaled.x, scaled.y, scaled.width, scaled.height) = rectangle(
      x: box.x, y: box.y, width: box.width, height: box.height)
    return scaled
  }

  func rectangle(x left: Int, y top: Int, width w: Int, height h: Int) -> (Int, Int, Int, Int) {
    func edge(_ value: Int, _ scale: Double, _ rule: FloatingPointRoundingRule, limit: Int) -> Int {
      min(max(0, Int(saturating: (Double(value) * scale).rounded(rule))), limit)
    }
    let x0 = edge(left, x, .down, limit: width)
    let y0 = edge(top, y, .down, limit: height)
    let x1 = edge(left.addingReportingOverflow(w).partialValue, x, .up, limit: width)
    let y1 = edge(top.addingReportingOverflow(h).partialValue, y, .up, limit: height)
    return (x0, y0, max(0, x1 - x0), max(0, y1 - y0))
  }
}
