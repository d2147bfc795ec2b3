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
/// because it neither hashes generically nor allocates per entry. It grows with the distinct symbols,
/// not with the texts, so a long text in a small alphabet keeps it small.
struct SymbolHashMap {
  private var keys: [Int32]
  private var values: [Int32]
  private var slotMask: Int
  private(set) var count = 0

  init(expectedCount: Int = 0) {
    var capacity = 16
    while capacity < 2 * min(expectedCount, 1 << 12) { capacity <<= 1 }
    keys = [Int32](repeating: 0, count: capacity)
    values = [Int32](repeating: -1, count: capacity)
    slotMask = capacity - 1
  }

  @inline(__always)
  private func slot(for symbol: Int32) -> Int {
    Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: symbol)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
      & slotMask
  }

  /// The symbol's id, given in order of first appearance.
  mutating func denseID(for symbol: Int32) -> Int32 {
    var slot = slot(for: symbol)
    while values[slot] >= 0 {
      if keys[slot] == symbol { return values[slot] }
      slot = (slot + 1) & slotMask
    }
    if 2 * (count + 1) > keys.count {
      grow()
      return denseID(for: symbol)
    }
    keys[slot] = symbol
    values[slot] = Int32(count)
    count += 1
    return values[slot]
  }

  /// The symbol's id if it has one.
  func id(of symbol: Int32) -> Int32? {
    var slot = slot(for: symbol)
    while values[slot] >= 0 {
      if keys[slot] == symbol { return values[slot] }
      slot = (slot + 1) & slotMask
    }
    return nil
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    keys = [Int32](repeating: 0, count: 2 * oldKeys.count)
    values = [Int32](repeating: -1, count: 2 * oldKeys.count)
    slotMask = keys.count - 1
    for (key, value) in zip(oldKeys, oldValues) where value >= 0 {
      var slot = slot(for: key)
      while values[slot] >= 0 { slot = (slot + 1) & slotMask }
      keys[slot] = key
      values[slot] = value
    }
  }
}
