import Foundation

// libFuzzer target: what an external engine (`--engine command:…`) writes back is a stranger's
// bytes. The first line is its handshake, each later line an answer to request 7.
// - `ExternalProtocol.handshake` and `.response` never trap, whatever the line: numbers at and
//   beyond every limit, deep nesting, huge strings, wrong types.
// - An accepted handshake names an engine of 1 to 100 characters.
// - An accepted answer has a confidence from 0 to 100 and boxes an image can hold, and the record
//   made of it is written and read back by the store: the protocol accepts nothing the store's
//   readers would refuse (`ResultRecord.rangeProblem`).

@_cdecl("LLVMFuzzerTestOneInput")
public func externalProtocolFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  guard let first = lines.first else { return 0 }
  if let handshake = try? ExternalProtocol.handshake(Data(first)) {
    if handshake.engine.isEmpty || handshake.engine.count > 100 {
      fatalError("engine name \(handshake.engine)")
    }
  }
  for line in lines.dropFirst() {
    for boxes in [false, true] {
      guard
        case .text(let text, let confidence, let layout) = try? ExternalProtocol.response(
          Data(line), id: 7, boxes: boxes)
      else { continue }
      guard confidence.isFinite, (0...100).contains(confidence) else {
        fatalError("confidence \(confidence)")
      }
      if !boxes, layout != nil { fatalError("a layout without --boxes") }
      var record = ResultRecord(
        run: "r", time: "2026-12-01T00:00:00.000Z", source: "in", entry: "a.png", sha256: "ab",
        profile: "external",
        lang: "eng", engine: EngineIdentity(name: "command:fuzz", version: "1"))
      record.text = text
      record.confidence = confidence
      record.words = layout?.words
      record.lines = layout?.lines
      guard let encoded = try? StoreWriter.line(for: record) else {
        fatalError("an accepted answer cannot be stored")
      }
      guard case .result = StoreReader.decode(encoded.dropLast()) else {
        fatalError(
          "the store refuses an accepted answer: \(String(decoding: line.prefix(200), as: UTF8.self))")
      }
    }
  }
  return 0
}
