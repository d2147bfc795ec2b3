/// When a photo was taken, as the camera wrote it: `2019-07-14T12:34:56`, the local time of the
/// camera's clock, with its UTC offset when the file records one (`2019-07-14T12:34:56+09:00`).
///
/// Text in this one form sorts in time order (within one offset) and a year or month is a prefix,
/// which is how the note database sorts and filters by it. Everything read from a file or a store
/// is range-checked here: a date that is not a real one, or is outside `years`, is no date.
package enum CaptureDate {
  /// Years a capture date may have: before 1900 there were no digital cameras to write EXIF (a
  /// scanned print carries its scanning date), and a date after 2100 is a clock that was never set
  /// (cameras without one write `0000:00:00` or a year such as 2107).
  package static let years = 1900...2100

  /// From EXIF's `DateTimeOriginal` (`YYYY:MM:DD HH:MM:SS`, 19 characters, blanks for unknown parts)
  /// and `OffsetTimeOriginal` (`+09:00`), as a capture date; `nil` for anything else.
  package static func fromEXIF(dateTime: String, offset: String?) -> String? {
    let scalars = Array(dateTime.utf8)
    guard scalars.count == 19, scalars[4] == UInt8(ascii: ":"), scalars[7] == UInt8(ascii: ":"),
      scalars[10] == UInt8(ascii: " "), scalars[13] == UInt8(ascii: ":"), scalars[16] == UInt8(ascii: ":")
    else { return nil }
    var text = scalars
    text[4] = UInt8(ascii: "-")
    text[7] = UInt8(ascii: "-")
    text[10] = UInt8(ascii: "T")
    var date = String(decoding: text, as: UTF8.self)
    if let offset, let zone = validatedOffset(Array(offset.utf8)) { date += zone }
    return validated(date)
  }

  /// `text` if it is a capture date in the one form (see the type), else `nil`.
  package static func validated(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.count == 19 || bytes.count == 20 || bytes.count == 25 else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      years.contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour <= 23, minute <= 59, second <= 60  // 60: a leap second
    else { return nil }
    if bytes.count > 19, validatedOffset(Array(bytes[19...])) == nil { return nil }
    return text
  }

  /// `Z`, or `±HH:MM` within ±14:00 (the widest offsets in use).
  private static func validatedOffset(_ bytes: [UInt8]) -> String? {
    if bytes == [UInt8(ascii: "Z")] { return "Z" }
    guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
      bytes[3] == UInt8(ascii: ":"),
      let hours = Int(String(decoding: bytes[1..<3], as: UTF8.self)),
      let minutes = Int(String(decoding: bytes[4..<6], as: UTF8.self)),
      bytes[1...2].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      bytes[4...5].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      hours * 60 + minutes <= 14 * 60, minutes <= 59
    else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
