/// Two symbol sequences renumbered so that the symbols are `0..<alphabetSize`.
///
/// The pattern tables of the bit-parallel algorithm are indexed by symbol, so callers' ids (which may be
/// Unicode scalar values or any other `Int32`) are renumbered first, in order of first appearance.
struct DenseSymbols {
  var first: [Int32]
  var second: [Int32]
  var alphabetSize: Int

  init(_ first: UnsafeBufferPointer<Int32>, _ second: UnsafeBufferPointer<Int32>) {
    var low = Int32.max
    var high = Int32.min
    for symbol in first {
      low = min(low, symbol)
      high = max(high, symbol)
    }
    for symbol in second {
      low = min(low, symbol)
      high = max(high, symbol)
    }
    guard low <= high else {
      self.first = []
      self.second = []
      self.alphabetSize = 0
      return
    }
    let span = Int(high) - Int(low) + 1
    // A lookup table is fastest while it stays small next to the inputs; otherwise hash.
    if span <= max(1024, 4 * (first.count + second.count)) {
      var renumbering = [Int32](repeating: -1, count: span)
      var nextID: Int32 = 0
      func renumber(_ symbols: UnsafeBufferPointer<Int32>) -> [Int32] {
        renumbering.withUnsafeMutableBufferPointer { table in
          [Int32](unsafeUninitializedCapacity: symbols.count) { output, initialized in
            for (position, symbol) in symbols.enumerated() {
              let slot = Int(symbol) - Int(low)
              if table[slot] < 0 {
                table[slot] = nextID
                nextID += 1
              }
              output[position] = table[slot]
            }
            initialized = symbols.count
          }
        }
      }
      self.first = renumber(first)
      self.second = renumber(second)
      self.alphabetSize = Int(nextID)
    } else {
      var renumbering = SymbolHashMap(expectedCount: first.count + second.count)
      self.first = first.map { renumbering.denseID(for: $0) }
      self.second = second.map { renumbering.denseID(for: $0) }
      self.alphabetSize = renumbering.count
    }
  }
}

/// An open-addressing map from arbitrary `Int32` symbols to dense ids; faster than `Dictionary` here
/// because it neither hashes generically nor allocates per entry.
struct SymbolHashMap {
  private var keys: [Int32]
  private var values: [Int32]
  private let slotMask: Int
  private(set) var count = 0

  init(expectedCount: Int) {
    var capacity = 16
    while capacity < 2 * expectedCount { capacity <<= 1 }
    keys = [Int32](repeating: 0, count: capacity)
    values = [Int32](repeating: -1, count: capacity)
    slotMask = capacity - 1
  }

  mutating func denseID(for symbol: Int32) -> Int32 {
    var slot =
      Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: symbol)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
      & slotMask
    while values[slot] >= 0 {
      if keys[slot] == symbol { return values[slot] }
      slot = (slot + 1) & slotMask
    }
    keys[slot] = symbol
    values[slot] = Int32(count)
    count += 1
    return values[slot]
  }
}
