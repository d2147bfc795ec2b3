import Foundation

// libFuzzer target: ground-truth files are bytes in any encoding. `GroundTruthDecoder.decode` must
// either refuse with a message or give text; UTF-8 without a byte-order mark must come back as is,
// and is refused only when it holds a NUL byte (UTF-16 without its byte-order mark, or not text).

@_cdecl("LLVMFuzzerTestOneInput")
public func groundTruthFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  do {
    let text = try GroundTruthDecoder.decode(data)
    let hasBOM =
      data.starts(with: [0xEF, 0xBB, 0xBF]) || data.starts(with: [0xFF, 0xFE])
      || data.starts(with: [0xFE, 0xFF])
    if !hasBOM, Data(text.utf8) != data {
      fatalError("UTF-8 came back changed: \(Array(data))")
    }
  } catch let error as GroundTruthDecodeError {
    if error.message.isEmpty { fatalError("a refusal without a message") }
    if String(bytes: data, encoding: .utf8) != nil, !data.contains(0), !data.starts(with: [0xFF, 0xFE]),
      !data.starts(with: [0xFE, 0xFF])
    {
      fatalError("valid UTF-8 refused: \(Array(data)): \(error.message)")
    }
  } catch {
    fatalError("unexpected error type: \(error)")
  }
  return 0
}
