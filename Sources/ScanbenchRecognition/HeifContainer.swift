import Foundation

/// What scanbench reads from a HEIF file's boxes itself, before libheif decodes it: whether it is a
/// HEIF file at all (by its `ftyp` brands, not its name: phones export `.HEIC` files that are JPEGs
/// and JPEGs named `.HEIC`), and which geometric transforms (`irot`, `imir`) its primary image
/// carries, which libheif applies while decoding and the store records.
///
/// Pure Swift, no C: the parser reads bytes from strangers and is fuzzed (`Tests/Fuzz/Targets`);
/// every read is bounded by the box that holds it.
public enum HeifContainer {
  /// Brands of HEIF still images and sequences (HEVC, AV1, generic): ISO/IEC 23008-12 and MIAF.
  public static let brands: Set<String> = [
    "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1", "avif", "avis",
  ]

  /// Whether the data starts with an `ftyp` box whose major or a compatible brand is a HEIF brand.
  public static func isHEIF(_ data: Data) -> Bool {
    data.withUnsafeBytes { raw in
      isHEIF(raw.bindMemory(to: UInt8.self))
    }
  }

  static func isHEIF(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let ftyp = boxes(in: bytes, range: 0..<bytes.count).first, ftyp.type == "ftyp",
      ftyp.payload.count >= 8
    else { return false }
    let payload = ftyp.payload
    var candidates = [fourCC(bytes, at: payload.lowerBound)]
    var at = payload.lowerBound + 8  // after the major brand and the minor version
    while at + 4 <= payload.upperBound {
      candidates.append(fourCC(bytes, at: at))
      at += 4
    }
    return candidates.contains { brands.contains($0) }
  }

  /// The transforms of the primary image, in the order a reader applies them, as the store shows
  /// them: `rotate 90° counter-clockwise (irot)`, `mirror about the vertical axis (imir)`.
  public static func transforms(_ data: Data) -> [String] {
    data.withUnsafeBytes { raw in
      transforms(raw.bindMemory(to: UInt8.self))
    }
  }

  static func transforms(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    let top = boxes(in: bytes, range: 0..<bytes.count)
    guard let meta = top.first(where: { $0.type == "meta" }), meta.payload.count >= 4 else { return [] }
    let children = boxes(in: bytes, range: (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
    guard let pitm = children.first(where: { $0.type == "pitm" }),
      let primary = itemID(bytes, pitm.payload),
      let iprp = children.first(where: { $0.type == "iprp" })
    else { return [] }
    let properties = boxes(in: bytes, range: iprp.payload)
    guard let ipco = properties.first(where: { $0.type == "ipco" }) else { return [] }
    let list = boxes(in: bytes, range: ipco.payload)
    var result: [String] = []
    for ipma in properties where ipma.type == "ipma" {
      for index in associations(bytes, ipma.payload, item: primary) where index >= 1 && index <= list.count {
        let property = list[index - 1]
        guard let value = property.payload.first.map({ bytes[$0] }) else { continue }
        switch property.type {
        case "irot": result.append("rotate \(Int(value & 3) * 90)° counter-clockwise (irot)")
        case "imir":
          result.append(
            value & 1 == 0
              ? "mirror about the vertical axis (imir)" : "mirror about the horizontal axis (imir)")
        default: break
        }
      }
    }
    return result
  }

  struct Box {
    var type: String
    var payload: Range<Int>
  }

  /// The boxes in `range`, stopping at the first one whose size does not fit.
  static func boxes(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Box] {
    var result: [Box] = []
    var at = range.lowerBound
    while at + 8 <= range.upperBound, result.count < 4096 {
      let size32 = u32(bytes, at)
      let type = fourCC(bytes, at: at + 4)
      var header = 8
      var size: Int
      switch size32 {
      case 0: size = range.upperBound - at
      case 1:
        guard at + 16 <= range.upperBound else { return result }
        let large = UInt64(u32(bytes, at + 8)) << 32 | UInt64(u32(bytes, at + 12))
        guard large <= UInt64(range.upperBound - at) else { return result }
        size = Int(large)
        header = 16
      default: size = Int(size32)
      }
      guard size >= header, at + size <= range.upperBound else { return result }
      result.append(Box(type: type, payload: (at + header)..<(at + size)))
      at += size
    }
    return result
  }

  /// `pitm`: version and flags, then a 16-bit (version 0) or 32-bit item ID.
  static func itemID(_ bytes: UnsafeBufferPointer<UInt8>, _ payload: Range<Int>) -> Int? {
    guard payload.count >= 6 else { return nil }
    let version = bytes[payload.lowerBound]
    if version == 0 { return Int(u16(bytes, payload.lowerBound + 4)) }
    guard payload.count >= 8 else { return nil }
    return Int(u32(bytes, payload.lowerBound + 4))
  }

  /// `ipma`: the 1-based property indexes associated with `item`, in order.
  static func associations(_ bytes: UnsafeBufferPointer<UInt8>, _ payload: Range<Int>, item: Int) -> [Int] {
    guard payload.count >= 8 else { return [] }
    let version = bytes[payload.lowerBound]
    let wideIndexes = bytes[payload.lowerBound + 3] & 1 == 1
    let entries = Int(u32(bytes, payload.lowerBound + 4))
    var at = payload.lowerBound + 8
    for _ in 0..<min(entries, payload.count) {
      let idSize = version < 1 ? 2 : 4
      guard at + idSize + 1 <= payload.upperBound else { return [] }
      let id = version < 1 ? Int(u16(bytes, at)) : Int(u32(bytes, at))
      let count = Int(bytes[at + idSize])
      at += idSize + 1
      let indexSize = wideIndexes ? 2 : 1
      guard at + count * indexSize <= payload.upperBound else { return [] }
      if id == item {
        return (0..<count).map { number in
          let position = at + number * indexSize
          return wideIndexes ? Int(u16(bytes, position) & 0x7FFF) : Int(bytes[position] & 0x7F)
        }
      }
      at += count * indexSize
    }
    return []
  }

  static func u16(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt16 {
    UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
  }

  static func u32(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
    UInt32(u16(bytes, at)) << 16 | UInt32(u16(bytes, at + 2))
  }

  static func fourCC(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<(at + 4)]), as: Unicode.ASCII.self)
  }
}
