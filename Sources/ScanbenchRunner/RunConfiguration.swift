import Foundation
import ScanbenchArchive
import ScanbenchRecognition
import ScanbenchScoring
import ScanbenchStore
import ScanbenchSupport

public struct RunConfiguration: Sendable {
  /// Archives, folders or image files, as absolute paths (`SourcePath.absolute`): what records name
  /// as their `source`, so that reports and overlays made from any folder find them.
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
  /// Continue the store's latest run made the same way (`ResultIdentity`) from these inputs: skip
  /// the images it holds, and report the whole run (`ResumeSet`).
  public var resume = false
  public var maxEntryBytes = Defaults.maxEntryBytes
  public var maxPixels = Defaults.maxPixels
  /// Dots per inch a PDF's pages are rendered at (`--dpi`, else `Defaults.pdfResolution`).
  public var pdfResolution = Defaults.pdfResolution
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
  /// Ground-truth files given as arguments beside no image argument (`InputArguments.unpaired`):
  /// when nothing else pairs either, the run is refused rather than left unscored.
  public var unpairedGroundTruth: [String] = []
  /// Which scanbench runs: joins every record.
  public var scanbench = Provenance(version: "unknown", commit: "unknown")
  /// For the summary: the command line, and the C libraries' versions.
  public var commandLine: [String] = []
  public var libraries: [String: String] = [:]

  public init(
    inputs: [String], recognition: RecognitionSetup, profile: String, language: String, jobs: Int, store: URL
  ) {
    self.inputs = inputs.map(SourcePath.absolute)
    self.recognition = recognition
    self.profile = profile
    self.language = language
    self.jobs = jobs
    self.store = store
  }

  /// The limits a run has unless told otherwise (`--max-entry-bytes`, `--max-pixels`), and the
  /// resolution PDF pages are rendered at without `--dpi`.
  public enum Defaults {
    public static let maxEntryBytes = 256 << 20
    public static let maxPixels = 100_000_000
    public static let pdfResolution = 300
  }

  /// The settings outside the engine that change what a record holds.
  public var settings: [String: String] {
    var settings = [
      "boxes": boxes ? "on" : "off", "barcodes": barcodes ? "on" : "off", "metric": scoring.descriptor,
    ]
    // Named only when it is not the default, so that runs from before PDFs were read still resume.
    if pdfResolution != Defaults.pdfResolution { settings["pdf-dpi"] = String(pdfResolution) }
    return settings
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
