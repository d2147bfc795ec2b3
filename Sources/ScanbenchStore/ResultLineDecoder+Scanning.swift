/// The JSON the fast decoder reads, byte by byte: objects, strings, numbers, literals, and values
/// skipped without building anything. Each returns nil (or false) for anything it is not sure
/// `JSONDecoder` reads the same way, and the line goes to `JSONDecoder`.
extension ResultLineDecoder.Parser {
  /// `{ "key": value, … }`, with `member` parsing each value (it returns false to give up).
  /// Field names must be plain; `anyKeys` (for dictionaries) lets keys have escapes.
  mutating func object(anyKeys: Bool = false, _ member: (inout Self, String) -> Bool) -> Bool {
    guard expect(UInt8(ascii: "{")) else { return false }
    skipWhitespace()
    if expect(UInt8(ascii: "}")) { return true }
    repeat {
      skipWhitespace()
      guard let key = anyKeys ? string() : key() else { return false }
      skipWhitespace()
      guard expect(UInt8(ascii: ":")) else { return false }
      skipWhitespace()
      let start = index
      guard member(&self, key), index > start else { return false }
      skipWhitespace()
    } while expect(UInt8(ascii: ","))
    return expect(UInt8(ascii: "}"))
  }

  // MARK: Skipping

  /// The deepest unknown value skipped here; deeper ones are left to `JSONDecoder` (which has
  /// its own limit).
  static let maximumDepth = 32

  /// Moves past one well-formed JSON value of a field nobody reads, building nothing; `false` if
  /// it is malformed or anything `JSONDecoder` might judge differently.
  mutating func skipValue(depth: Int) -> Bool {
    guard depth <= Self.maximumDepth, let byte = peek() else { return false }
    switch byte {
    case UInt8(ascii: "\""):
      return skipString()
    case UInt8(ascii: "{"):
      index += 1
      skipWhitespace()
      if expect(UInt8(ascii: "}")) { return true }
      repeat {
        skipWhitespace()
        guard skipString() else { return false }
        skipWhitespace()
        guard expect(UInt8(ascii: ":")) else { return false }
        skipWhitespace()
        guard skipValue(depth: depth + 1) else { return false }
        skipWhitespace()
      } while expect(UInt8(ascii: ","))
      return expect(UInt8(ascii: "}"))
    case UInt8(ascii: "["):
      index += 1
      skipWhitespace()
      if expect(UInt8(ascii: "]")) { return true }
      repeat {
        skipWhitespace()
        guard skipValue(depth: depth + 1) else { return false }
        skipWhitespace()
      } while expect(UInt8(ascii: ","))
      return expect(UInt8(ascii: "]"))
    case UInt8(ascii: "t"):
      return literal("true")
    case UInt8(ascii: "f"):
      return literal("false")
    case UInt8(ascii: "n"):
      return literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return skipNumber()
    default:
      return false
    }
  }

  /// A string: valid UTF-8, no control characters, only the escapes JSON defines, and `\u`
  /// escapes outside the surrogates (a pair is `JSONDecoder`'s to judge).
  mutating func skipString() -> Bool {
    guard expect(UInt8(ascii: "\"")) else { return false }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return true
      }
      if byte == UInt8(ascii: "\\") {
        guard index + 1 < bytes.count else { return false }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 2
        case UInt8(ascii: "u"):
          index += 2
          guard let unit = hex4(), !(0xD800...0xDFFF).contains(unit) else { return false }
        default:
          return false
        }
      } else if byte < 0x20 {
        return false
      } else if byte < 0x80 {
        index += 1
      } else {
        guard skipUTF8Scalar() else { return false }
      }
    }
    return false
  }

  /// One multi-byte UTF-8 sequence, checked as `String(validating:)` would (no overlong forms,
  /// no surrogates, nothing above U+10FFFF).
  mutating func skipUTF8Scalar() -> Bool {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return false
    }
    guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return false }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return false }
    index += length
    return true
  }

  /// A number as the JSON grammar has it; exponents and very long numbers are left to
  /// `JSONDecoder`.
  mutating func skipNumber() -> Bool {
    _ = expect(UInt8(ascii: "-"))
    let start = index
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
    let digits = index - start
    guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return false }
    if expect(UInt8(ascii: ".")) {
      let fraction = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      guard index > fraction else { return false }
    }
    guard index - start <= 40 else { return false }
    return peek() != UInt8(ascii: "e") && peek() != UInt8(ascii: "E")
  }

  // MARK: Scalars

  func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func expect(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let matches = word.withUTF8Buffer { expected in
      (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
    }
    if matches { index += count }
    return matches
  }

  /// A key without escapes (anything else is left to JSONDecoder).
  mutating func key() -> String? {
    guard expect(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        return checkedString(from: start)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      if byte < 0x80 {
        index += 1
      } else {
        guard skipUTF8Scalar() else { return nil }
      }
    }
    return nil
  }

  /// The bytes from `start` up to `index`, already checked to be valid UTF-8 (`String(validating:)`
  /// would check them again, through unspecialized generic code).
  func checkedString(from start: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
  }

  mutating func string() -> String? {
    guard expect(UInt8(ascii: "\"")) else { return nil }
    let start = index
    // The common case: no escapes, one copy, validated while looking for the end.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        return checkedString(from: start)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { return nil }
      if byte < 0x80 {
        index += 1
      } else {
        guard skipUTF8Scalar() else { return nil }
      }
    }
    guard index < bytes.count else { return nil }
    var utf8: [UInt8] = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(validating: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          guard let scalar = unicodeEscape() else { return nil }
          UTF8.encode(scalar) { utf8.append($0) }
        default: return nil
        }
      default:
        if byte < 0x20 { return nil }
        utf8.append(byte)
      }
    }
    return nil
  }

  /// The scalar after `\u` (a surrogate pair takes a second `\uXXXX`); lone surrogates give up.
  mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let high = hex4() else { return nil }
    if (0xD800...0xDBFF).contains(high) {
      guard expect(UInt8(ascii: "\\")), expect(UInt8(ascii: "u")), let low = hex4(),
        (0xDC00...0xDFFF).contains(low)
      else { return nil }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }
    return Unicode.Scalar(high)
  }

  mutating func hex4() -> UInt32? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      index += 1
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// A plain JSON integer (`-12`); fractions, exponents and long numbers are left to JSONDecoder.
  mutating func integer() -> Int? {
    let negative = expect(UInt8(ascii: "-"))
    let start = index
    var value = 0
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      // 18 digits always fit; longer numbers are JSONDecoder's to judge.
      guard index - start < 18 else { return nil }
      value = value * 10 + Int(bytes[index] - 0x30)
      index += 1
    }
    let digits = index - start
    guard digits > 0, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
    if let next = peek(),
      next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E")
    {
      return nil
    }
    return negative ? -value : value
  }

  static let powersOfTen: [Double] = (0...15).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  /// A JSON number, exactly as the grammar allows it, read by Swift's correctly rounded parser.
  mutating func double() -> Double? {
    let start = index
    _ = expect(UInt8(ascii: "-"))
    func digits() -> Int {
      let from = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index - from
    }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      return nil
    }
    if expect(UInt8(ascii: ".")) {
      guard digits() > 0 else { return nil }
    }
    let fractionDigits =
      index - integerStart - integerDigits - (index > integerStart + integerDigits ? 1 : 0)
    if expect(UInt8(ascii: "e")) || expect(UInt8(ascii: "E")) {
      if !expect(UInt8(ascii: "+")) { _ = expect(UInt8(ascii: "-")) }
      guard digits() > 0 else { return nil }
    } else if integerDigits + fractionDigits <= 15 {
      // Fewer than 2^53 as a whole number and a power of ten that is exact: one division,
      // correctly rounded like the parser's result (the common case: `88.5`, `120`).
      var mantissa: UInt64 = 0
      for position in integerStart..<index where bytes[position] != UInt8(ascii: ".") {
        mantissa = mantissa * 10 + UInt64(bytes[position] - 0x30)
      }
      let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
      return bytes[start] == UInt8(ascii: "-") ? -value : value
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else { return nil }
    // JSONDecoder refuses a number too small for a Double rather than reading 0.
    if value == 0,
      text.utf8.prefix(while: { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") })
        .contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") })
    {
      return nil
    }
    return value
  }
}
