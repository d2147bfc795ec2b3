/// How the text of an option or argument becomes its value, checked: declared with the option
/// (`parsing: .integer(in: 1...1024)`), so help, completions and errors all say the same.
public struct ValueParser<Value>: Sendable {
  /// The only texts allowed, for help (`values: …`), completions and the error; nil for any text.
  public var allowedValues: [String]?
  private let convert: @Sendable (_ text: String, _ name: String) throws -> Value

  /// `convert` gets the text and the name it was given under (`--tesseract-set`, `<id>`) and throws
  /// a `UsageError` that says what the option takes.
  public init(
    allowedValues: [String]? = nil,
    _ convert: @escaping @Sendable (_ text: String, _ name: String) throws -> Value
  ) {
    self.allowedValues = allowedValues
    self.convert = convert
  }

  public func parse(_ text: String, name: String) throws -> Value {
    if let allowedValues, !allowedValues.contains(text) {
      throw ValueParsers.notAllowed(text, name: name, allowed: allowedValues)
    }
    return try convert(text, name)
  }
}

/// A type that can be an option's value without saying how (`@Option var level: Level = .accurate`).
public protocol ExpressibleByArgument {
  static var argumentParser: ValueParser<Self> { get }
  /// What help says when the value is the default.
  var defaultValueDescription: String { get }
}

extension ExpressibleByArgument {
  public var defaultValueDescription: String { String(describing: self) }
}

extension ExpressibleByArgument where Self: RawRepresentable & CaseIterable & Sendable, RawValue == String {
  /// One of the enumeration's raw values.
  public static var argumentParser: ValueParser<Self> {
    let allowed = allCases.map(\.rawValue)
    let values = Dictionary(allCases.map { ($0.rawValue, $0) }) { first, _ in first }
    return ValueParser(allowedValues: allowed) { text, name in
      guard let value = values[text] else {
        throw ValueParsers.notAllowed(text, name: name, allowed: allowed)
      }
      return value
    }
  }

  public var defaultValueDescription: String { rawValue }
}

extension String: ExpressibleByArgument {
  public static var argumentParser: ValueParser<String> { ValueParser { text, _ in text } }
}

extension Int: ExpressibleByArgument {
  public static var argumentParser: ValueParser<Int> { .integer(in: Int.min...Int.max) }
}

extension Double: ExpressibleByArgument {
  public static var argumentParser: ValueParser<Double> {
    .number(in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
  }
}

extension UInt64: ExpressibleByArgument {
  public static var argumentParser: ValueParser<UInt64> {
    ValueParser { text, name in
      guard let value = UInt64(text) else {
        throw UsageError("\(name) takes a whole number ≥ 0, not '\(text)'")
      }
      return value
    }
  }
}

extension ValueParser where Value == Int {
  /// A whole number in `range`.
  public static func integer(in range: ClosedRange<Int>) -> ValueParser {
    ValueParser { text, name in
      guard let number = Int(text), range.contains(number) else {
        let bounds =
          switch (range.lowerBound, range.upperBound) {
          case (Int.min, Int.max): ""
          case (_, Int.max): " ≥ \(range.lowerBound)"
          default: " in \(range.lowerBound)...\(range.upperBound)"
          }
        throw UsageError("\(name) takes a whole number\(bounds), not '\(text)'")
      }
      return number
    }
  }

  /// A size such as `256M`, `2G`, `1048576` (K, M, G and T are powers of 1024).
  public static var size: ValueParser {
    ValueParser { text, name in try ValueParsers.byteCount(text, name: name) }
  }
}

extension ValueParser where Value == Double {
  /// A finite number in `range`.
  public static func number(in range: ClosedRange<Double>) -> ValueParser {
    ValueParser { text, name in
      guard let number = Double(text), number.isFinite, range.contains(number) else {
        let bounds =
          range.lowerBound == -Double.greatestFiniteMagnitude
          ? "" : " in \(range.lowerBound)...\(range.upperBound)"
        throw UsageError("\(name) takes a number\(bounds), not '\(text)'")
      }
      return number
    }
  }
}

extension ValueParser where Value == String {
  /// One of `values`.
  public static func oneOf(_ values: [String]) -> ValueParser {
    ValueParser(allowedValues: values) { text, _ in text }
  }
}

/// The conversions the parsers share; each throws a usage error that says what the option takes.
public enum ValueParsers {
  public static func notAllowed(_ text: String, name: String, allowed: [String]) -> UsageError {
    UsageError("'\(text)' is not a valid value for \(name) (values: \(allowed.joined(separator: ", "))).")
  }

  /// Parses a size such as `256M`, `2G`, `1048576`.
  public static func byteCount(_ text: String, name: String) throws -> Int {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
    var digits = Substring(text.uppercased())
    var multiplier = 1
    if digits.hasSuffix("IB") {
      digits = digits.dropLast(2)
    } else if digits.hasSuffix("B") {
      digits = digits.dropLast()
    }
    if let last = digits.last, let unit = units[last] {
      multiplier = unit
      digits = digits.dropLast()
    }
    guard let number = Int(digits), number > 0 else {
      throw UsageError("\(name) takes a size such as 256M or 2G, not '\(text)'")
    }
    let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
    guard !overflow else { throw UsageError("\(name): '\(text)' is more bytes than can be counted") }
    return bytes
  }

  /// `256M` for 256 << 20: how help writes a size.
  public static func sizeText(_ bytes: Int) -> String {
    for (unit, shift) in [("T", 40), ("G", 30), ("M", 20), ("K", 10)] where bytes % (1 << shift) == 0 {
      return "\(bytes >> shift)\(unit)"
    }
    return String(bytes)
  }
}
