import Foundation

/// ISO 8601 timestamps as the store writes them, read and written without `DateFormatter`
/// (fast enough to parse a million record times, and the same on every platform).
public enum Timestamp {
  /// ISO 8601 in UTC with milliseconds, e.g. `2026-11-30T02:48:39.123Z`.
  public static func now() -> String {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    var seconds = time_t(time.tv_sec)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec),
      Int(time.tv_nsec / 1_000_000))
  }

  /// Seconds since 1970-01-01T00:00:00Z for an ISO 8601 date or date-time, or `nil`.
  ///
  /// Accepts `2024-05-01`, `2024-05-01T12:34`, `2024-05-01T12:34:56`, `2024-05-01 12:34:56.789`,
  /// each optionally followed by `Z`, `+09:00`, `+0900` or `-05`. Without a zone the time is UTC.
  public static func parse(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { parse(bytes: $0) }
  }

  static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    func digits(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for offset in 0..<count {
        let byte = bytes[index + offset]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      index += count
      return value
    }
    func take(_ character: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == character else { return false }
      index += 1
      return true
    }
    guard let year = digits(4), take(UInt8(ascii: "-")), let month = digits(2),
      take(UInt8(ascii: "-")), let day = digits(2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
    if index == bytes.count { return seconds }
    guard take(UInt8(ascii: "T")) || take(UInt8(ascii: "t")) || take(UInt8(ascii: " ")),
      let hour = digits(2), hour < 24, take(UInt8(ascii: ":")), let minute = digits(2), minute < 60
    else { return nil }
    seconds += Double(hour * 3600 + minute * 60)
    if take(UInt8(ascii: ":")) {
      guard let second = digits(2), second <= 60 else { return nil }
      seconds += Double(second)
      if take(UInt8(ascii: ".")) || take(UInt8(ascii: ",")) {
        var fraction = 0.0
        var scale = 0.1
        var any = false
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
          fraction += Double(bytes[index] - 0x30) * scale
          scale /= 10
          index += 1
          any = true
        }
        guard any else { return nil }
        seconds += fraction
      }
    }
    if index == bytes.count || take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) {
      return index == bytes.count ? seconds : nil
    }
    let sign: Double
    if take(UInt8(ascii: "+")) {
      sign = 1
    } else if take(UInt8(ascii: "-")) {
      sign = -1
    } else {
      return nil
    }
    guard let offsetHours = digits(2), offsetHours < 24 else { return nil }
    var offsetMinutes = 0
    if index < bytes.count {
      _ = take(UInt8(ascii: ":"))
      guard let minutes = digits(2), minutes < 60 else { return nil }
      offsetMinutes = minutes
    }
    guard index == bytes.count else { return nil }
    return seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
  }

  /// `2024-05-01T12:34:56Z` for whole seconds since the epoch (UTC).
  public static func format(_ secondsSince1970: Double) -> String {
    let total = Int64(saturating: secondsSince1970.rounded(.down))
    var days = total / 86_400
    var rest = total % 86_400
    if rest < 0 {
      rest += 86_400
      days -= 1
    }
    let (year, month, day) = civilFromDays(days)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(year)
    let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
    return
      "\(paddedYear)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
  }

  private static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
