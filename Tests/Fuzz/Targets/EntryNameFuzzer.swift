import Foundation

// libFuzzer target: entry names are bytes from strangers. `EntryName.printable` must always give
// text without control characters, keep plain names as they are, and keep distinct names distinct;
// `role` and the format checks must accept whatever `printable` gives.

@_cdecl("LLVMFuzzerTestOneInput")
public func entryNameFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let name = EntryName.printable(bytes)
  for scalar in name.unicodeScalars {
    let value = scalar.value
    if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0x2028 || value == 0x2029
      || (0x202A...0x202E).contains(value)
    {
      fatalError("printable kept control character U+\(String(value, radix: 16)) of \(bytes)")
    }
  }
  let body = bytes.starts(with: [0x2E, 0x2F]) ? Array(bytes.dropFirst(2)) : bytes
  if body.count <= EntryName.maximumLength, let text = String(validatingUTF8CString: body),
    !text.contains("\\"),
    text.unicodeScalars.allSatisfy({
      $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
    })
      && !text.unicodeScalars.contains(where: {
        [0x2028, 0x2029, 0x200E, 0x200F, 0x061C, 0xFEFF].contains($0.value)
          || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
      }),
    name != text
  {
    fatalError("printable changed a plain name: \(bytes) → \(name)")
  }
  // Two names from one input (split at its first 0xFF): different bytes, different printable names.
  if let split = bytes.firstIndex(of: 0xFF) {
    let first = Array(bytes[..<split])
    let second = Array(bytes[(split + 1)...])
    let strip = { (name: [UInt8]) in name.starts(with: [0x2E, 0x2F]) ? Array(name.dropFirst(2)) : name }
    if strip(first) != strip(second),
      EntryName.printable(first).unicodeScalars.elementsEqual(EntryName.printable(second).unicodeScalars)
    {
      fatalError("two names print the same: \(first) and \(second)")
    }
  }
  switch EntryName.role(of: name) {
  case .image(let stem), .groundTruth(let stem, _):
    if !name.hasPrefix(stem) { fatalError("stem \(stem) is not a prefix of \(name)") }
  case .other:
    break
  }
  _ = EntryName.isArchive(name)
  _ = EntryName.isPDF(name)
  _ = EntryName.imageExtension(of: name)
  return 0
}

extension String {
  /// The bytes as a String when they are valid UTF-8 without NUL; nil otherwise.
  fileprivate init?(validatingUTF8CString bytes: [UInt8]) {
    guard !bytes.contains(0), let text = String(bytes: bytes, encoding: .utf8) else { return nil }
    self = text
  }
}
