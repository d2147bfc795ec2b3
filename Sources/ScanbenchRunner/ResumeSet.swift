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
  private var keys: Set<String> = []
  /// The run a resumed run continues: the latest run of the store with the same identity whose
  /// inputs are among this run's.
  public private(set) var continuedRun: String?

  public init() {}

  public var count: Int { keys.count }

  /// What one run of the store looked like, as far as continuing it goes.
  private struct RunSeen {
    var identity: String
    var sources: Set<String>
    var lastLine: Int
  }

  /// Reads the store (a missing store is an empty set; torn or foreign lines are passed over),
  /// keeping only the results made as `identity` says.
  public static func load(from url: URL, identity: ResultIdentity, inputs: [String]) throws -> ResumeSet {
    var set = ResumeSet()
    guard FileManager.default.fileExists(atPath: url.path) else { return set }
    let wanted = identity.key
    var runs: [String: RunSeen] = [:]
    try StoreReader.read(url) { number, line in
      switch line {
      case .result(let record):
        let key = ResultIdentity(record).key
        runs[record.run, default: RunSeen(identity: key, sources: [], lastLine: number)].lastLine = number
        runs[record.run]?.sources.insert(record.source)
        if runs[record.run]?.identity != key { runs[record.run]?.identity = "mixed" }
        guard key == wanted else { return }
        if record.sha256.isEmpty {
          set.keys.insert(entryKey(source: record.source, entry: record.entry))
        } else {
          set.keys.insert(
            imageKey(source: record.source, entry: record.entry, sha256: record.sha256, page: record.page))
        }
      case .summary(let summary):
        let key = ResultIdentity(summary).key
        var run = runs[summary.run] ?? RunSeen(identity: key, sources: [], lastLine: number)
        run.lastLine = number
        run.sources.formUnion(summary.sources)
        if run.identity != key { run.identity = "mixed" }
        runs[summary.run] = run
      case .invalid:
        break
      }
    }
    let given = Set(inputs)
    set.continuedRun =
      runs.filter { $0.value.identity == wanted && $0.value.sources.isSubset(of: given) }
      .max { $0.value.lastLine < $1.value.lastLine }?.key
    return set
  }

  func contains(source: String, entry: String, sha256: String, page: Int?) -> Bool {
    !keys.isEmpty && keys.contains(Self.imageKey(source: source, entry: entry, sha256: sha256, page: page))
  }

  /// Whether an entry-level failure (one recorded without image bytes) is already in the store.
  func containsEntry(source: String, entry: String) -> Bool {
    !keys.isEmpty && keys.contains(Self.entryKey(source: source, entry: entry))
  }

  /// Inputs by name, as `ImageKey` has them: a corpus resumed from another folder is the same corpus.
  /// Entry paths are printable (escaped) and may hold `|`, so the parts are length-prefixed.
  static func imageKey(source: String, entry: String, sha256: String, page: Int?) -> String {
    "image:"
      + [ImageKey.inputName(source), entry, sha256, page.map(String.init) ?? "-"]
      .map { "\($0.utf8.count):\($0)" }.joined()
  }

  static func entryKey(source: String, entry: String) -> String {
    "entry:" + [ImageKey.inputName(source), entry].map { "\($0.utf8.count):\($0)" }.joined()
  }
}
