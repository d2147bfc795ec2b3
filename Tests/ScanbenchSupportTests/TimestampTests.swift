import Foundation
import Testing

@testable import ScanbenchSupport

enum Suites {}

extension Suites {
  @Suite struct TimestampTests {
    @Test func formatsAndParsesLikeFoundationOnRandomInstants() throws {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime]
      var generator = SystemRandomNumberGenerator()
      for _ in 0..<2_000 {
        // 1900 … 2200, whole seconds.
        let seconds = Double(Int64.random(in: -2_208_988_800...7_258_118_400, using: &generator))
        let text = Timestamp.format(seconds)
        #expect(text == formatter.string(from: Date(timeIntervalSince1970: seconds)))
        #expect(Timestamp.parse(text) == seconds)
        #expect(formatter.date(from: text)?.timeIntervalSince1970 == seconds)
      }
    }

    @Test func acceptsTheFormsTheStoreAndPeopleWrite() {
      let noon = 1_714_564_800.0  // 2024-05-01T12:00:00Z
      #expect(Timestamp.parse("2024-05-01T12:00:00Z") == noon)
      #expect(Timestamp.parse("2024-05-01T12:00:00") == noon)
      #expect(Timestamp.parse("2024-05-01 12:00") == noon)
      #expect(Timestamp.parse("2024-05-01T21:00:00+09:00") == noon)
      #expect(Timestamp.parse("2024-05-01T21:00:00+0900") == noon)
      #expect(Timestamp.parse("2024-05-01T07:00:00-05") == noon)
      #expect(Timestamp.parse("2024-05-01T12:00:00.250Z") == noon + 0.25)
      #expect(Timestamp.parse("2024-05-01") == noon - 43_200)
      #expect(Timestamp.parse("2024-02-29") != nil)
      for bad in [
        "", "2024", "2024-5-1", "2023-02-29", "2024-13-01", "2024-05-01T25:00", "2024-05-01T12:00Zx",
        "2024-05-01T12:00:00.Z", "yesterday", "2024-05-01T12:00:00+9",
      ] {
        #expect(Timestamp.parse(bad) == nil, "\(bad)")
      }
    }
  }
}
