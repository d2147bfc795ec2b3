import Foundation
import ScanbenchSeam
import ScanbenchSupport

/// scanbench's JSON-lines protocol with an external engine (docs/engines.md, "External engines"): one JSON
/// object a line each way. The program's first line says what it is; then, for each image, scanbench
/// writes one request and reads one response, in order.
enum ExternalProtocol {
  /// The program's first line: `{"engine": NAME, "version": V, "models": {file: sha256}}`.
  struct Handshake: Decodable, Equatable {
    var engine: String
    var version: String
    var models: [String: String]?
  }

  /// One box of a response's `words` or `lines`: `{"text", "conf", "x", "y", "w", "h"}`; numbers
  /// may be fractional (they are rounded to pixels). Every number is checked: a box beyond what an
  /// image can hold (`"x": 1e19`, a negative width, a confidence of 900) is a broken answer, the
  /// image's recorded failure, never a number that traps.
  struct WireBox: Decodable {
    var text: String
    var conf: Double
    var x: Double
    var y: Double
    var w: Double
    var h: Double

    func box(in list: String) throws(Violation) -> TextBox {
      guard conf.isFinite, (0...100).contains(conf) else {
        throw Violation(description: "a box of \"\(list)\" has \"conf\" \(conf), not a number from 0 to 100")
      }
      func pixels(_ name: String, _ value: Double, _ range: ClosedRange<Int>) throws(Violation) -> Int {
        guard value.isFinite, let whole = Int(exactly: value.rounded()), range.contains(whole) else {
          throw Violation(
            description: "a box of \"\(list)\" has \"\(name)\" \(value), not a pixel "
              + "\(range.lowerBound == 0 ? "size" : "position") from \(range.lowerBound) to \(range.upperBound)"
          )
        }
        return whole
      }
      return TextBox(
        text: text, confidence: (conf * 10).rounded() / 10,
        x: try pixels("x", x, PixelRange.coordinates), y: try pixels("y", y, PixelRange.coordinates),
        width: try pixels("w", w, PixelRange.sizes), height: try pixels("h", h, PixelRange.sizes))
    }
  }

  /// `{"id", "text", "confidence", "words"?, "lines"?}` or `{"id", "error"}`.
  struct WireResponse: Decodable {
    var id: Int
    var text: String?
    var confidence: Double?
    var words: [WireBox]?
    var lines: [WireBox]?
    var error: String?
  }

  /// What a response said.
  enum Response: Equatable {
    case text(String, confidence: Double, layout: TextLayout?)
    case failure(String)
  }

  /// Why a line is not the protocol, in words for the image's failure record.
  struct Violation: Error, CustomStringConvertible {
    var description: String
  }

  static func handshake(_ line: Data) throws(Violation) -> Handshake {
    let decoded: Handshake
    do {
      decoded = try JSONDecoder().decode(Handshake.self, from: line)
    } catch {
      throw Violation(
        description: "its first line must be {\"engine\": NAME, \"version\": V, \"models\": {FILE: SHA256}}, "
          + "not \(quoted(line))")
    }
    guard !decoded.engine.isEmpty, decoded.engine.count <= 100,
      decoded.engine.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7f })
    else {
      throw Violation(
        description: "its engine name must be a word of 1 to 100 characters, not \(quoted(line))")
    }
    // What it says joins every record: bounded like a name, not a page of text per line.
    let models = decoded.models ?? [:]
    guard decoded.version.count <= 100, models.count <= 100,
      models.allSatisfy({ $0.key.utf8.count <= 255 && $0.value.utf8.count <= 128 })
    else {
      throw Violation(
        description: "its version must be at most 100 characters, and its models at most 100 file names "
          + "(255 bytes each) with their SHA-256: not \(quoted(line))")
    }
    return decoded
  }

  /// One request, as one line: the image as PNG in base64. Keys in this order, on one line, with
  /// `page` only for a page of a multi-page image.
  static func request(
    id: Int, name: String, page: Int?, width: Int, height: Int, png: Data, language: String, boxes: Bool
  ) -> Data {
    var head = "{\"id\":\(id),\"name\":\(JSONText.quote(name)),"
    if let page { head += "\"page\":\(page)," }
    head += "\"width\":\(width),\"height\":\(height),\"image_png_base64\":\""
    var line = Data(head.utf8)
    line.append(png.base64EncodedData())
    line.append(Data("\",\"lang\":\(JSONText.quote(language)),\"boxes\":\(boxes)}\n".utf8))
    return line
  }

  /// The response to request `id`; `boxes` keeps its words and lines (an empty layout when it has
  /// none).
  static func response(_ line: Data, id: Int, boxes: Bool) throws(Violation) -> Response {
    let decoded: WireResponse
    do {
      decoded = try JSONDecoder().decode(WireResponse.self, from: line)
    } catch {
      throw Violation(description: "not a response object: \(quoted(line))")
    }
    guard decoded.id == id else {
      throw Violation(description: "the answer to request \(id) has id \(decoded.id)")
    }
    if let message = decoded.error { return .failure(message) }
    guard let text = decoded.text else {
      throw Violation(description: "a response needs \"text\" (or \"error\"): \(quoted(line))")
    }
    guard let confidence = decoded.confidence, confidence.isFinite, (0...100).contains(confidence) else {
      throw Violation(description: "a response needs \"confidence\" from 0 to 100: \(quoted(line))")
    }
    guard boxes else { return .text(text, confidence: confidence, layout: nil) }
    var words: [TextBox] = []
    var lines: [TextBox] = []
    for box in decoded.words ?? [] { words.append(try box.box(in: "words")) }
    for box in decoded.lines ?? [] { lines.append(try box.box(in: "lines")) }
    return .text(text, confidence: confidence, layout: TextLayout(words: words, lines: lines))
  }

  /// The start of a line as JSON text, for messages.
  static func quoted(_ line: Data) -> String {
    guard !line.isEmpty else { return "an empty line" }
    let text = String(decoding: line.prefix(120), as: UTF8.self)
    return JSONText.quote(text) + (line.count > 120 ? "…" : "")
  }
}
