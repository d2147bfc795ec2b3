import ScanbenchSupport

/// Every number a store line brings is checked when the line is read: a record whose numbers no
/// scanbench writes (a box at `x` 1e19 or 3e9, a confidence of 1e300, a negative size, an infinite
/// time) is an unreadable line — skipped with a warning, like any other — never a value that traps
/// later in an overlay (leptonica's 32-bit boxes), an export or a report.
extension ResultRecord {
  /// Milliseconds: up to a year, far beyond any image.
  static let milliseconds = 0...3.2e10

  /// The first number out of its range, said as `"x" 3000000000 of a word (at most 2147483647)`;
  /// nil when every number is in range.
  var rangeProblem: String? {
    var check = RangeCheck()
    check.integer("page", page, 1...Int(Int32.max))
    check.integer("width", width, PixelRange.sizes)
    check.integer("height", height, PixelRange.sizes)
    for (name, value) in [
      ("chars", chars), ("gt_chars", gtChars), ("edits", edits), ("substitutions", substitutions),
      ("insertions", insertions), ("deletions", deletions),
    ] {
      check.integer(name, value, 0...Int.max)
    }
    check.real("confidence", confidence, 0...100)
    check.real("cer", cer, 0...Double.greatestFiniteMagnitude)
    for (name, value) in [
      ("decode", ms.decode), ("recognize", ms.recognize), ("score", ms.score), ("barcodes", ms.barcodes),
      ("osd", ms.osd), ("inference", ms.inference),
    ] {
      check.real("ms." + name, value, Self.milliseconds)
    }
    for (kind, boxes) in [("words", words ?? []), ("lines", lines ?? [])] {
      for box in boxes {
        check.real("conf", box.confidence, 0...100, of: kind)
        check.box(x: box.x, y: box.y, width: box.width, height: box.height, of: kind)
      }
    }
    for code in barcodes ?? [] {
      check.box(x: code.x, y: code.y, width: code.width, height: code.height, of: "barcodes")
    }
    if let orientation {
      check.integer("exif", orientation.exif, 1...8, of: "orientation")
      check.integer("osd_degrees", orientation.osdDegrees, 0...359, of: "orientation")
      check.real("osd_confidence", orientation.osdConfidence, -1e6...1e6, of: "orientation")
    }
    return check.problem
  }
}

extension RunSummaryRecord {
  var rangeProblem: String? {
    var check = RangeCheck()
    for (name, value) in [
      ("jobs", jobs), ("images", images), ("succeeded", succeeded), ("failed", failed), ("skipped", skipped),
      ("scored", scored), ("gt_chars", gtChars), ("edits", edits), ("recorded", recorded),
      ("ignored", ignored), ("without_ground_truth", withoutGroundTruth),
    ] {
      check.integer(name, value, 0...Int.max)
    }
    check.real("cer_micro", cerMicro, 0...Double.greatestFiniteMagnitude)
    check.real("cer_macro", cerMacro, 0...Double.greatestFiniteMagnitude)
    check.real("images_per_second", imagesPerSecond, 0...Double.greatestFiniteMagnitude)
    check.real("wall_seconds", wallSeconds, 0...3.2e7)
    return check.problem
  }
}

/// The first number found out of range, in words.
private struct RangeCheck {
  var problem: String?

  mutating func integer(_ name: String, _ value: Int?, _ range: ClosedRange<Int>, of owner: String? = nil) {
    guard problem == nil, let value, !range.contains(value) else { return }
    problem = Self.describe(
      name, "\(value)", owner: owner, range: "\(range.lowerBound) to \(range.upperBound)")
  }

  mutating func real(_ name: String, _ value: Double?, _ range: ClosedRange<Double>, of owner: String? = nil)
  {
    guard problem == nil, let value, !(value.isFinite && range.contains(value)) else { return }
    let upper = range.upperBound == .greatestFiniteMagnitude ? "any finite number" : "\(range.upperBound)"
    problem = Self.describe(name, "\(value)", owner: owner, range: "\(range.lowerBound) to \(upper)")
  }

  mutating func box(x: Int, y: Int, width: Int, height: Int, of owner: String) {
    integer("x", x, PixelRange.coordinates, of: owner)
    integer("y", y, PixelRange.coordinates, of: owner)
    integer("w", width, PixelRange.sizes, of: owner)
    integer("h", height, PixelRange.sizes, of: owner)
  }

  static func describe(_ name: String, _ value: String, owner: String?, range: String) -> String {
    "\"\(name)\" \(value)\(owner.map { " in \($0)" } ?? "") is out of range (\(range)): not a record scanbench writes"
  }
}
