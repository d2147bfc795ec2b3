import ScanbenchSeam
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

  struct Parser {
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
      var gtWords: Int??
      var wordEdits: Int??
      var wer: Double??
      var metric: String??
      var error: ResultRecord.Failure??
      var capturedAt: String??

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
          case "gt_words": ok = once(&gtWords, optional { $0.integer() })
          case "word_edits": ok = once(&wordEdits, optional { $0.integer() })
          case "wer": ok = once(&wer, optional { $0.double() })
          case "metric": ok = once(&metric, optional { $0.string() })
          case "error": ok = once(&error, optional { $0.failure() })
          case "captured_at": ok = once(&capturedAt, optional { $0.string() })
          // What `--boxes`, `--barcodes` and turned photos add: nested and rare, so `JSONDecoder`
          // decodes the line.
          case "words", "lines", "blocks", "barcodes", "orientation": return nil
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
      record.gtWords = gtWords ?? nil
      record.wordEdits = wordEdits ?? nil
      record.wer = wer ?? nil
      record.metric = metric ?? nil
      record.error = error ?? nil
      record.settings = settings ?? nil
      record.scanbench = scanbench ?? nil
      record.capturedAt = capturedAt ?? nil
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
      var inference: Double?
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
        case "inference":
          guard inference == nil else { return false }
          inference = parser.double()
          return inference != nil
        default:
          return parser.skipValue(depth: 2)
        }
      }
      guard ok, let decode, let recognize, let score else { return nil }
      return ResultRecord.Timings(
        decode: decode, recognize: recognize, score: score, barcodes: barcodes, osd: osd,
        inference: inference)
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

  }
}
