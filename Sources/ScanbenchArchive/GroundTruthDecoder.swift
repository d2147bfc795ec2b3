import Foundation

public struct GroundTruthDecodeError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }
}

/// Turns ground-truth bytes into text, refusing rather than guessing: mojibake scored as text would
/// be a wrong number that looks right.
public enum GroundTruthDecoder {
  public static func decode(_ data: Data) throws -> String {
    let bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return try strictUTF8(bytes.dropFirst(3), offset: 3)
    }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let encoding: String.Encoding = bytes[0] == 0xFF ? .utf16LittleEndian : .utf16BigEndian
      guard (bytes.count - 2) % 2 == 0, let text = String(data: Data(bytes.dropFirst(2)), encoding: encoding)
      else {
        throw GroundTruthDecodeError(message: "has a UTF-16 byte-order mark but is not valid UTF-16")
      }
      return text
    }
    return try strictUTF8(bytes[...], offset: 0)
  }

  private static func strictUTF8(_ bytes: ArraySlice<UInt8>, offset: Int) throws -> String {
    try refuseNUL(bytes, offset: offset)
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var scalars = String.UnicodeScalarView()
    var consumed = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        scalars.append(scalar)
        consumed += UTF8.width(scalar)
      case .emptyInput:
        return String(scalars)
      case .error:
        let position = bytes.startIndex + consumed
        let byte = position < bytes.endIndex ? String(format: "0x%02X", bytes[position]) : "end of file"
        let hint = looksLikeShiftJIS(bytes) ? " (it looks like Shift_JIS)" : ""
        throw GroundTruthDecodeError(
          message:
            "is not UTF-8: invalid byte \(byte) at offset \(position - bytes.startIndex + offset)\(hint); save it as UTF-8"
        )
      }
    }
  }

  /// Text has no NUL bytes. UTF-16 saved without its byte-order mark has one after (LE) or before (BE)
  /// every ASCII letter — and is valid UTF-8, so without this check it would be scored as text with
  /// a NUL for every other character.
  private static func refuseNUL(_ bytes: ArraySlice<UInt8>, offset: Int) throws {
    guard let first = bytes.firstIndex(of: 0) else { return }
    var atEven = 0
    var atOdd = 0
    for index in bytes.indices where bytes[index] == 0 {
      if (index - bytes.startIndex).isMultiple(of: 2) { atEven += 1 } else { atOdd += 1 }
    }
    // Mostly on one side of the 16-bit units (a CJK character may have a zero byte of its own).
    let hint =
      atOdd > 4 * atEven
      ? " (it looks like UTF-16 LE without a byte-order mark)"
      : atEven > 4 * atOdd ? " (it looks like UTF-16 BE without a byte-order mark)" : ""
    throw GroundTruthDecodeError(
      message:
        "is not UTF-8 text: NUL byte at offset \(first - bytes.startIndex + offset)\(hint); save it as UTF-8")
  }

  /// Shift_JIS lead bytes followed by valid trail bytes, common in old Japanese text files.
  private static func looksLikeShiftJIS(_ bytes: ArraySlice<UInt8>) -> Bool {
    var pairs = 0
    var index = bytes.startIndex
    while index < bytes.endIndex - 1 {
      let lead = bytes[index]
      let trail = bytes[index + 1]
      if (0x81...0x9F).contains(lead) || (0xE0...0xEF).contains(lead),
        (0x40...0x7E).contains(trail) || (0x80...0xFC).contains(trail)
      {
        pairs += 1
        index += 2
      } else {
        index += 1
      }
    }
    return pairs >= 2
  }
}
