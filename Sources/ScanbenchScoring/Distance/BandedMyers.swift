/// Ukkonen's band: the cells that a path of cost at most `bound` can pass through.
///
/// Reaching cell (i, j) costs at least |i − j| and finishing from it at least |(m − i) − (n − j)|, so for
/// a bound k only the rows `j + lowOffset ... j + highOffset` of column j matter. Its width is about k
/// rows (not 2k): the slack left after the length difference is split between both sides.
struct LevenshteinBand {
  let patternLength: Int
  let textLength: Int
  let lowOffset: Int
  let highOffset: Int
  let blockCount: Int

  /// `bound` must be at least the length difference, which every alignment pays.
  init(patternLength: Int, textLength: Int, bound: Int) {
    self.patternLength = patternLength
    self.textLength = textLength
    let endDiagonal = patternLength - textLength
    let slack = max(0, bound - abs(endDiagonal)) / 2
    lowOffset = min(0, endDiagonal) - slack
    highOffset = max(0, endDiagonal) + slack
    blockCount = (patternLength + 63) >> 6
  }

  /// The first 64-row block holding a band row of `column` (1-based; rows are 1-based too).
  @inline(__always)
  func firstBlock(column: Int) -> Int {
    (max(1, column + lowOffset) - 1) >> 6
  }

  @inline(__always)
  func lastBlock(column: Int) -> Int {
    (min(patternLength, column + highOffset) - 1) >> 6
  }

  /// How many block-columns a run over all columns computes.
  var blockColumnCount: Int {
    var total = 0
    for column in stride(from: 1, through: textLength, by: 1) {
      total += lastBlock(column: column) - firstBlock(column: column) + 1
    }
    return total
  }

  /// An upper bound on `blockColumnCount` that costs nothing to compute.
  var blockColumnEstimate: Int {
    textLength * min(blockCount, (highOffset - lowOffset) / 64 + 2)
  }
}

/// Receives the bit vectors of every computed block, for a traceback.
protocol BlockRecorder {
  mutating func beginColumn(_ column: Int)
  mutating func record(vertical: (UInt64, UInt64), horizontal: (UInt64, UInt64))
}

/// The recorder of runs that only need the last column.
struct NoRecording: BlockRecorder {
  @inline(__always) mutating func beginColumn(_ column: Int) {}
  @inline(__always) mutating func record(vertical: (UInt64, UInt64), horizontal: (UInt64, UInt64)) {}
}

/// The bit vectors of one column of the dynamic programme, as left by `BandedMyers.run`.
struct ColumnState {
  /// Bit r of block b set: D[64b + r + 1][column] − D[64b + r][column] is +1 (resp. −1 for `negative`).
  /// Only blocks `firstBlock...lastBlock` are current.
  var positive: [UInt64]
  var negative: [UInt64]
  var firstBlock: Int
  var lastBlock: Int
  /// The value at row 64 · `firstBlock` (row 0, or the row just above the computed blocks).
  var topValue: Int
  var column: Int
  /// The run gave up before `column` reached its stop: the distance exceeds the cost it was given.
  var abandoned = false

  /// D[m][column]; the last block must be current (it always is after the last column).
  func lastRowValue(patternLength: Int) -> Int {
    var value = topValue
    for block in firstBlock...lastBlock {
      let valid = Self.validRows(block: block, patternLength: patternLength)
      value += (positive[block] & valid).nonzeroBitCount - (negative[block] & valid).nonzeroBitCount
    }
    return value
  }

  /// The values of the column for rows `firstRow ..< firstRow + values.count`: the rows of the current
  /// blocks and the row just above them (an upper bound when it lies outside the band).
  func values(patternLength: Int) -> (firstRow: Int, values: [Int]) {
    let firstRow = firstBlock << 6
    let endRow = min(patternLength, (lastBlock + 1) << 6)
    var values = [Int]()
    values.reserveCapacity(endRow - firstRow + 1)
    var value = topValue
    values.append(value)
    for block in firstBlock...lastBlock {
      let rows = min(64, patternLength - (block << 6))
      for bit in 0..<rows {
        value += Int((positive[block] >> UInt64(bit)) & 1) - Int((negative[block] >> UInt64(bit)) & 1)
        values.append(value)
      }
    }
    return (firstRow, values)
  }

  @inline(__always)
  static func validRows(block: Int, patternLength: Int) -> UInt64 {
    let rows = min(64, patternLength - (block << 6))
    return rows == 64 ? ~0 : (1 &<< UInt64(rows)) &- 1
  }
}

/// Myers' bit-parallel edit distance in Hyyrö's formulation, on 64-row blocks restricted to Ukkonen's band.
///
/// The pattern runs down the rows (64 per machine word), the text along the columns. Blocks enter the
/// band at its lower edge with the values of a fresh column (each row one more than the row above) and
/// leave it at the upper edge, after which the row above the first block is taken to grow by one per
/// column. Both are upper bounds of the true values, so every cell on a path of cost at most the bound
/// is computed exactly and D[m][n] is exact whenever it is within the bound (Hyyrö 2003; Ukkonen 1985).
enum BandedMyers {
  /// Runs columns `1...stopColumn` (`stopColumn >= 1`, pattern and text not empty).
  ///
  /// With `giveUpAbove`, stops as soon as no path of at most that cost can remain (checked every 32
  /// columns) and returns a state marked `abandoned`; the doubling search for the distance uses it to
  /// make failed bounds cheap.
  static func run<Masks: PatternMasks, Recorder: BlockRecorder>(
    _ masks: Masks, band: LevenshteinBand, text: UnsafeBufferPointer<Int32>, through stopColumn: Int,
    recorder: inout Recorder, giveUpAbove: Int? = nil
  ) -> ColumnState {
    let patternLength = band.patternLength
    let blockCount = band.blockCount
    // Plain allocations rather than arrays in closures: the loop below must keep its state in registers.
    let positive = UnsafeMutablePointer<UInt64>.allocate(capacity: blockCount)
    let negative = UnsafeMutablePointer<UInt64>.allocate(capacity: blockCount)
    defer {
      positive.deallocate()
      negative.deallocate()
    }
    var firstBlock = 0
    var lastBlock = -1
    // D at row 64 · firstBlock of the current column. Block values are not tracked in the loop: they
    // follow from this and the vectors' popcounts whenever they are needed.
    var topValue = 0
    var abandoned = false
    let giveUpCost = giveUpAbove ?? Int.max
    let endDiagonal = patternLength - band.textLength

    var column = 1
    while column <= stopColumn {
      let symbol = text[column - 1]
      let newFirstBlock = band.firstBlock(column: column)
      while firstBlock < newFirstBlock {
        // Leaving at the band's upper edge: its last row (from the previous column) becomes the top.
        topValue += positive[firstBlock].nonzeroBitCount - negative[firstBlock].nonzeroBitCount
        firstBlock += 1
      }
      // Row 0 grows by one per column; above a later first block that is the assumed upper bound.
      topValue += 1
      let newLastBlock = band.lastBlock(column: column)
      while lastBlock < newLastBlock {
        // Entering at the band's lower edge: the previous column is assumed to grow by one per row
        // below the last computed row (an upper bound; exact at column 0).
        lastBlock += 1
        positive[lastBlock] = ~0
        negative[lastBlock] = 0
      }
      recorder.beginColumn(column)

      var carryPositive: UInt64 = 1
      var carryNegative: UInt64 = 0
      var block = firstBlock
      while block <= lastBlock {
        let match = masks.mask(symbol, block: block)
        let verticalPositive = positive[block]
        let verticalNegative = negative[block]
        let x = match | carryNegative
        let diagonalZero =
          (((x & verticalPositive) &+ verticalPositive) ^ verticalPositive) | x
          | verticalNegative
        let horizontalPositive = verticalNegative | ~(diagonalZero | verticalPositive)
        let horizontalNegative = diagonalZero & verticalPositive
        // Bits past the pattern's end in its last block are never read, so every block carries bit 63.
        let shiftedPositive = (horizontalPositive << 1) | carryPositive
        let shiftedNegative = (horizontalNegative << 1) | carryNegative
        carryPositive = horizontalPositive >> 63
        carryNegative = horizontalNegative >> 63
        let newPositive = shiftedNegative | ~(diagonalZero | shiftedPositive)
        let newNegative = shiftedPositive & diagonalZero
        positive[block] = newPositive
        negative[block] = newNegative
        recorder.record(
          vertical: (newPositive, newNegative), horizontal: (horizontalPositive, horizontalNegative))
        block &+= 1
      }

      if giveUpCost != Int.max && column & 31 == 0 {
        // Every cell of a block is at least its lowest value, which is at least the value above the
        // block minus its −1 steps; finishing from row i of this column costs at least the distance
        // between its diagonal and the end's.
        var lowest = Int.max
        var above = topValue
        if firstBlock == 0 { lowest = column + abs(endDiagonal + column) }
        for block in firstBlock...lastBlock {
          let valid = ColumnState.validRows(block: block, patternLength: patternLength)
          let firstRow = (block << 6) + 1
          let lastRow = min(patternLength, (block + 1) << 6)
          let remaining = max(0, (firstRow - column) - endDiagonal, endDiagonal - (lastRow - column))
          lowest = min(lowest, above - (negative[block] & valid).nonzeroBitCount + remaining)
          above += (positive[block] & valid).nonzeroBitCount - (negative[block] & valid).nonzeroBitCount
        }
        if lowest > giveUpCost {
          abandoned = true
          break
        }
      }
      column += 1
    }
    return ColumnState(
      positive: Array(UnsafeBufferPointer(start: positive, count: blockCount)),
      negative: Array(UnsafeBufferPointer(start: negative, count: blockCount)), firstBlock: firstBlock,
      lastBlock: lastBlock, topValue: topValue, column: min(column, stopColumn), abandoned: abandoned)
  }

  /// Myers' algorithm for a pattern of at most 64 units, over the whole text with no band.
  static func singleWord<Masks: PatternMasks>(
    _ masks: Masks, patternLength: Int, text: UnsafeBufferPointer<Int32>
  ) -> Int {
    var verticalPositive: UInt64 = ~0
    var verticalNegative: UInt64 = 0
    var score = patternLength
    let lastRow = UInt64(patternLength - 1)
    for symbol in text {
      let match = masks.mask(symbol, block: 0)
      let diagonalZero =
        (((match & verticalPositive) &+ verticalPositive) ^ verticalPositive) | match
        | verticalNegative
      var horizontalPositive = verticalNegative | ~(diagonalZero | verticalPositive)
      var horizontalNegative = diagonalZero & verticalPositive
      score += Int(truncatingIfNeeded: (horizontalPositive >> lastRow) & 1)
      score -= Int(truncatingIfNeeded: (horizontalNegative >> lastRow) & 1)
      horizontalPositive = (horizontalPositive << 1) | 1
      horizontalNegative = horizontalNegative << 1
      verticalPositive = horizontalNegative | ~(diagonalZero | horizontalPositive)
      verticalNegative = horizontalPositive & diagonalZero
    }
    return score
  }
}
