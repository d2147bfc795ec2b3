import ScanbenchTestSupport
import Testing

@testable import ScanbenchGate
@testable import ScanbenchScoring
@testable import ScanbenchStore
@testable import ScanbenchSupport

struct PairedBootstrapTests {
  @Test func seedingFollowsTheReferenceSplitMix64AndXoshiro() {
    // Reference values from an independent implementation of SplitMix64 (Vigna's splitmix64.c,
    // seed 0 gives 0xe220a8397b1dcdaf first) feeding xoshiro256** (Blackman and Vigna).
    var generator = SeededGenerator(seed: 42)
    let outputs = (0..<4).map { _ in generator.next() }
    #expect(
      outputs == [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1, 0xECB8_AD47_03B3_60A1])
    var bounded = SeededGenerator(seed: 42)
    #expect((0..<8).map { _ in bounded.next(below: 60) } == [5, 22, 40, 55, 59, 46, 43, 51])
  }

  @Test func boundedDrawsCoverTheRangeEvenly() {
    var generator = SeededGenerator(seed: 7)
    var counts = [Int](repeating: 0, count: 10)
    for _ in 0..<100_000 { counts[generator.next(below: 10)] += 1 }
    #expect(counts.allSatisfy { (9_500...10_500).contains($0) }, "\(counts)")
  }

  func pairs(_ count: Int, change: (Int) -> Int) -> [PairedBootstrap.Pair] {
    (0..<count).map { index in
      let base = index % 4
      return PairedBootstrap.Pair(
        baselineEdits: base, baselineLength: 50, runEdits: max(0, base + change(index)), runLength: 50)
    }
  }

  @Test func identicalReadingsGiveAZeroWidthInterval() {
    let interval = PairedBootstrap.cerDifference(pairs(80) { _ in 0 }, confidence: 0.95, resamples: 2000)
    #expect(interval.lower == 0)
    #expect(interval.upper == 0)
  }

  @Test func theSameSeedGivesTheSameIntervalAndAnotherSeedAnother() {
    let data = pairs(120) { $0 % 7 == 0 ? 2 : ($0 % 11 == 0 ? -1 : 0) }
    let first = PairedBootstrap.cerDifference(data, confidence: 0.95, resamples: 3000, seed: 1)
    let again = PairedBootstrap.cerDifference(data, confidence: 0.95, resamples: 3000, seed: 1)
    let other = PairedBootstrap.cerDifference(data, confidence: 0.95, resamples: 3000, seed: 2)
    #expect(first == again)
    #expect(first != other)
  }

  @Test func aBroadIncreaseLiesWhollyAboveZeroAndContainsThePointEstimate() {
    // Every third image gains two edits: +4/3 edits per 50 characters on average, ≈ +2.67 points.
    let data = pairs(90) { $0 % 3 == 0 ? 2 : 0 }
    let interval = PairedBootstrap.cerDifference(data, confidence: 0.95, resamples: 4000)
    let point =
      (Double(data.reduce(0) { $0 + $1.runEdits }) - Double(data.reduce(0) { $0 + $1.baselineEdits }))
      / Double(data.reduce(0) { $0 + $1.baselineLength })
    #expect(interval.lower > 0)
    #expect(interval.lower < point && point < interval.upper)
  }

  @Test func aSingleChangedImageAmongManyIsNotSignificant() {
    let data = pairs(100) { $0 == 17 ? 3 : 0 }
    let interval = PairedBootstrap.cerDifference(data, confidence: 0.95, resamples: 4000)
    #expect(interval.lower == 0, "left out of about a third of the resamples, the image cannot be certain")
    #expect(interval.upper > 0)
  }

  @Test func widerConfidenceGivesAWiderInterval() {
    let data = pairs(60) { $0 % 5 == 0 ? 1 : ($0 % 7 == 0 ? -1 : 0) }
    let narrow = PairedBootstrap.cerDifference(data, confidence: 0.8, resamples: 4000)
    let wide = PairedBootstrap.cerDifference(data, confidence: 0.99, resamples: 4000)
    #expect(wide.lower <= narrow.lower)
    #expect(wide.upper >= narrow.upper)
  }

  @Test func quantileInterpolatesBetweenRanks() {
    #expect(Statistics.quantile([0, 10], 0.25) == 2.5)
    #expect(Statistics.quantile([1, 2, 3, 4, 5], 0.5) == 3)
    #expect(Statistics.quantile([7], 0.9) == 7)
  }
}
