import Foundation

// libFuzzer target: PAGE, ALTO and hOCR files are strangers' bytes. `DocumentText.xml` and
// `DocumentText.hocr` must give text or refuse with a `DocumentError` and a message, never crash or
// hang, and never expand an entity: a document that declares one is refused as `.entity`.

@_cdecl("LLVMFuzzerTestOneInput")
public func documentFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  for read in [DocumentText.xml, DocumentText.hocr] {
    do {
      let extracted = try read(data)
      if extracted.text.utf8.count > max(64, data.count * 4) {
        fatalError("text far longer than the document: something was expanded")
      }
    } catch let error as DocumentError {
      if error.message.isEmpty { fatalError("a refusal without a message") }
    } catch {
      fatalError("unexpected error type: \(error)")
    }
  }
  return 0
}
