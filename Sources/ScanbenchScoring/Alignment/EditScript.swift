/// One step of an alignment, unit by unit: ground truth (the pattern) against the recognized text.
enum EditStep: UInt8 {
  case equal
  case substitute
  /// A unit of the recognized text that the ground truth lacks.
  case insert
  /// A unit of the ground truth that the recognized text lacks.
  case delete
}

/// An optimal alignment of two symbol sequences in bounded memory: Hirschberg's divide and conquer over
/// the banded bit-parallel algorithm, with a traceback through recorded bit vectors once a piece is small.
///
/// Every piece is cut at the middle column of the recognized text: one pass from the start and one
/// over both sequences reversed give, for each ground-truth row, the cost of the best path through that
/// point; the lowest of the cheapest rows splits the piece into two with known costs. Memory is the
/// pattern tables and one recorded piece (at most `recordLimit` block-columns of 32 bytes), never the
/// whole matrix.
///
/// The two passes are diagonal transition's (`DiagonalTransition`) while that stays cheaper than the
/// band, as it does when the edits are sparse, and the banded bit-parallel kernel's otherwise. Both
/// give the same costs at every row an optimal path crosses, so the split, and with it every step, is
/// the same whichever ran.
struct EditScriptBuilder {
  static let defaultRecordLimit = 1 << 16
  /// Diagonal transition may do this many steps per block-column the band would compute before the
  /// band takes over (a step is a few instructions, a block-column a few dozen).
  static let defaultDiagonalWorkFactor = 2

  private let denseLimit: Int
  private let recordLimit: Int
  private let diagonalWorkFactor: Int
  private(set) var steps: [EditStep] = []

  /// `diagonalWorkFactor` 0 leaves every split to the band (the tests compare the two).
  init(
    denseLimit: Int = PatternMatchTable.defaultDenseLimit, recordLimit: Int = defaultRecordLimit,
    diagonalWorkFactor: Int = defaultDiagonalWorkFactor
  ) {
    self.denseLimit = denseLimit
    self.recordLimit = recordLimit
    self.diagonalWorkFactor = diagonalWorkFactor
  }

  /// Appends the steps aligning `groundTruth` with `recognized`; `bound` must be at least their distance
  /// (the tighter, the narrower the band). Returns the distance.
  @discardableResult
  mutating func align(
    _ groundTruth: UnsafeBufferPointer<Int32>, _ recognized: UnsafeBufferPointer<Int32>, bound: Int
  ) -> Int {
    let (prefix, suffix) = CommonAffix.lengths(groundTruth, recognized)
    append(.equal, count: prefix)
    let pattern = UnsafeBufferPointer(rebasing: groundTruth[prefix..<(groundTruth.count - suffix)])
    let text = UnsafeBufferPointer(rebasing: recognized[prefix..<(recognized.count - suffix)])
    let distance: Int
    if pattern.isEmpty || text.isEmpty {
      append(.insert, count: text.count)
      append(.delete, count: pattern.count)
      distance = pattern.count + text.count
    } else {
      let bound = max(bound, abs(pattern.count - text.count))
      let band = LevenshteinBand(patternLength: pattern.count, textLength: text.count, bound: bound)
      if text.count < 2 || band.blockColumnEstimate <= recordLimit
        || band.blockColumnCount <= recordLimit
      {
        distance = tracebackPiece(pattern, text, band: band)
      } else if let split = diagonalSplit(pattern, text, bound: bound, band: band) {
        distance = split
      } else {
        distance = splitPiece(pattern, text, band: band)
      }
    }
    append(.equal, count: suffix)
    return distance
  }

  /// Room for a whole alignment's steps, so that they are not copied as they grow.
  mutating func reserveSteps(_ count: Int) {
    steps.reserveCapacity(count)
  }

  private mutating func append(_ step: EditStep, count: Int) {
    if count > 0 { steps.append(contentsOf: repeatElement(step, count: count)) }
  }

  // MARK: Hirschberg split

  /// The split by diagonal transition; nil (nothing appended) when its passes would cost more than the
  /// band's.
  private mutating func diagonalSplit(
    _ pattern: UnsafeBufferPointer<Int32>, _ text: UnsafeBufferPointer<Int32>, bound: Int,
    band: LevenshteinBand
  ) -> Int? {
    guard diagonalWorkFactor > 0 else { return nil }
    let workLimit = diagonalWorkFactor * band.blockColumnEstimate
    let middle = text.count / 2
    guard
      let forward = DiagonalTransition.columnCosts(
        pattern, text, column: middle, maxCost: bound, reversed: false, workLimit: workLimit),
      let backward = DiagonalTransition.columnCosts(
        pattern, text, column: text.count - middle, maxCost: bound, reversed: true, workLimit: workLimit)
    else { return nil }
    // Row r of the middle column is diagonal middle − r from the start, and diagonal
    // (n − middle) − (m − r) from the end; the lowest of the cheapest rows, as `splitPiece` takes.
    let patternLength = pattern.count
    var bestRow = 0
    var bestCost = Int.max
    var bestLeft = 0
    for row in max(0, middle - bound)...min(patternLength, middle + bound) {
      let left = forward[middle - row + bound]
      let backwardDiagonal = (text.count - middle) - (patternLength - row)
      guard left != Int.max, abs(backwardDiagonal) <= bound else { continue }
      let right = backward[backwardDiagonal + bound]
      if right != Int.max && left + right < bestCost {
        bestCost = left + right
        bestRow = row
        bestLeft = left
      }
    }
    guard bestCost != Int.max else { return nil }
    return alignHalves(pattern, text, splitRow: bestRow, middle: middle, leftCost: bestLeft, cost: bestCost)
  }

  private mutating func splitPiece(
    _ pattern: UnsafeBufferPointer<Int32>, _ text: UnsafeBufferPointer<Int32>, band: LevenshteinBand
  ) -> Int {
    let middle = text.count / 2
    var noRecording = NoRecording()
    let forward = run(pattern, text, band: band, through: middle, recorder: &noRecording)
      .values(patternLength: pattern.count)
    let reversedPattern = Array(pattern.reversed())
    let reversedText = Array(text.reversed())
    let backward = reversedPattern.withUnsafeBufferPointer { reversedPattern in
      reversedText.withUnsafeBufferPointer { reversedText in
        run(reversedPattern, reversedText, band: band, through: text.count - middle, recorder: &noRecording)
          .values(patternLength: pattern.count)
      }
    }
    // Row i of the forward column meets row m − i of the backward one.
    let patternLength = pattern.count
    let lowestRow = max(forward.firstRow, patternLength - (backward.firstRow + backward.values.count - 1))
    let highestRow = min(forward.firstRow + forward.values.count - 1, patternLength - backward.firstRow)
    var bestRow = lowestRow
    var bestCost = Int.max
    var bestLeft = 0
    for row in stride(from: lowestRow, through: highestRow, by: 1) {
      let left = forward.values[row - forward.firstRow]
      let right = backward.values[patternLength - row - backward.firstRow]
      if left + right < bestCost {
        bestCost = left + right
        bestRow = row
        bestLeft = left
      }
    }
    // Only a bound below the true distance can leave the two columns without a common row; the full
    // band then still finds the split (callers pass the distance, so this is a safety net).
    guard bestCost != Int.max else {
      let fullBand = LevenshteinBand(
        patternLength: pattern.count, textLength: text.count, bound: max(pattern.count, text.count))
      return splitPiece(pattern, text, band: fullBand)
    }
    return alignHalves(pattern, text, splitRow: bestRow, middle: middle, leftCost: bestLeft, cost: bestCost)
  }

  /// Aligns the two halves of a split: the pattern cut at `splitRow`, the text at `middle`; the
  /// left half costs `leftCost` of the split's `cost`.
  private mutating func alignHalves(
    _ pattern: UnsafeBufferPointer<Int32>, _ text: UnsafeBufferPointer<Int32>, splitRow: Int, middle: Int,
    leftCost: Int, cost: Int
  ) -> Int {
    let leftDistance = align(
      UnsafeBufferPointer(rebasing: pattern[0..<splitRow]), UnsafeBufferPointer(rebasing: text[0..<middle]),
      bound: leftCost)
    let rightDistance = align(
      UnsafeBufferPointer(rebasing: pattern[splitRow...]), UnsafeBufferPointer(rebasing: text[middle...]),
      bound: cost - leftCost)
    return leftDistance + rightDistance
  }

  // MARK: Traceback

  private mutating func tracebackPiece(
    _ pattern: UnsafeBufferPointer<Int32>, _ text: UnsafeBufferPointer<Int32>, band: LevenshteinBand
  ) -> Int {
    var recorder = MatrixRecorder(columns: text.count, blockColumns: band.blockColumnCount)
    let state = run(pattern, text, band: band, through: text.count, recorder: &recorder)
    let distance = state.lastRowValue(patternLength: pattern.count)
    var reversedSteps: [EditStep] = []
    reversedSteps.reserveCapacity(pattern.count + text.count)
    var row = pattern.count
    var column = text.count
    var cost = distance
    while row > 0 && column > 0 {
      // A match is always on some optimal path, and the cheapest way to show one.
      if pattern[row - 1] == text[column - 1] {
        reversedSteps.append(.equal)
        row -= 1
        column -= 1
        continue
      }
      let firstBlock = band.firstBlock(column: column)
      let up = cost - recorder.vertical(row: row, column: column, firstBlock: firstBlock)
      // Above the first block, the run assumed the row grows by one per column.
      let aboveIsComputed = row - 1 >= 1 && (row - 2) >> 6 >= firstBlock
      let horizontalAbove =
        aboveIsComputed ? recorder.horizontal(row: row - 1, column: column, firstBlock: firstBlock) : 1
      let diagonal = up - horizontalAbove
      // Preference at ties: a substitution reads better than an insertion and a deletion.
      if diagonal == cost - 1 {
        reversedSteps.append(.substitute)
        row -= 1
        column -= 1
      } else if up == cost - 1 {
        reversedSteps.append(.delete)
        row -= 1
      } else {
        assert(recorder.horizontal(row: row, column: column, firstBlock: firstBlock) == 1)
        reversedSteps.append(.insert)
        column -= 1
      }
      cost -= 1
    }
    assert(cost == row + column)
    append(.insert, count: column)
    append(.delete, count: row)
    steps.append(contentsOf: reversedSteps.reversed())
    return distance
  }

  // MARK: Running the kernel on one piece

  /// Renumbers the piece's symbols locally (so the pattern table has rows only for symbols of this
  /// pattern, plus one empty row for the rest) and runs the banded kernel.
  private mutating func run<Recorder: BlockRecorder>(
    _ pattern: UnsafeBufferPointer<Int32>, _ text: UnsafeBufferPointer<Int32>, band: LevenshteinBand,
    through column: Int, recorder: inout Recorder
  ) -> ColumnState {
    var localSymbols = SymbolHashMap()
    var localPattern = [Int32](repeating: 0, count: pattern.count)
    var localText = [Int32](repeating: 0, count: column)
    for (position, symbol) in pattern.enumerated() {
      localPattern[position] = localSymbols.denseID(for: symbol)
    }
    let localCount = Int32(localSymbols.count)
    for position in 0..<column {
      localText[position] = localSymbols.id(of: text[position]) ?? localCount
    }
    let alphabetSize = Int(localCount) + 1
    return localPattern.withUnsafeBufferPointer { localPattern in
      localText.withUnsafeBufferPointer { localText in
        let table = PatternMatchTable(
          pattern: localPattern, alphabetSize: alphabetSize, denseLimit: denseLimit)
        return table.withMasks(
          dense: { BandedMyers.run($0, band: band, text: localText, through: column, recorder: &recorder) },
          hashed: { BandedMyers.run($0, band: band, text: localText, through: column, recorder: &recorder) })
      }
    }
  }
}

/// Keeps, for every column, the vertical and horizontal delta vectors of each computed block.
struct MatrixRecorder: BlockRecorder {
  /// Four words per block-column: vertical +1, vertical −1, horizontal +1, horizontal −1.
  private var words: [UInt64]
  /// Index (in block-columns) of each column's first block; entry 0 unused.
  private var columnStarts: [Int]
  private var nextBlockColumn = 0

  init(columns: Int, blockColumns: Int) {
    words = [UInt64](repeating: 0, count: 4 * blockColumns)
    columnStarts = [Int](repeating: 0, count: columns + 1)
  }

  @inline(__always)
  mutating func beginColumn(_ column: Int) {
    columnStarts[column] = nextBlockColumn
  }

  @inline(__always)
  mutating func record(vertical: (UInt64, UInt64), horizontal: (UInt64, UInt64)) {
    let base = 4 * nextBlockColumn
    words[base] = vertical.0
    words[base + 1] = vertical.1
    words[base + 2] = horizontal.0
    words[base + 3] = horizontal.1
    nextBlockColumn += 1
  }

  /// D[row][column] − D[row − 1][column] (row ≥ 1, inside the column's computed blocks).
  func vertical(row: Int, column: Int, firstBlock: Int) -> Int {
    delta(row: row, column: column, firstBlock: firstBlock, offset: 0)
  }

  /// D[row][column] − D[row][column − 1].
  func horizontal(row: Int, column: Int, firstBlock: Int) -> Int {
    delta(row: row, column: column, firstBlock: firstBlock, offset: 2)
  }

  private func delta(row: Int, column: Int, firstBlock: Int, offset: Int) -> Int {
    let base = 4 * (columnStarts[column] + ((row - 1) >> 6) - firstBlock) + offset
    let bit = UInt64((row - 1) & 63)
    return Int((words[base] >> bit) & 1) - Int((words[base + 1] >> bit) & 1)
  }
}
