import Foundation

/// A recognizer's character list: the text file PaddleOCR ships beside the model, one entry a line.
public enum PPOCRDictionary {
  /// The entries of a dictionary file. Entries are kept exactly (one is the ideographic space
  /// U+3000, which trimming would lose); a final newline does not make an empty last entry.
  public static func load(path: String) throws -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PPOCRError("cannot read the dictionary \(path) (run 'make setup')")
    }
    let entries = parse(data)
    if entries.isEmpty { throw PPOCRError("the dictionary \(path) is empty") }
    return entries
  }

  /// Lines of UTF-8 bytes, each without its `\n` (or `\r\n`).
  public static func parse(_ data: Data) -> [String] {
    var entries: [String] = []
    var line: [UInt8] = []
    for byte in data {
      if byte == 0x0A {
        if line.last == 0x0D { line.removeLast() }
        entries.append(String(decoding: line, as: UTF8.self))
        line.removeAll(keepingCapacity: true)
      } else {
        line.append(byte)
      }
    }
    if !line.isEmpty { entries.append(String(decoding: line, as: UTF8.self)) }
    return entries
  }
}
