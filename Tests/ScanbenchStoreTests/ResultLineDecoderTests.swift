import Foundation
import ScanbenchSeam
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport

extension StoreSuites {
  /// The fast decoder against the reference, `StoreReader.decode`: on random records, and on those
  /// records' lines broken in random ways, it either agrees or declines.
  @Suite struct ResultLineDecoderTests {
    typealias Generator = SeededGenerator

    static let pieces = [
      "a", "Z", " ", "\n", "\t", "\"", "\\", "/", "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "東京",
      "ラーメン", "👩‍👩‍👧", "🇯🇵", "\u{FEFF}", "\u{2028}", "{", "}", ":", ",", "null", "1e5",
    ]

    static func string(_ random: inout Generator) -> String {
      (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }
        .joined()
    }

    static func double(_ random: inout Generator) -> Double {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: return Double(Int.random(in: -1000...1000, using: &random))
      case 1: return Double.random(in: 0...1, using: &random)
      case 2: return Double.random(in: -1e300...1e300, using: &random)
      default:
        return Double(sign: .plus, exponent: Int.random(in: -1070 ... -1000, using: &random), significand: 1)
      }
    }

    static func maybe<T>(_ random: inout Generator, _ value: (inout Generator) -> T) -> T? {
      Bool.random(using: &random) ? value(&random) : nil
    }

    static func record(_ random: inout Generator) -> ResultRecord {
      var models: [String: String] = [:]
      for _ in 0..<Int.random(in: 0...3, using: &random) { models[string(&random)] = string(&random) }
      var record = ResultRecord.fixture(
        string(&random), run: string(&random), time: string(&random), source: string(&random),
        sha256: string(&random), page: maybe(&random) { Int.random(in: -5...100_000, using: &$0) },
        profile: string(&random), lang: string(&random),
        engine: EngineIdentity.schema1(version: string(&random), models: models))
      record.schema = Int.random(in: -1...ResultRecord.currentSchema + 1, using: &random)
      record.ms = ResultRecord.Timings(
        decode: double(&random), recognize: double(&random), score: double(&random))
      record.text = maybe(&random) { string(&$0) }
      record.confidence = maybe(&random) { double(&$0) }
      record.chars = maybe(&random) {
        Int.random(in: 0..<20, using: &$0) == 0
          ? Int.random(in: Int.min...Int.max, using: &$0) : Int.random(in: -10...100_000, using: &$0)
      }
      record.width = maybe(&random) { Int.random(in: 0...100_000, using: &$0) }
      record.height = maybe(&random) { Int.random(in: 0...100_000, using: &$0) }
      record.gtChars = maybe(&random) { Int.random(in: 0...100_000, using: &$0) }
      record.edits = maybe(&random) { Int.random(in: 0...100_000, using: &$0) }
      record.substitutions = maybe(&random) { Int.random(in: 0...10, using: &$0) }
      record.insertions = maybe(&random) { Int.random(in: 0...10, using: &$0) }
      record.deletions = maybe(&random) { Int.random(in: 0...10, using: &$0) }
      record.cer = maybe(&random) { double(&$0) }
      record.gtWords = maybe(&random) { Int.random(in: 0...100_000, using: &$0) }
      record.wordEdits = maybe(&random) { Int.random(in: 0...100_000, using: &$0) }
      record.wer = maybe(&random) { double(&$0) }
      record.metric = maybe(&random) { string(&$0) }
      record.error = maybe(&random) { ResultRecord.Failure(kind: string(&$0), message: string(&$0)) }
      return record
    }

    /// Replaces, deletes or inserts a few bytes.
    static func damage(_ line: [UInt8], _ random: inout Generator) -> [UInt8] {
      var bytes = line
      let tokens = Array(#"{}[]":,\ 0123456789.eE-+nulltruefalse"#.utf8) + [0xFF, 0xC3, 0x0A]
      for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes[at] = tokens.randomElement(using: &random) ?? 0
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(tokens.randomElement(using: &random) ?? 0, at: at)
        default: bytes = Array(bytes[..<at])
        }
      }
      return bytes
    }

    static func fast(_ bytes: [UInt8]) -> ResultRecord? {
      bytes.withUnsafeBytes { ResultLineDecoder.decode($0) }
    }

    static func reference(_ bytes: [UInt8]) -> ResultRecord? {
      if case .result(let record) = StoreReader.decodeUnchecked(Data(bytes)) { return record }
      return nil
    }

    @Test func agreesWithStoreReaderOnRandomRecords() throws {
      var random = Generator(seed: 20_240_501)
      let encoder = JSONEncoder()
      var accepted = 0
      for round in 0..<3_000 {
        let record = Self.record(&random)
        encoder.outputFormatting = round % 2 == 0 ? [.sortedKeys] : [.withoutEscapingSlashes]
        let line = Array(try encoder.encode(record))
        let expected = Self.reference(line)
        if let decoded = Self.fast(line) {
          #expect(decoded == expected, "\(String(decoding: line, as: UTF8.self))")
          accepted += 1
        }
      }
      // The fast path must be the path taken for ordinary lines, not a decoration.
      #expect(accepted > 1_000)
    }

    @Test func declinesOrAgreesOnDamagedLines() throws {
      var random = Generator(seed: 7)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      for _ in 0..<5_000 {
        var record = Self.record(&random)
        record.schema = ResultRecord.currentSchema
        let line = Self.damage(Array(try encoder.encode(record)), &random)
        if let decoded = Self.fast(line) {
          #expect(
            decoded == Self.reference(line),
            "\(String(decoding: line, as: UTF8.self)) → \(StoreReader.decode(Data(line)))")
        }
      }
    }

    /// A random JSON value as a newer scanbench might write in a field this one does not know:
    /// nested arrays and objects, strings with escapes and non-ASCII text, numbers of every form.
    static func unknownValue(_ random: inout Generator, depth: Int = 0) -> String {
      let encoder = JSONEncoder()
      func quoted(_ text: String) -> String {
        String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
      }
      switch Int.random(in: 0..<(depth < 4 ? 10 : 6), using: &random) {
      case 0: return quoted(string(&random))
      case 1:
        return ["0", "-1", "42", "3.25", "-0.5", "1e3", "2E-2", "12345678901234567890"].randomElement(
          using: &random) ?? "0"
      case 2: return ["true", "false", "null"].randomElement(using: &random) ?? "null"
      case 3: return #""\ud83d\ude00 \u00e9\t""#
      case 4: return quoted(["東京", "x", "🇯🇵", ""].randomElement(using: &random) ?? "")
      case 5: return "\(Double.random(in: -1000...1000, using: &random))"
      case 6, 7:
        let members = (0..<Int.random(in: 0...4, using: &random)).map { _ in
          quoted(string(&random)) + ":" + unknownValue(&random, depth: depth + 1)
        }
        return "{" + members.joined(separator: Bool.random(using: &random) ? "," : " , ") + "}"
      default:
        let elements = (0..<Int.random(in: 0...5, using: &random)).map { _ in
          unknownValue(&random, depth: depth + 1)
        }
        return "[" + elements.joined(separator: ",") + "]"
      }
    }

    /// `line` with a field it does not know added at the start or the end of its object.
    static func withUnknownField(_ line: [UInt8], _ random: inout Generator) -> [UInt8] {
      let name =
        ["regions", "symbols", "codes", "rotation", "x_future"].randomElement(using: &random) ?? "x"
      let field = Array(("\"\(name)\":" + unknownValue(&random)).utf8)
      guard line.count > 2 else { return line }
      if Bool.random(using: &random) {
        return [line[0]] + field + Array(",".utf8) + line[1...]
      }
      return line.dropLast() + Array(",".utf8) + field + [line[line.count - 1]]
    }

    @Test func skipsFieldsItDoesNotKnowAsJSONDecoderIgnoresThem() throws {
      var random = Generator(seed: 20_260_101)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      var accepted = 0
      for _ in 0..<3_000 {
        var record = Self.record(&random)
        record.schema = ResultRecord.currentSchema
        var line = Array(try encoder.encode(record))
        for _ in 0..<Int.random(in: 1...3, using: &random) { line = Self.withUnknownField(line, &random) }
        let expected = Self.reference(line)
        if let decoded = Self.fast(line) {
          #expect(decoded == expected, "\(String(decoding: line, as: UTF8.self))")
          accepted += 1
        }
        // Broken in the unknown parts as anywhere else: declined or agreed, never wrong.
        let damaged = Self.damage(line, &random)
        if let decoded = Self.fast(damaged) {
          #expect(decoded == Self.reference(damaged), "\(String(decoding: damaged, as: UTF8.self))")
        }
      }
      // Unknown fields keep records on the fast path (those declined carry an exponent, a
      // surrogate pair or a long number, or a known field the reference refuses).
      #expect(accepted > 1_000)
    }

    @Test func handWrittenEdgeCases() {
      let valid =
        #"{"schema":1,"kind":"result","run":"r","time":"t","source":"s","entry":"e","sha256":"h","profile":"p","lang":"l","ms":{"decode":1,"recognize":2.5,"score":0},"engine":{"tesseract":"5","models":{}}}"#
      func fast(_ text: String) -> ResultRecord? { Self.fast(Array(text.utf8)) }
      func reference(_ text: String) -> ResultRecord? { Self.reference(Array(text.utf8)) }
      #expect(fast(valid) != nil)
      #expect(fast(valid) == reference(valid))
      let withText = valid.replacingOccurrences(
        of: #""lang":"l""#, with: #""lang":"l","text":"a\u00e9\ud83d\ude00\n","page":null"#)
      #expect(fast(withText)?.text == "aé😀\n")
      #expect(fast(withText) == reference(withText))
      // What later releases may add, nested objects and arrays among them: skipped, and the
      // record is the same.
      let future = [
        valid.replacingOccurrences(of: #""run":"r""#, with: #""run":"r","extra":1"#),
        valid.replacingOccurrences(
          of: #""lang":"l""#,
          with:
            #""lang":"l","regions":[{"text":"Total","box":[10,20,110,40],"confidence":96.5},{"text":"東京","box":[],"alt":null}],"spans":[[0,1],[]],"symbols":[{"format":"qr","text":"https:\/\/x.invalid\/?a=\"b\"","points":[[1,2],[3,4]]}],"rotation":{"degrees":90,"confidence":0.98,"flipped":false}"#
        ),
        valid.replacingOccurrences(of: #""score":0"#, with: #""score":0,"layout":12.5"#),
        valid.replacingOccurrences(of: #""models":{}"#, with: #""models":{},"orientation_model":"abc""#),
        valid.replacingOccurrences(of: #"{"schema""#, with: #"{ "notes" : [ ] , "schema""#),
      ]
      for line in future {
        #expect(fast(line) != nil, "\(line)")
        #expect(fast(line) == reference(line), "\(line)")
        #expect(fast(line) == fast(valid), "\(line)")
      }
      // Word boxes and barcodes (`--boxes`, `--barcodes`) are left to JSONDecoder, which decodes them.
      let withBoxes = valid.replacingOccurrences(
        of: #""lang":"l""#,
        with:
          #""lang":"l","words":[{"text":"Total","conf":96.5,"x":10,"y":20,"w":100,"h":20}],"lines":[],"barcodes":[{"type":"QR-Code","data":"https:\/\/x.invalid","x":1,"y":2,"w":30,"h":30}]"#
      )
      #expect(fast(withBoxes) == nil)
      #expect(reference(withBoxes)?.words?.first?.text == "Total")
      #expect(reference(withBoxes)?.barcodes?.first?.data == "https://x.invalid")
      // Left to JSONDecoder: numbers with exponents, surrogate escapes, deep nesting; and what is
      // not JSON at all.
      let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
      let unknownDeclined: [String] = [
        "1e5", #""\ud83d\ude00""#, deep, "[1,]", #"{"a" 1}"#, "[tru]", #""\x""#, "01", "-", "[1 2]",
      ]
      for value in unknownDeclined {
        let line = valid.replacingOccurrences(of: #""run":"r""#, with: #""run":"r","extra":"# + value)
        #expect(fast(line) == nil, "\(line)")
      }
      for declined in [
        valid.replacingOccurrences(of: #""score":0"#, with: #""score":0,"score":1"#),

        valid.replacingOccurrences(of: #""kind":"result""#, with: #""kind":"summary""#),
        valid.replacingOccurrences(of: #""schema":1"#, with: #""schema":3"#),
        valid.replacingOccurrences(of: #""schema":1"#, with: #""schema":1.0"#),
        valid.replacingOccurrences(of: #""run":"r""#, with: #""run":"r","run":"q""#),
        valid.replacingOccurrences(of: #""run""#, with: #""r\u0075n""#),
        valid.replacingOccurrences(of: #","entry":"e""#, with: ""),
        valid.replacingOccurrences(of: #""lang":"l""#, with: #""lang":"l","text":"\ud83d""#),
        valid.replacingOccurrences(of: #""lang":"l""#, with: #""lang":"l","chars":012"#),
        valid + "x",
      ] {
        #expect(fast(declined) == nil, "\(declined)")
      }
    }
  }
}

enum StoreSuites {}

/// The store's one codec: whatever `ResultRecord` holds survives a line, by the fast decoder and by
/// `JSONDecoder` alike. The record below sets every field, and the test checks it does (from the
/// type itself, through `Mirror`), so a field added later without its decoding fails here.
struct ResultRecordCodecTests {
  static var everyField: ResultRecord {
    var record = ResultRecord.fixture(
      "a.png", run: "r", time: "2026-12-01T00:00:00.000Z", source: "in.tar", sha256: "ab", page: 2,
      profile: "accurate", lang: "eng",
      engine: EngineIdentity(
        name: "tesseract", version: "5.3.0", models: ["eng.traineddata": "cd"], settings: ["psm": "3"]))
    record.entryRaw = RawName(encoding: "CP932", hex: "93fa")
    record.linkOf = "first.png"
    record.text = "text"
    record.confidence = 91.5
    record.chars = 4
    record.width = 10
    record.height = 20
    record.ms = ResultRecord.Timings(decode: 1, recognize: 2, score: 3, barcodes: 4, osd: 5)
    record.settings = ["boxes": "on"]
    record.scanbench = Provenance(version: "0.2.0", commit: "abc")
    record.gtChars = 5
    record.edits = 1
    record.substitutions = 1
    record.insertions = 0
    record.deletions = 0
    record.cer = 0.2
    record.gtWords = 9
    record.wordEdits = 2
    record.wer = 2.0 / 9
    record.metric = "cer/grapheme/nfc/ws-collapse/cjk-nospace/v1"
    record.words = [TextBox(text: "text", confidence: 90, x: 1, y: 2, width: 3, height: 4)]
    record.lines = [TextBox(text: "text", confidence: 90, x: 1, y: 2, width: 3, height: 4)]
    record.blocks = [
      TextBlock(
        x: 1, y: 2, width: 3, height: 4,
        paragraphs: [TextParagraph(x: 1, y: 2, width: 3, height: 4, firstLine: 0, lineCount: 1)])
    ]
    record.barcodes = [
      Barcode(symbology: "QR-Code", payload: Array("x".utf8), x: 0, y: 0, width: 1, height: 1)
    ]
    record.error = .init(kind: "barcodes", message: "m")
    record.orientation = .init(exif: 6, heif: ["irot"], osdDegrees: 90, osdConfidence: 2, applied: "rotate")
    record.orientation?.osdApplied = true
    record.capturedAt = "2019-07-14T12:34:56+09:00"
    return record
  }

  @Test func theFixtureSetsEveryFieldOfTheRecord() {
    for child in Mirror(reflecting: Self.everyField).children {
      let mirror = Mirror(reflecting: child.value)
      #expect(
        mirror.displayStyle != .optional || mirror.children.count == 1,
        "ResultRecord.\(child.label ?? "?") is nil in the fixture: set it, and decode it in ResultLineDecoder"
      )
    }
    let keys = Set(ResultRecord.CodingKeys.allCases.map(\.stringValue))
    #expect(
      keys.count == Mirror(reflecting: Self.everyField).children.count, "every stored property is coded")
  }

  @Test func everyFieldSurvivesBothDecoders() throws {
    let line = try StoreWriter.line(for: Self.everyField).dropLast()
    guard case .result(let slow) = StoreReader.decode(Data(line)) else {
      Issue.record("JSONDecoder refused the line")
      return
    }
    #expect(slow == Self.everyField)
    guard case .result(let fast) = StoreReader.decodeLineFast(Data(line)) else {
      Issue.record("the fast path refused the line")
      return
    }
    #expect(fast == Self.everyField)
    // Without the nested fields the fast decoder takes the line itself: each of its fields is read.
    var plain = Self.everyField
    (plain.words, plain.lines, plain.blocks, plain.barcodes, plain.orientation) = (nil, nil, nil, nil, nil)
    (plain.entryRaw, plain.linkOf) = (nil, nil)
    let plainLine = try StoreWriter.line(for: plain).dropLast()
    let decoded = Array(plainLine).withUnsafeBytes { ResultLineDecoder.decode($0) }
    #expect(decoded == plain, "the fast decoder reads every plain field itself")
  }
}
