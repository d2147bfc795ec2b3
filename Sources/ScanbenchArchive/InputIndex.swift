import Foundation
import ScanbenchSupport

/// What a first, header-only pass over an input finds: how many images, and which ground-truth
/// entries pair with which image, so pairing does not depend on the order of entries.
public struct InputIndex: Sendable {
  public var input: String
  public var imageCount = 0
  /// Images in the input whatever the shard: none at all means a wrong path, not an idle shard.
  public var imagesInAllShards = 0
  /// Image stem → path of its ground-truth entry: of several, the one `EntryName.textFileNames`
  /// ranks first (`NAME.gt.txt`, `NAME.gt.xml`, …, then `NAME.txt`, `NAME.page.xml`, `NAME.xml`, …).
  public var groundTruth: [String: String] = [:]
  /// Image stem → how many images share it (`a.png` and `a.jpg`), so a text is kept until used.
  public var imagesPerStem: [String: Int] = [:]
  /// Hard links the main pass serves as the files they link to: link path → target path. Only
  /// links named as this shard's images or as ground truth in use.
  public var hardLinks: [String: String] = [:]
  /// Set when the pass hit a broken archive: the main pass reads what comes before it.
  public var error: ArchiveError?
  /// `NAME.gt.txt` entries, whatever the shard (`NAME.txt` is ground truth only beside an image).
  public var groundTruthFiles = 0
  /// Ground-truth entries beside an image of any shard: none, with `groundTruthFiles` > 0, means
  /// the ground truth is misnamed or belongs to other images.
  public var pairedGroundTruthFiles = 0
  /// The first few `NAME.gt.txt` that pair with no image, and the first few images: for the
  /// message when nothing pairs.
  public var unpairedGroundTruthExamples: [String] = []
  public var imageExamples: [String] = []
  static let examples = 3
  /// The image paths of every shard, summed as SHA-256 digests in four 64-bit lanes: the same
  /// whatever the order of entries, so shards of one corpus agree and shards of two do not.
  private var imagePathSum: [UInt64] = [0, 0, 0, 0]

  /// A digest of the input's images (their paths, in every shard), for `merge` to tell shards of
  /// other inputs apart.
  public var imagesDigest: String {
    imagePathSum.map { lane in
      let hex = String(lane, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  mutating func addToDigest(_ path: String) {
    let hex = Array(SHA256.hex(Data(path.utf8)).utf8)
    for lane in 0..<4 {
      let value = UInt64(String(decoding: hex[(lane * 16)..<(lane * 16 + 16)], as: UTF8.self), radix: 16) ?? 0
      imagePathSum[lane] &+= value
    }
  }

  /// Reads only headers (libarchive skips entry bodies; zip and 7z seek past them). With a shard,
  /// only the shard's images count, and only their ground truth is kept. `isCancelled` is asked
  /// between entries: a huge compressed archive must not keep an interrupted run waiting.
  public static func scan(_ input: String, shard: Shard? = nil, isCancelled: () -> Bool = { false }) throws
    -> InputIndex
  {
    let source = try InputOpener.open(input)
    var index = InputIndex(input: input)
    // Stem → (rank, path) of the best-ranked file so far, names that say ground truth apart.
    var marked: [String: (rank: Int, path: String)] = [:]
    var plainText: [String: (rank: Int, path: String)] = [:]
    var groundTruthLinks: [String: String] = [:]
    var stemsInAllShards: Set<String> = []
    do {
      while !isCancelled(), let header = try source.nextEntry() {
        // A hard link is an entry like any other (its target's bytes); other kinds have no role.
        let link = header.kind == .hardlink ? header.linkTarget : nil
        guard header.kind == .file || link != nil else { continue }
        switch EntryName.role(of: header.path) {
        case .image(let stem):
          index.imagesInAllShards += 1
          index.addToDigest(header.path)
          if shard != nil { stemsInAllShards.insert(stem) }
          if index.imageExamples.count < examples { index.imageExamples.append(header.path) }
          guard shard?.contains(header.path) ?? true else { continue }
          index.imageCount += 1
          index.imagesPerStem[stem, default: 0] += 1
          if let link { index.hardLinks[header.path] = link }
        case .groundTruth(let stem, let isPreferred):
          if let link { groundTruthLinks[header.path] = link }
          let rank = EntryName.textFile(header.path)?.name.rank ?? Int.max
          if isPreferred {
            if rank < marked[stem]?.rank ?? Int.max { marked[stem] = (rank, header.path) }
          } else if rank < plainText[stem]?.rank ?? Int.max {
            plainText[stem] = (rank, header.path)
          }
        case .other:
          break
        }
      }
    } catch let error as ArchiveError {
      if source.entriesRead == 0 { throw error }
      index.error = error
    }
    for (stem, file) in marked { index.groundTruth[stem] = file.path }
    index.countPairs(
      preferred: index.groundTruth, plain: plainText.mapValues(\.path),
      imageStems: shard == nil ? Set(index.imagesPerStem.keys) : stemsInAllShards)
    for (stem, file) in plainText where index.groundTruth[stem] == nil && index.imagesPerStem[stem] != nil {
      index.groundTruth[stem] = file.path
    }
    if shard != nil {
      // Ground truth of other shards' images is not read; multi-page TIFF stems (`NAME.page-K`) stay.
      index.groundTruth = index.groundTruth.filter { stem, _ in
        index.imagesPerStem[stem] != nil || index.imagesPerStem[Self.documentStem(of: stem)] != nil
      }
    }
    for path in index.groundTruth.values { index.hardLinks[path] = groundTruthLinks[path] }
    return index
  }

  /// How much ground truth there is and how much of it pairs with an image of any shard.
  private mutating func countPairs(
    preferred: [String: String], plain: [String: String], imageStems: Set<String>
  ) {
    func pairs(_ stem: String) -> Bool {
      imageStems.contains(stem) || imageStems.contains(Self.documentStem(of: stem))
    }
    groundTruthFiles = preferred.count
    pairedGroundTruthFiles = preferred.keys.filter(pairs).count + plain.keys.filter(pairs).count
    unpairedGroundTruthExamples = Array(
      preferred.filter { !pairs($0.key) }.values.sorted().prefix(Self.examples))
  }

  /// `scan.page-2` → `scan`: the TIFF a page's ground truth belongs to.
  static func documentStem(of stem: String) -> String {
    guard let range = stem.range(of: ".page-", options: .backwards) else { return stem }
    return String(stem[..<range.lowerBound])
  }
}
