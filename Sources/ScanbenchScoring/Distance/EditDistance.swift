/// Levenshtein distance (unit-cost substitutions, insertions and deletions) between symbol sequences.
public enum EditDistance {
  /// The distance, by the bit-parallel algorithm: common prefix and suffix stripped, then Myers/Hyyrö over
  /// 64-unit words, in Ukkonen's band of a bound that doubles until the distance fits within it.
  public static func distance(_ a: [Int32], _ b: [Int32]) -> Int {
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        distance(a, b)
      }
    }
  }

  /// The textbook dynamic programme, O(|a|·|b|) time: the reference the fast path is tested against.
  public static func referenceDistance(_ a: [Int32], _ b: [Int32]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// Diagonal transition may do this many steps per unit of the two sequences, and for each unit of
  /// distance reached as many as the band's doubling would spend for it (about 2 · shorter / 64 words),
  /// before the bit-parallel kernel takes over: little next to the band when it fails.
  static let diagonalWorkPerUnit = 8

  /// `diagonalWorkFactor` 0 leaves it all to the bit-parallel kernel (the tests compare the two).
  static func distance(
    _ a: UnsafeBufferPointer<Int32>, _ b: UnsafeBufferPointer<Int32>,
    denseLimit: Int = PatternMatchTable.defaultDenseLimit,
    diagonalWorkFactor: Int = EditScriptBuilder.defaultDiagonalWorkFactor
  ) -> Int {
    let (a, b) = CommonAffix.stripped(a, b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    if diagonalWorkFactor > 0,
      let distance = DiagonalTransition.distance(
        a, b, workLimit: diagonalWorkPerUnit * (a.count + b.count) + 4096,
        workPerCost: diagonalWorkFactor * min(a.count, b.count) / 32)
    {
      return distance
    }
    let symbols = DenseSymbols(a, b)
    return symbols.first.withUnsafeBufferPointer { first in
      symbols.second.withUnsafeBufferPointer { second in
        denseDistance(first, second, alphabetSize: symbols.alphabetSize, denseLimit: denseLimit)
      }
    }
  }

  /// The distance between non-empty sequences of symbols below `alphabetSize`.
  static func denseDistance(
    _ a: UnsafeBufferPointer<Int32>, _ b: UnsafeBufferPointer<Int32>, alphabetSize: Int,
    denseLimit: Int = PatternMatchTable.defaultDenseLimit
  ) -> Int {
    let (shorter, longer) = a.count <= b.count ? (a, b) : (b, a)
    if shorter.count <= 64 {
      let table = PatternMatchTable(pattern: shorter, alphabetSize: alphabetSize, denseLimit: denseLimit)
      return table.withMasks(
        dense: { BandedMyers.singleWord($0, patternLength: shorter.count, text: longer) },
        hashed: { BandedMyers.singleWord($0, patternLength: shorter.count, text: longer) })
    }
    // The longer one is the pattern: the band costs about bound/64 words per column, so fewer columns
    // means less work, while the pattern's length only sizes the table.
    let table = PatternMatchTable(pattern: longer, alphabetSize: alphabetSize, denseLimit: denseLimit)
    let ceiling = longer.count
    var bound = min(ceiling, longer.count - shorter.count + 32)
    while true {
      let band = LevenshteinBand(patternLength: longer.count, textLength: shorter.count, bound: bound)
      let result = table.withMasks(
        dense: { lastScore($0, band: band, text: shorter, bound: bound, ceiling: ceiling) },
        hashed: { lastScore($0, band: band, text: shorter, bound: bound, ceiling: ceiling) })
      // Above the bound the banded value is only an upper bound; at the ceiling the band is complete.
      if let result, result <= bound || bound >= ceiling { return result }
      bound = min(ceiling, bound * 2)
    }
  }

  /// D[m][n] computed in the band, or `nil` once it is sure to exceed `bound` (not at the ceiling,
  /// where the band holds every path).
  private static func lastScore<Masks: PatternMasks>(
    _ masks: Masks, band: LevenshteinBand, text: UnsafeBufferPointer<Int32>, bound: Int, ceiling: Int
  ) -> Int? {
    var recorder = NoRecording()
    let state = BandedMyers.run(
      masks, band: band, text: text, through: text.count, recorder: &recorder,
      giveUpAbove: bound < ceiling ? bound : nil)
    return state.abandoned ? nil : state.lastRowValue(patternLength: band.patternLength)
  }
}

/// The shared prefix and suffix of two sequences, which never change their distance.
enum CommonAffix {
  static func lengths(_ a: UnsafeBufferPointer<Int32>, _ b: UnsafeBufferPointer<Int32>) -> (
    prefix: Int, suffix: Int
  ) {
    let limit = min(a.count, b.count)
    var prefix = 0
    while prefix < limit && a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
    return (prefix, suffix)
  }

  static func stripped(_ a: UnsafeBufferPointer<Int32>, _ b: UnsafeBufferPointer<Int32>) -> (
    UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>
  ) {
    let (prefix, suffix) = lengths(a, b)
    return (
      UnsafeBufferPointer(rebasing: a[prefix..<(a.count - suffix)]),
      UnsafeBufferPointer(rebasing: b[prefix..<(b.count - suffix)])
    )
  }
}
