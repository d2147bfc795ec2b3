/// Ukkonen's and Landau–Vishkin's diagonal transition: for each cost d in turn, how far down each
/// diagonal a path of cost at most d reaches, sliding for free along runs of equal units.
///
/// Diagonal k holds the cells (i, i + k), row i of the ground truth against column i + k of the
/// recognized text. Along a diagonal the cost never decreases, so the cells within cost d are a prefix
/// of it, ending at the row recorded for d. When the edits are sparse the slides do nearly all the work
/// and a pass costs about the length plus d² diagonal steps, where the band of the bit-parallel kernel
/// costs the length times d / 64 words; when the texts repeat themselves the slides get long, so every
/// pass has a work limit (steps plus units slid over) and gives up past it, leaving the bit-parallel
/// kernel to do the work. Either way the answers are exact.
enum DiagonalTransition {
  /// The distance, or nil when finding it would take more than `workLimit` plus `workPerCost` for each
  /// unit of the distance (what the band would spend for it).
  static func distance(
    _ rows: UnsafeBufferPointer<Int32>, _ columns: UnsafeBufferPointer<Int32>, workLimit: Int,
    workPerCost: Int = 0
  ) -> Int? {
    var observer = EndObserver(endDiagonal: columns.count - rows.count, lastRow: rows.count)
    let maxCost = affordableCost(
      rows: rows.count, columns: columns.count, workLimit: workLimit, workPerCost: workPerCost)
    guard
      run(
        ForwardSymbols(base: rows), ForwardSymbols(base: columns), maxCost: maxCost,
        workLimit: workLimit, workPerCost: workPerCost, pruning: false, observer: &observer)
    else { return nil }
    return observer.distance
  }

  /// For column `column`, the cost of reaching each of its rows from the start (or, `reversed`, of
  /// finishing from it: both sequences read backwards, rows and column counted from their ends), as
  /// an array indexed by diagonal `column − row` plus `maxCost`; `Int.max` where that cost exceeds
  /// `maxCost` — or wherever no path of cost at most `maxCost` through that row can finish: those
  /// diagonals are left behind, so their rows may show more than their cost. Nil when it would take
  /// more than `workLimit`.
  static func columnCosts(
    _ rows: UnsafeBufferPointer<Int32>, _ columns: UnsafeBufferPointer<Int32>, column: Int, maxCost: Int,
    reversed: Bool, workLimit: Int
  ) -> [Int]? {
    guard
      min(maxCost, max(rows.count, columns.count))
        <= affordableCost(rows: rows.count, columns: columns.count, workLimit: workLimit, workPerCost: 0)
    else { return nil }
    var observer = ColumnObserver(column: column, maxCost: maxCost)
    let completed =
      reversed
      ? run(
        ReversedSymbols(base: rows), ReversedSymbols(base: columns), maxCost: maxCost, workLimit: workLimit,
        workPerCost: 0, pruning: true, observer: &observer)
      : run(
        ForwardSymbols(base: rows), ForwardSymbols(base: columns), maxCost: maxCost, workLimit: workLimit,
        workPerCost: 0, pruning: true, observer: &observer)
    return completed ? observer.costs : nil
  }

  /// The highest cost a pass can reach within its work limit: cost d visits at least
  /// min(d, rows) + min(d, columns) + 1 diagonals. (The steps grow faster than the limit, so the
  /// costs within it are all those up to one.)
  static func affordableCost(rows: Int, columns: Int, workLimit: Int, workPerCost: Int) -> Int {
    func stepsUpTo(_ cost: Int, _ limit: Int) -> Int {
      cost <= limit ? cost * (cost + 1) / 2 : limit * (limit + 1) / 2 + (cost - limit) * limit
    }
    var low = 0
    var high = max(rows, columns)
    while low < high {
      let middle = (low + high + 1) / 2
      if stepsUpTo(middle, rows) + stepsUpTo(middle, columns) + middle + 1
        <= workLimit + workPerCost * middle
      {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return low
  }

  /// Runs costs 0, 1, … `maxCost` (or until the observer stops it); false when the work limit was
  /// passed first. With `pruning`, cost d skips the diagonals more than `maxCost` − d from the end's:
  /// no path through them finishes within `maxCost`. What they would have passed on only reaches
  /// cells of such paths, and the values they keep from earlier costs are still reached, so every
  /// cell of a path within `maxCost` still gets its exact cost.
  private static func run<Rows: SymbolSequence, Columns: SymbolSequence, Observer: FrontierObserver>(
    _ rows: Rows, _ columns: Columns, maxCost: Int, workLimit: Int, workPerCost: Int, pruning: Bool,
    observer: inout Observer
  ) -> Bool {
    let rowCount = rows.count
    let columnCount = columns.count
    let endDiagonal = columnCount - rowCount
    let offset = maxCost + 1
    let size = 2 * maxCost + 3
    let unreachable = Int.min / 2
    var previous = UnsafeMutablePointer<Int>.allocate(capacity: size)
    var current = UnsafeMutablePointer<Int>.allocate(capacity: size)
    previous.initialize(repeating: unreachable, count: size)
    current.initialize(repeating: unreachable, count: size)
    defer {
      previous.deallocate()
      current.deallocate()
    }
    var work = 0
    for cost in 0...maxCost {
      var lowDiagonal = max(-cost, -rowCount)
      var highDiagonal = min(cost, columnCount)
      if pruning {
        lowDiagonal = max(lowDiagonal, endDiagonal - (maxCost - cost))
        highDiagonal = min(highDiagonal, endDiagonal + (maxCost - cost))
        guard lowDiagonal <= highDiagonal else { break }
      }
      work += highDiagonal - lowDiagonal + 1
      for diagonal in lowDiagonal...highDiagonal {
        let slot = diagonal + offset
        var row = 0
        if cost > 0 {
          // A substitution, an insertion (from the diagonal to the left, same row) or a deletion (from
          // the one to the right, one row down); the cells within cost d − 1 are a prefix of each.
          row = max(previous[slot] + 1, previous[slot - 1], previous[slot + 1] + 1)
          row = min(row, rowCount, columnCount - diagonal)
        }
        let start = row
        while row < rowCount && row + diagonal < columnCount && rows[row] == columns[row + diagonal] {
          row += 1
        }
        work += row - start
        current[slot] = row
        observer.reached(cost: cost, diagonal: diagonal, row: row)
      }
      if observer.isDone { return true }
      if work > workLimit + workPerCost * cost { return false }
      swap(&previous, &current)
    }
    return true
  }
}

private protocol SymbolSequence {
  var count: Int { get }
  subscript(_ position: Int) -> Int32 { get }
}

private struct ForwardSymbols: SymbolSequence {
  let base: UnsafeBufferPointer<Int32>
  var count: Int { base.count }
  @inline(__always) subscript(_ position: Int) -> Int32 { base[position] }
}

private struct ReversedSymbols: SymbolSequence {
  let base: UnsafeBufferPointer<Int32>
  var count: Int { base.count }
  @inline(__always) subscript(_ position: Int) -> Int32 { base[base.count - 1 - position] }
}

private protocol FrontierObserver {
  /// Cost `cost` reaches down to `row` on `diagonal`.
  mutating func reached(cost: Int, diagonal: Int, row: Int)
  var isDone: Bool { get }
}

/// Stops at the first cost that reaches the last cell.
private struct EndObserver: FrontierObserver {
  let endDiagonal: Int
  let lastRow: Int
  var distance: Int?

  @inline(__always)
  mutating func reached(cost: Int, diagonal: Int, row: Int) {
    if diagonal == endDiagonal && row == lastRow && distance == nil { distance = cost }
  }

  var isDone: Bool { distance != nil }
}

/// Notes, for each row of one column, the first cost that reaches it.
private struct ColumnObserver: FrontierObserver {
  let column: Int
  let maxCost: Int
  var costs: [Int]

  init(column: Int, maxCost: Int) {
    self.column = column
    self.maxCost = maxCost
    costs = [Int](repeating: Int.max, count: 2 * maxCost + 1)
  }

  @inline(__always)
  mutating func reached(cost: Int, diagonal: Int, row: Int) {
    // Row column − diagonal of this diagonal lies in the column; it is reached once the prefix covers it.
    let target = column - diagonal
    if target >= 0 && row >= target && costs[diagonal + maxCost] == Int.max {
      costs[diagonal + maxCost] = cost
    }
  }

  var isDone: Bool { false }
}
