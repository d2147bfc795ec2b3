/// A fast path for the lines an import reads a million of: decodes a plain `result` line straight
/// from its bytes, about ten times faster than `JSONDecoder`.
///
/// It accepts only what it fully understands — a JSON object with the known `ResultRecord` fields,
/// each of the right type, no duplicate or escaped keys — and returns `nil` for anything else, so
/// the caller asks `StoreReader.decode` for the verdict (and the reason) on every unusual line.
/// A line with word boxes or barcodes goes to `JSONDecoder` whole. Fields it does not know (those a
/// newer scanbench adds) are checked to be well-formed JSON and skipped without building anything,
/// as `JSONDecoder` ignores them; a value it is not sure `JSONDecoder` would accept (an exponent,
/// deep nesting, a `\u` surrogate) sends the line to `JSONDecoder`. A property test holds it to `StoreReader.decode`: whatever this returns,
/// that returns too.
package enum ResultLineDecoder {
  static func decode(_ line: UnsafeRawBufferPointer) -> ResultRecord? {
    var cache = Cache()
    return decode(line, cache: &cache)
  }

  /// Decodes with what the previous lines left in `cache` (a store's lines share their engine).
  static func decode(_ line: UnsafeRawBufferPointer, cache: inout Cache) -> ResultRecord? {
    var parser = Parser(bytes: line.bindMemory(to: UInt8.self), cache: cache)
    let record = parser.record()
    cache = parser.cache
    return record
  }

  /// The last `engine` object decoded and its bytes: the same bytes are the same complete object
  /// (it ends at its closing brace), so a comparison replaces building its dictionary again.
  package struct Cache {
    var engineBytes: [UInt8] = []
    var engine: EngineIdentity?
  }

  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var cache: Cache

    init(bytes: UnsafeBufferPointer<UInt8>, cache: Cache) {
      self.bytes = bytes
      self.cache = cache
    }

    /// `engineIdentity()`, or the cached one if the bytes here are the cached object's.
    mutating func cachedEngineIdentity() -> EngineIdentity? {
      let count = cache.engineBytes.count
      if let engine = cache.engine, count > 0, index + count <= bytes.count {
        let from = index
        let same = cache.engineBytes.withUnsafeBufferPointer { cached in
          (0..<count).allSatisfy { cached[$0] == bytes[from + $0] }
        }
        if same {
          index += count
          return engine
        }
      }
      let start = index
      guard let engine = engineIdentity() else { return nil }
      cache.engineBytes = Array(bytes[start..<index])
      cache.engine = engine
      return engine
    }

    // MARK: The record

    mutating func record() -> ResultRecord? {
      var schema: Int?
      var kind: String?
      var run: String?
      var time: String?
      var source: String?
      var entry: String?
      var sha256: String?
      var profile: String?
      var lang: String?
      var ms: ResultRecord.Timings?
      var engine: EngineIdentity?
      var settings: [String: String]??
      var scanbench: Provenance??
      var page: Int??
      var text: String??
      var confidence: Double??
      var chars: Int??
      var width: Int??
      var height: Int??
      var gtChars: Int??
      var edits: Int??
      var substitutions: Int??
      var insertions: Int??
      var deletions: Int??
      var cer: Double??
      var metric: String??
      var error: ResultRecord.Failure??

      // Each field once: a duplicate is left to JSONDecoder's rules.
      func once<T>(_ slot: inout T?, _ value: T?) -> Bool {
        guard slot == nil, let value else { return false }
        slot = value
        return true
      }

      guard expect(UInt8(ascii: "{")) else { return nil }
      skipWhitespace()
      if peek() != UInt8(ascii: "}") {
        repeat {
          skipWhitespace()
          guard let key = key() else { return nil }
          skipWhitespace()
          guard expect(UInt8(ascii: ":")) else { return nil }
          skipWhitespace()
          let ok: Bool
          switch key {
          case "schema": ok = once(&schema, integer())
          case "kind": ok = once(&kind, string())
          case "run": ok = once(&run, string())
          case "time": ok = once(&time, string())
          case "source": ok = once(&source, string())
          case "entry": ok = once(&entry, string())
          case "sha256": ok = once(&sha256, string())
          case "profile": ok = once(&profile, string())
          case "lang": ok = once(&lang, string())
          case "ms": ok = once(&ms, timings())
          case "engine": ok = once(&engine, cachedEngineIdentity())
          case "settings": ok = once(&settings, optional { $0.stringMap() })
          case "scanbench": ok = once(&scanbench, optional { $0.provenance() })
          case "page": ok = once(&page, optional { $0.integer() })
          case "text": ok = once(&text, optional { $0.string() })
          case "confidence": ok = once(&confidence, optional { $0.double() })
          case "chars": ok = once(&chars, optional { $0.integer() })
          case "width": ok = once(&width, optional { $0.integer() })
          case "height": ok = once(&height, optional { $0.integer() })
          case "gt_chars": ok = once(&gtChars, optional { $0.integer() })
          case "edits": ok = once(&edits, optional { $0.integer() })
          case "substitutions": ok = once(&substitutions, optional { $0.integer() })
          case "insertions": ok = once(&insertions, optional { $0.integer() })
          case "deletions": ok = once(&deletions, optional { $0.integer() })
          case "cer": ok = once(&cer, optional { $0.double() })
          case "metric": ok = once(&metric, optional { $0.string() })
          case "error": ok = once(&error, optional { $0.failure() })
          // What `--boxes`, `--barcodes` and turned photos add: nested and rare, so `JSONDecoder`
          // decodes the line.
          case "words", "lines", "barcodes", "orientation": return nil
          // A field of the record this decoder does not read (one added later): `JSONDecoder`
          // decodes the line, so nothing is dropped. Fields the record does not have are skipped,
          // as `JSONDecoder` skips them.
          default:
            guard ResultRecord.CodingKeys(stringValue: key) == nil else { return nil }
            ok = skipValue(depth: 1)
          }
          guard ok else { return nil }
          skipWhitespace()
        } while expect(UInt8(ascii: ","))
      }
      guard expect(UInt8(ascii: "}")) else { return nil }
      skipWhitespace()
      guard index == bytes.count else { return nil }

      guard let schema, schema <= ResultRecord.currentSchema, kind == "result", let run, let time,
        let source, let entry, let sha256, let profile, let lang, let ms, let engine
      else { return nil }
      var record = ResultRecord(
        run: run, time: time, source: source, entry: entry, sha256: sha256, page: page ?? nil,
        profile: profile, lang: lang, engine: engine)
      record.schema = schema
      record.ms = ms
      record.text = text ?? nil
      record.confidence = confidence ?? nil
      record.chars = chars ?? nil
      record.width = width ?? nil
      record.height = height ?? nil
      record.gtChars = gtChars ?? nil
      record.edits = edits ?? nil
      record.substitutions = substitutions ?? nil
      record.insertions = insertions ?? nil
      record.deletions = deletions ?? nil
      record.cer = cer ?? nil
      record.metric = metric ?? nil
      record.error = error ?? nil
      record.settings = settings ?? nil
      record.scanbench = scanbench ?? nil
      return record
    }

    /// `null` → `.some(nil)`; a value → `.some(value)`; anything unreadable → `nil`.
    mutating func optional<T>(_ value: (inout Parser) -> T?) -> T?? {
      if literal("null") { return .some(nil) }
      guard let parsed = value(&self) else { return nil }
      return .some(parsed)
    }

    mutating func timings() -> ResultRecord.Timings? {
      var decode: Double?
      var recognize: Double?
      var score: Double?
      var barcodes: Double?
      var osd: Double?
      let ok = object { parser, key in
        switch key {
        case "decode":
          guard decode == nil else { return false }
          decode = parser.double()
          return decode != nil
        case "recognize":
          guard recognize == nil else { return false }
          recognize = parser.double()
          return recognize != nil
        case "score":
          guard score == nil else { return false }
          score = parser.double()
          return score != nil
        case "barcodes":
          guard barcodes == nil else { return false }
          barcodes = parser.double()
          return barcodes != nil
        case "osd":
          guard osd == nil else { return false }
          osd = parser.double()
          return osd != nil
        default:
          return parser.skipValue(depth: 2)
        }
      }
      guard ok, let decode, let recognize, let score else { return nil }
      return ResultRecord.Timings(
        decode: decode, recognize: recognize, score: score, barcodes: barcodes, osd: osd)
    }

    /// An `engine` object of schema 2 (`name`, `version`, `models`, `settings`) or schema 1
    /// (`tesseract`, `models` by language).
    mutating func engineIdentity() -> EngineIdentity? {
      var name: String?
      var version: String?
      var tesseract: String?
      var models: [String: String]?
      var settings: [String: String]?
      let ok = object { parser, key in
        switch key {
        case "name":
          guard name == nil else { return false }
          name = parser.string()
          return name != nil
        case "version":
          guard version == nil else { return false }
          version = parser.string()
          return version != nil
        case "tesseract":
          guard tesseract == nil else { return false }
          tesseract = parser.string()
          return tesseract != nil
        case "models":
          guard models == nil else { return false }
          models = parser.stringMap()
          return models != nil
        case "settings":
          guard settings == nil else { return false }
          settings = parser.stringMap()
          return settings != nil
        default:
          return parser.skipValue(depth: 2)
        }
      }
      guard ok else { return nil }
      if let name, let version {
        return EngineIdentity(name: name, version: version, models: models ?? [:], settings: settings ?? [:])
      }
      guard let tesseract, let models, name == nil, version == nil, settings == nil else { return nil }
      return EngineIdentity.schema1(version: tesseract, models: models)
    }

    /// An object of strings, each key once.
    mutating func stringMap() -> [String: String]? {
      var found: [String: String] = [:]
      let ok = object(anyKeys: true) { parser, name in
        guard found[name] == nil, let value = parser.string() else { return false }
        found[name] = value
        return true
      }
      return ok ? found : nil
    }

    mutating func provenance() -> Provenance? {
      guard let map = stringMap(), map.count == 2, let version = map["version"], let commit = map["commit"]
      else { return nil }
      return Provenance(version: version, commit: commit)
    }

    mutating func failure() -> ResultRecord.Failure? {
      var kind: String?
      var message: String?
      let ok = object { parser, key in
        switch key {
        case "kind":
          guard kind == nil else { return false }
          kind = parser.string()
          return kind != nil
        case "message":
          guard message == nil else { return false }
          message = parser.string()
          return message != nil
        default:
          return parser.skipValue(depth: 2)
        }
      }
      guard ok, let kind, let message else { return nil }
      return ResultRecord.Failure(kind: kind, message: message)
    }

    /// `{ "key": value, … }`, with `member` parsing each value (it returns false to give up).
    /// Field names must be plain; `anyKeys` (for dictionaries) lets keys have escapes.
    mutating func object(anyKeys: Bool = false, _ member: (inout Parser, String) -> Bool) -> Bool {
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
      guard depth <= Parser.maximumDepth, let byte = peek() else { return false }
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
        let value = Double(mantissa) / Parser.powersOfTen[fractionDigits]
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
}
