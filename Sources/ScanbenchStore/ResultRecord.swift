import Foundation
import ScanbenchSeam

/// One line of the JSON-lines store: the outcome of recognizing one image (or one page of one).
///
/// Field names are the store's public format (snake_case on disk); `schema` changes when a field's
/// meaning changes, never silently.
public struct ResultRecord: Codable, Sendable, Equatable {
  /// 2: `engine` became `{name, version, models, settings}`; `settings` and `scanbench` were added.
  /// Schema-1 lines are still read (see `EngineIdentity`).
  public static let currentSchema = 2

  public var schema: Int = ResultRecord.currentSchema
  public var kind: String = "result"
  public var run: String
  public var time: String
  public var source: String
  public var entry: String
  /// The entry's name as the archive stores it, when `entry` was decoded from a legacy encoding
  /// (a Shift_JIS zip): the encoding and the stored bytes.
  public var entryRaw: RawName?
  /// For a hard link in a tar, the earlier entry whose bytes it names (recognized under the
  /// link's own name).
  public var linkOf: String?
  public var sha256: String
  public var page: Int?
  public var profile: String
  public var lang: String
  public var text: String?
  public var confidence: Double?
  public var chars: Int?
  public var width: Int?
  public var height: Int?
  public var ms: Timings
  public var engine: EngineIdentity
  /// The run's settings outside the engine that change what a record holds (`boxes`, `barcodes`,
  /// `metric`): with `engine` and `scanbench`'s version, what `--resume` and `merge` compare.
  public var settings: [String: String]?
  /// The scanbench that wrote the record.
  public var scanbench: Provenance?
  public var gtChars: Int?
  public var edits: Int?
  public var substitutions: Int?
  public var insertions: Int?
  public var deletions: Int?
  public var cer: Double?
  /// Words of the ground truth, word-level edits and their rate (WER), beside the characters'.
  public var gtWords: Int?
  public var wordEdits: Int?
  public var wer: Double?
  public var metric: String?
  /// Every recognized word and line with its box (`--boxes`).
  public var words: [TextBox]?
  public var lines: [TextBox]?
  /// The blocks and paragraphs the lines are in, when the engine says (`--boxes`).
  public var blocks: [TextBlock]?
  /// QR codes and barcodes decoded in the image (`--barcodes`).
  public var barcodes: [Barcode]?
  public var error: Failure?
  /// How the image was turned upright (EXIF, HEIF, orientation detection); nil when it was not.
  public var orientation: Orientation?
  /// When the photo was taken, from its EXIF `DateTimeOriginal` (a JPEG's, or a HEIF file's Exif
  /// item): `2019-07-14T12:34:56`, with `+09:00` when the file records the offset. Range-checked
  /// (`CaptureDate`); nil when the image says nothing usable.
  public var capturedAt: String?

  public struct Timings: Codable, Sendable, Equatable {
    public var decode: Double
    public var recognize: Double
    public var score: Double
    /// Scanning for barcodes, when asked for.
    public var barcodes: Double?
    /// Orientation detection (accurate profile), when it ran.
    public var osd: Double?
    /// The part of `recognize` inside the engine's models (CPU time), for engines that tell it.
    public var inference: Double?

    public init(
      decode: Double = 0, recognize: Double = 0, score: Double = 0, barcodes: Double? = nil,
      osd: Double? = nil, inference: Double? = nil
    ) {
      self.decode = decode
      self.recognize = recognize
      self.score = score
      self.barcodes = barcodes
      self.osd = osd
      self.inference = inference
    }
  }

  public struct Failure: Codable, Sendable, Equatable {
    public var kind: String
    public var message: String

    public init(kind: String, message: String) {
      self.kind = kind
      self.message = message
    }
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case schema, kind, run, time, source, entry
    case entryRaw = "entry_raw"
    case linkOf = "link_of"
    case sha256, page, profile, lang, text, confidence, chars
    case width, height, ms, engine, settings, scanbench
    case gtChars = "gt_chars"
    case edits, substitutions, insertions, deletions, cer, metric, words, lines, blocks, barcodes, error
    case orientation
    case gtWords = "gt_words"
    case wordEdits = "word_edits"
    case wer
    case capturedAt = "captured_at"
  }

  public init(
    run: String, time: String, source: String, entry: String, sha256: String, page: Int? = nil,
    profile: String, lang: String, engine: EngineIdentity
  ) {
    self.run = run
    self.time = time
    self.source = source
    self.entry = entry
    self.sha256 = sha256
    self.page = page
    self.profile = profile
    self.lang = lang
    self.ms = Timings()
    self.engine = engine
  }

  public var succeeded: Bool { error == nil }
}

/// A name as stored, decoded from a legacy encoding.
public struct RawName: Codable, Sendable, Hashable {
  /// `CP932`.
  public var encoding: String
  /// The stored bytes, lower-case hex.
  public var hex: String

  public init(encoding: String, hex: String) {
    self.encoding = encoding
    self.hex = hex
  }
}

/// Which scanbench wrote a line: its version and the commit it was built from.
public struct Provenance: Codable, Sendable, Hashable {
  public var version: String
  /// The git commit, with `+changes` when the tree had uncommitted changes; `unknown` when the
  /// binary was not built from a git checkout.
  public var commit: String

  public init(version: String, commit: String) {
    self.version = version
    self.commit = commit
  }
}

/// The last line a run writes: what it did, in numbers.
public struct RunSummaryRecord: Codable, Sendable, Equatable {
  public var schema: Int = ResultRecord.currentSchema
  public var kind: String = "summary"
  public var run: String
  public var time: String
  public var sources: [String]
  public var profile: String
  public var lang: String
  public var jobs: Int
  public var images: Int
  public var succeeded: Int
  public var failed: Int
  public var skipped: Int
  public var scored: Int
  public var gtChars: Int
  public var edits: Int
  public var cerMicro: Double?
  public var cerMacro: Double?
  /// Word error rates, as `cerMicro` and `cerMacro` over words; absent from older summaries.
  public var werMicro: Double?
  public var werMacro: Double?
  public var metric: String
  public var imagesPerSecond: Double
  public var wallSeconds: Double
  public var interrupted: Bool
  public var shard: String?
  public var engine: EngineIdentity
  public var settings: [String: String]?
  public var scanbench: Provenance?
  /// The command line that made the run, as given.
  public var command: [String]?
  /// The machine it ran on.
  public var host: Host?
  /// The C libraries' versions: `tesseract`, `leptonica`, `libarchive`, `sqlite`, `onnxruntime`.
  public var libraries: [String: String]?
  /// How many images (and TIFF pages) were recognized with no ground truth to score them against.
  public var withoutGroundTruth: Int?
  /// The first `withoutGroundTruthListed` of them by entry path, sorted: enough to find a misnamed
  /// ground truth, not a million names for a photo archive.
  public var withoutGroundTruthEntries: [String]?
  /// Regular files that are neither images nor ground truth (a phone export's `.MOV` and `.AAE`
  /// sidecars): skipped, not failures. Absent when there were none.
  public var ignored: Int?
  /// `ignored` by lowercased extension (`mov`, `aae`; `""` for none).
  public var ignoredByExtension: [String: Int]?
  /// Result lines this process wrote. A resumed run's summary counts the whole run (`images`,
  /// `failed`, the scores: every record of the run, earlier ones too), so these are fewer; nil in
  /// summaries written before this field, whose counts were this process's alone.
  public var recorded: Int?
  /// Per source (in `sources`' order), a digest of the image paths it holds in every shard, the
  /// same on every machine and for every shard of one corpus: `merge` refuses shards whose inputs
  /// differ. Absent from summaries written before this field.
  public var inputDigests: [String]?

  enum CodingKeys: String, CodingKey {
    case schema, kind, run, time, sources, profile, lang, jobs, images, succeeded, failed, skipped
    case scored
    case gtChars = "gt_chars"
    case edits
    case cerMicro = "cer_micro"
    case cerMacro = "cer_macro"
    case werMicro = "wer_micro"
    case werMacro = "wer_macro"
    case metric
    case imagesPerSecond = "images_per_second"
    case wallSeconds = "wall_seconds"
    case interrupted, shard, engine, settings, scanbench, command, host, libraries, ignored, recorded
    case withoutGroundTruth = "without_ground_truth"
    case withoutGroundTruthEntries = "without_ground_truth_entries"
    case ignoredByExtension = "ignored_by_extension"
    case inputDigests = "input_digests"
  }

  public static let withoutGroundTruthListed = 1000

  /// The machine a run ran on.
  public struct Host: Codable, Sendable, Equatable {
    /// Active processors.
    public var cores: Int
    /// The CPU's model name (`/proc/cpuinfo`), when known.
    public var cpu: String?

    public init(cores: Int, cpu: String?) {
      self.cores = cores
      self.cpu = cpu
    }
  }

  public init(
    run: String, time: String, sources: [String], profile: String, lang: String, jobs: Int,
    images: Int, succeeded: Int, failed: Int, skipped: Int, scored: Int, gtChars: Int, edits: Int,
    cerMicro: Double?, cerMacro: Double?, metric: String, imagesPerSecond: Double,
    wallSeconds: Double, interrupted: Bool, shard: String?, engine: EngineIdentity,
    ignoredByExtension: [String: Int] = [:]
  ) {
    self.run = run
    self.time = time
    self.sources = sources
    self.profile = profile
    self.lang = lang
    self.jobs = jobs
    self.images = images
    self.succeeded = succeeded
    self.failed = failed
    self.skipped = skipped
    self.scored = scored
    self.gtChars = gtChars
    self.edits = edits
    self.cerMicro = cerMicro
    self.cerMacro = cerMacro
    self.metric = metric
    self.imagesPerSecond = imagesPerSecond
    self.wallSeconds = wallSeconds
    self.interrupted = interrupted
    self.shard = shard
    self.engine = engine
    let ignored = ignoredByExtension.values.reduce(0, +)
    self.ignored = ignored > 0 ? ignored : nil
    self.ignoredByExtension = ignored > 0 ? ignoredByExtension : nil
  }
}
