import Foundation
import ScanbenchStore

/// The results already in a store, by what makes a result the same: the image (its input's name,
/// its entry path, its bytes and page — the same bytes under two names are two images), and how it
/// was made (`ResultIdentity`: profile, language, engine with its models and settings, the run's
/// settings and scanbench's version). A result made any other way is not skipped: it is made again.
///
/// Failures count as done too. Those of an image (it is not an image, its header claims too many
/// pixels, recognition failed) are keyed like successes: the same bytes under the same engine fail
/// the same way, so redoing them would only add a second, identical line. Failures of an entry whose
/// bytes were never read (a link, an encrypted or oversized entry, undecodable ground truth) are
/// keyed by input and entry path alone, so a resumed run does not record them again.
/// To retry failures after changing a limit, write to a new store.
public struct ResumeSet: Sendable {
  /// Entry-level failures are kept with no bytes (`sha256` empty) and no page, which no image has.
  private var keys: Set<ImageKey> = []
  /// The run a resumed run continues: the latest run of the store with the same identity whose
  /// inputs are among this run's.
  public private(set) var continuedRun: String?

  public init() {}

  /// What one run of the store looked like, as far as continuing it goes.
  private struct RunSeen {
    /// nil once the run's lines disagree (a store written by hand or by a bug): never continued.
    var identity: ResultIdentity?
    var sources: Set<String>
    var lastLine: Int
  }

  /// Reads the store (a missing store is an empty set; torn or foreign lines are passed over),
  /// keeping only the results made as `identity` says.
  public static func load(from url: URL, identity wanted: ResultIdentity, inputs: [String]) throws
    -> ResumeSet
  {
    var set = ResumeSet()
    guard FileManager.default.fileExists(atPath: url.path) else { return set }
    var runs: [String: RunSeen] = [:]
    func see(run: String, identity: ResultIdentity, sources: [String], line: Int) {
      var seen = runs[run] ?? RunSeen(identity: identity, sources: [], lastLine: line)
      seen.lastLine = line
      // Stores from before inputs were recorded absolute hold them as given, from this folder.
      seen.sources.formUnion(sources.map(SourcePath.absolute))
      if seen.identity != identity { seen.identity = nil }
      runs[run] = seen
    }
    try StoreReader.read(url) { number, line in
      switch line {
      case .result(let record):
        let identity = ResultIdentity(record)
        see(run: record.run, identity: identity, sources: [record.source], line: number)
        guard identity == wanted else { return }
        set.keys.insert(
          record.sha256.isEmpty
            ? Self.entryKey(source: record.source, entry: record.entry) : ImageKey(record))
      case .summary(let summary):
        see(run: summary.run, identity: ResultIdentity(summary), sources: summary.sources, line: number)
      case .invalid:
        break
      }
    }
    let given = Set(inputs.map(SourcePath.absolute))
    set.continuedRun =
      runs.filter { $0.value.identity == wanted && $0.value.sources.isSubset(of: given) }
      .max { $0.value.lastLine < $1.value.lastLine }?.key
    return set
  }

  /// Inputs by name, as `ImageKey` has them: a corpus resumed from another folder is the same corpus.
  func contains(source: String, entry: String, sha256: String, page: Int?) -> Bool {
    !keys.isEmpty
      && keys.contains(ImageKey(input: ImageKey.inputName(source), entry: entry, sha256: sha256, page: page))
  }

  /// Whether an entry-level failure (one recorded without image bytes) is already in the store.
  func containsEntry(source: String, entry: String) -> Bool {
    !keys.isEmpty && keys.contains(Self.entryKey(source: source, entry: entry))
  }

  private static func entryKey(source: String, entry: String) -> ImageKey {
    ImageKey(input: ImageKey.inputName(source), entry: entry, sha256: "", page: nil)
  }
}
