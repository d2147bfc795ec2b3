/// For each symbol and each 64-unit block of the pattern, the bits of the positions that hold it:
/// the "pattern match vectors" of Myers' and Hyyrö's algorithms.
///
/// Dense (symbol × block array) while that stays within `denseLimit` words; otherwise a hash table with
/// one entry per (symbol, block) pair that occurs, so a long page in a large alphabet (Japanese) does not
/// need a table of alphabet × blocks words.
struct PatternMatchTable {
  static let defaultDenseLimit = 1 << 21

  let blockCount: Int
  private let storage: Storage

  private enum Storage {
    case dense([UInt64])
    case hashed(keys: [UInt64], masks: [UInt64])
  }

  init(pattern: UnsafeBufferPointer<Int32>, alphabetSize: Int, denseLimit: Int = defaultDenseLimit) {
    blockCount = (pattern.count + 63) >> 6
    let blockCount = blockCount
    if alphabetSize * blockCount <= denseLimit {
      var table = [UInt64](repeating: 0, count: max(1, alphabetSize * blockCount))
      table.withUnsafeMutableBufferPointer { table in
        for (position, symbol) in pattern.enumerated() {
          table[Int(symbol) &* blockCount &+ (position >> 6)] |= 1 &<< UInt64(position & 63)
        }
      }
      storage = .dense(table)
    } else {
      var capacity = 16
      while capacity < 2 * pattern.count { capacity <<= 1 }
      var keys = [UInt64](repeating: HashedMasks.emptyKey, count: capacity)
      var masks = [UInt64](repeating: 0, count: capacity)
      let slotMask = capacity - 1
      for (position, symbol) in pattern.enumerated() {
        let key = HashedMasks.key(symbol, block: position >> 6)
        var slot = HashedMasks.slot(for: key, slotMask: slotMask)
        while keys[slot] != HashedMasks.emptyKey && keys[slot] != key {
          slot = (slot + 1) & slotMask
        }
        keys[slot] = key
        masks[slot] |= 1 &<< UInt64(position & 63)
      }
      storage = .hashed(keys: keys, masks: masks)
    }
  }

  /// Calls `body` with a specialised, pointer-based view of the table; the kernels are generic over it.
  func withMasks<Result>(
    dense: (DenseMasks) -> Result, hashed: (HashedMasks) -> Result
  ) -> Result {
    switch storage {
    case .dense(let table):
      return table.withUnsafeBufferPointer { table in
        dense(DenseMasks(table: table, blockCount: blockCount))
      }
    case .hashed(let keys, let masks):
      return keys.withUnsafeBufferPointer { keys in
        masks.withUnsafeBufferPointer { masks in
          hashed(
            HashedMasks(keys: keys, masks: masks, slotMask: keys.count - 1))
        }
      }
    }
  }
}

protocol PatternMasks {
  /// The match bits of `symbol` in pattern block `block` (bit i = position 64·block + i).
  func mask(_ symbol: Int32, block: Int) -> UInt64
}

struct DenseMasks: PatternMasks {
  let table: UnsafeBufferPointer<UInt64>
  let blockCount: Int

  @inline(__always)
  func mask(_ symbol: Int32, block: Int) -> UInt64 {
    table[Int(symbol) &* blockCount &+ block]
  }
}

struct HashedMasks: PatternMasks {
  static let emptyKey = UInt64.max
  let keys: UnsafeBufferPointer<UInt64>
  let masks: UnsafeBufferPointer<UInt64>
  let slotMask: Int

  @inline(__always)
  static func key(_ symbol: Int32, block: Int) -> UInt64 {
    (UInt64(UInt32(bitPattern: symbol)) &<< 32) | UInt64(truncatingIfNeeded: block)
  }

  @inline(__always)
  static func slot(for key: UInt64, slotMask: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & slotMask
  }

  @inline(__always)
  func mask(_ symbol: Int32, block: Int) -> UInt64 {
    let key = Self.key(symbol, block: block)
    var slot = Self.slot(for: key, slotMask: slotMask)
    while true {
      let found = keys[slot]
      if found == key { return masks[slot] }
      if found == Self.emptyKey { return 0 }
      slot = (slot &+ 1) & slotMask
    }
  }
}
