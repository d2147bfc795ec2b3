import Foundation
import ScanbenchArchive
import ScanbenchRecognition
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

public struct RunConfiguration: Sendable {
  /// Archives, folders or image files, as the user gave them.
  public var inputs: [String]
  /// The engine, and the orientation check when pages get one.
  public var recognition: RecognitionSetup
  /// The profile the records name: the level (`accurate`, `fast`) or the engine's own name.
  public var profile: String
  /// The language the engine reads, as records name it.
  public var language: String
  /// Workers, each with its own engine.
  public var jobs: Int
  public var store: URL
  /// Skip images whose result, made the same way (`ResultIdentity`), is in the store, and continue
  /// that run.
  public var resume = false
  public var maxEntryBytes = Defaults.maxEntryBytes
  public var maxPixels = Defaults.maxPixels
  /// Stop reading once the entries read (images and ground truth) add up to this many bytes; nil for
  /// no limit. Bounds a whole run the way `maxEntryBytes` bounds one entry.
  public var maxTotalBytes: Int?
  public var scoring = ScoringOptions.default
  public var lockPolicy = StoreWriter.LockPolicy.wait
  /// Only this shard's images (`--shard K/N`); nil for all.
  public var shard: Shard?
  /// Images held between the reader and the workers; each is one entry's bytes in memory.
  public var queueCapacity: Int?
  /// Record every word and line with its bounding box (`--boxes`).
  public var boxes = false
  /// Decode QR codes and barcodes with ZBar (`--barcodes`).
  public var barcodes = false
  /// Which scanbench runs: joins every record.
  public var scanbench = Provenance(version: "unknown", commit: "unknown")
  /// For the summary: the command line, and the C libraries' versions.
  public var commandLine: [String] = []
  public var libraries: [String: String] = [:]

  public init(
    inputs: [String], recognition: RecognitionSetup, profile: String, language: String, jobs: Int, store: URL
  ) {
    self.inputs = inputs
    self.recognition = recognition
    self.profile = profile
    self.language = language
    self.jobs = jobs
    self.store = store
  }

  /// The limits a run has unless told otherwise (`--max-entry-bytes`, `--max-pixels`).
  public enum Defaults {
    public static let maxEntryBytes = 256 << 20
    public static let maxPixels = 100_000_000
  }

  /// The settings outside the engine that change what a record holds.
  public var settings: [String: String] {
    ["boxes": boxes ? "on" : "off", "barcodes": barcodes ? "on" : "off", "metric": scoring.descriptor]
  }
}

/// What a run reports while it works; the library never prints, the command line renders these.
public enum RunEvent: Sendable {
  /// The first pass over the inputs is done: how many images there are (pages may add more).
  case counted(images: Int)
  /// A record was written to the store.
  case recorded(ResultRecord)
  /// An image already in the store was skipped (`--resume`).
  case resumed(entry: String)
  /// An entry that is not an image or ground truth, or not a regular file.
  case ignored(entry: String, reason: String)
  /// Something the user should know that is not a result (a repaired store, an unreadable input).
  case warning(String)
}

public struct RunOutcome: Sendable {
  public var summary: RunSummaryRecord
  /// Inputs that could not be read (whole or in part).
  public var inputErrors: [ArchiveError]
  /// The run this one continued (`--resume`), when it continued one.
  public var continuedRun: String?
}
