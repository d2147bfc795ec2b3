import Foundation
import ScanbenchSupport

/// Small charts drawn as inline SVG, so that a report needs no script or image to show them.
enum SVGChart {
  struct Series {
    var name: String
    var colour: String
  }

  struct Point {
    var x: Double
    var y: Double
    var label: String
  }

  static let width = 560.0
  static let height = 280.0
  static let margin = (left: 56.0, right: 16.0, top: 32.0, bottom: 48.0)

  /// Grouped bars: `counts[series][bin]`; bins labelled below; bar colours per series, or per bin when
  /// there is one series and `binColours` is given.
  static func bars(
    title: String, bins: [String], counts: [[Int]], series: [Series], binColours: [String]? = nil,
    xLabel: String, yLabel: String
  ) -> String {
    let plotWidth = width - margin.left - margin.right
    let plotHeight = height - margin.top - margin.bottom
    let highest = max(1, counts.flatMap { $0 }.max() ?? 1)
    let ticks = niceTicks(upTo: Double(highest), count: 4, integers: true)
    let top = ticks.last ?? Double(highest)
    var svg = open(title)
    svg += yAxis(ticks: ticks, top: top, format: formatNumber, label: yLabel)
    let slot = plotWidth / Double(bins.count)
    let groupWidth = slot * 0.78
    let barWidth = groupWidth / Double(max(series.count, 1))
    for (bin, name) in bins.enumerated() {
      let slotStart = margin.left + slot * Double(bin) + (slot - groupWidth) / 2
      for (index, entry) in series.enumerated() {
        let count = counts[index][bin]
        let barHeight = plotHeight * Double(count) / top
        let x = slotStart + barWidth * Double(index)
        let y = margin.top + plotHeight - barHeight
        let colour = series.count == 1 ? (binColours?[bin] ?? entry.colour) : entry.colour
        svg +=
          "<rect x=\"\(f(x + 1))\" y=\"\(f(y))\" width=\"\(f(max(barWidth - 2, 1)))\" height=\"\(f(barHeight))\" "
          + "rx=\"3\" fill=\"\(colour)\"><title>\(Markup.escape(entry.name)): \(count) image"
          + "\(count == 1 ? "" : "s") with CER \(Markup.escape(name))</title></rect>"
        if count > 0 {
          svg +=
            "<text x=\"\(f(x + barWidth / 2))\" y=\"\(f(y - 4))\" class=\"val\" text-anchor=\"middle\">\(count)</text>"
        }
      }
      svg +=
        "<text x=\"\(f(margin.left + slot * (Double(bin) + 0.5)))\" y=\"\(f(margin.top + plotHeight + 16))\" "
        + "class=\"tick\" text-anchor=\"middle\">\(Markup.escape(name))</text>"
    }
    svg += xAxisLabel(xLabel)
    svg += legend(series)
    return svg + "</svg>"
  }

  /// Points on a logarithmic x axis and a linear y axis (percent); y values above `yCap` are drawn at
  /// the top edge as triangles.
  static func scatter(
    title: String, points: [[Point]], series: [Series], xLabel: String, yLabel: String, yCap: Double = 100
  ) -> String {
    let plotWidth = width - margin.left - margin.right
    let plotHeight = height - margin.top - margin.bottom
    let all = points.flatMap { $0 }
    let xs = all.map { max($0.x, 0.01) }
    let lowX = logStep(below: xs.min() ?? 1)
    var highX = logStep(above: xs.max() ?? 10)
    if highX <= lowX { highX = lowX * 10 }
    let highestY = min(all.map(\.y).max() ?? 1, yCap)
    let yTicks = niceTicks(upTo: max(highestY, 1), count: 4)
    let topY = yTicks.last ?? 1
    func px(_ x: Double) -> Double {
      margin.left + plotWidth * (log10(max(x, 0.01)) - log10(lowX)) / (log10(highX) - log10(lowX))
    }
    func py(_ y: Double) -> Double { margin.top + plotHeight * (1 - min(y, topY) / topY) }
    var svg = open(title)
    svg += yAxis(ticks: yTicks, top: topY, format: { formatNumber($0) + "%" }, label: yLabel)
    var decade = pow(10, log10(lowX).rounded(.down))
    while decade <= highX * 1.0001 {
      for multiple in [1.0, 2.0, 5.0] {
        let value = decade * multiple
        guard value >= lowX * 0.9999, value <= highX * 1.0001 else { continue }
        let x = px(value)
        svg +=
          "<line x1=\"\(f(x))\" x2=\"\(f(x))\" y1=\"\(f(margin.top))\" y2=\"\(f(margin.top + plotHeight))\" "
          + "class=\"\(multiple == 1 ? "grid" : "grid minor")\"/>"
        svg +=
          "<text x=\"\(f(x))\" y=\"\(f(margin.top + plotHeight + 16))\" class=\"tick\" text-anchor=\"middle\">"
          + "\(formatNumber(value))</text>"
      }
      decade *= 10
    }
    let labelled = all.count <= 4000
    for (index, entry) in series.enumerated() {
      svg += "<g fill=\"\(entry.colour)\" class=\"pts\">"
      for point in points[index] {
        let x = f(px(point.x))
        let title = labelled ? "<title>\(Markup.escape(point.label))</title>" : ""
        if point.y > topY {
          let y = margin.top + 2
          svg +=
            "<path d=\"M\(x) \(f(y - 1))l4 7h-8z\">\(title)</path>"
        } else {
          svg += "<circle cx=\"\(x)\" cy=\"\(f(py(point.y)))\" r=\"3.6\">\(title)</circle>"
        }
      }
      svg += "</g>"
    }
    svg += xAxisLabel(xLabel)
    svg += legend(series)
    return svg + "</svg>"
  }

  private static func open(_ title: String) -> String {
    "<svg class=\"chart\" viewBox=\"0 0 \(Int(saturating: width)) \(Int(saturating: height))\" role=\"img\" "
      + "xmlns=\"http://www.w3.org/2000/svg\"><title>\(Markup.escape(title))</title>"
  }

  private static func yAxis(ticks: [Double], top: Double, format: (Double) -> String, label: String) -> String
  {
    let plotHeight = height - margin.top - margin.bottom
    var svg = ""
    for tick in [0] + ticks {
      let y = margin.top + plotHeight * (1 - tick / top)
      svg +=
        "<line x1=\"\(f(margin.left))\" x2=\"\(f(width - margin.right))\" y1=\"\(f(y))\" y2=\"\(f(y))\" "
        + "class=\"\(tick == 0 ? "axis" : "grid")\"/>"
      svg +=
        "<text x=\"\(f(margin.left - 8))\" y=\"\(f(y + 4))\" class=\"tick\" text-anchor=\"end\">\(format(tick))</text>"
    }
    svg +=
      "<text transform=\"translate(14 \(f(margin.top + plotHeight / 2))) rotate(-90)\" class=\"lab\" "
      + "text-anchor=\"middle\">\(Markup.escape(label))</text>"
    return svg
  }

  private static func xAxisLabel(_ label: String) -> String {
    "<text x=\"\(f(margin.left + (width - margin.left - margin.right) / 2))\" y=\"\(f(height - 8))\" "
      + "class=\"lab\" text-anchor=\"middle\">\(Markup.escape(label))</text>"
  }

  private static func legend(_ series: [Series]) -> String {
    guard series.count > 1 else { return "" }
    var svg = ""
    var x = width - margin.right
    for entry in series.reversed() {
      let textWidth = Double(entry.name.count) * 6.6 + 22
      x -= textWidth
      svg += "<rect x=\"\(f(x))\" y=\"4\" width=\"10\" height=\"10\" rx=\"2\" fill=\"\(entry.colour)\"/>"
      svg += "<text x=\"\(f(x + 14))\" y=\"13\" class=\"tick\">\(Markup.escape(entry.name))</text>"
    }
    return svg
  }

  /// The largest 1, 2 or 5 × 10ⁿ at or below `value`.
  static func logStep(below value: Double) -> Double {
    let decade = pow(10, log10(value).rounded(.down))
    return [5.0, 2.0, 1.0].map { $0 * decade }.first { $0 <= value * 1.0001 } ?? decade
  }

  /// The smallest 1, 2 or 5 × 10ⁿ at or above `value`.
  static func logStep(above value: Double) -> Double {
    let decade = pow(10, log10(value).rounded(.down))
    return [1.0, 2.0, 5.0, 10.0].map { $0 * decade }.first { $0 >= value * 0.9999 } ?? decade * 10
  }

  /// 0 < ticks ≤ ~`count`, steps of 1, 2 or 5 × 10ⁿ, the last at or above `value`.
  static func niceTicks(upTo value: Double, count: Int, integers: Bool = false) -> [Double] {
    let rough = value / Double(max(count, 1))
    let magnitude = pow(10, log10(max(rough, 1e-9)).rounded(.down))
    let multiples = integers ? [1.0, 2.0, 5.0, 10.0] : [1.0, 2.0, 2.5, 5.0, 10.0]
    var step = multiples.map { $0 * magnitude }.first { $0 >= rough } ?? magnitude * 10
    if integers { step = max(step.rounded(.up), 1) }
    var ticks: [Double] = []
    var tick = step
    while ticks.last.map({ $0 < value }) ?? true {
      ticks.append(tick)
      tick += step
    }
    return ticks
  }

  /// `12`, `2.5`, `0.25`, `1000`.
  static func formatNumber(_ value: Double) -> String {
    if value == value.rounded() { return String(Int(saturating: value)) }
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  /// Coordinates with one decimal: enough on screen, and small.
  static func f(_ value: Double) -> String {
    String(format: "%.1f", value)
  }
}
