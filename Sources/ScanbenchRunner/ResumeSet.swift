import Foundation
import ScanbenchStore

/// What a resumed run (`--resume`) continues: the latest run of the store made the same way from
/// the same inputs, and the results that run already holds — by what makes a result the same: the
/// image (its input's name, its entry path, its bytes and page — the same bytes under two names are
/// two images), and how it was made (`ResultIdentity`: profile, language, engine with its models
/// and settings, the run's settings and scanbench's version).
///
/// Only the continued run's results are skipped. A result of another run, even one made the same
/// way (the finished run before it, in the same store), is made again: "a resumed run is the same
/// run", and `baseline`, `check` and `report` read one run. The earlier results' numbers
/// (`earlier`) join the resumed run's summary, so it describes the whole run.
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
  /// The continued run's results so far, added up (the latest result of each image).
  public private(set) var earlier = RunTotals()
  /// Of those, the images recognized without ground truth: how many, and their names.
  public private(set) var earlierWithoutGroundTruth: [String] = []

  public init() {}

  /// What one run of the store looked like, as far as continuing it goes.
  private struct RunSeen {
    /// nil once the run's lines disagree (a store written by hand or by a bug): never continued.
    var identity: ResultIdentity?
    var sources: Set<String>
    var lastLine: Int
  }

  /// What a result adds to its run's summary, without its text.
  private struct Outcome {
    var contribution: RunTotals.Contribution
    /// The name the summary lists when it was recognized without ground truth.
    var unscoredName: String?
  }

  /// Reads the store (a missing store is an empty set; torn or foreign lines are passed over)
  /// twice: once to find the run to continue, once for that run's results.
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
    try StoreReader.readFast(url) { number, line in
      switch line {
      case .result(let record):
        see(run: record.run, identity: ResultIdentity(record), sources: [record.source], line: number)
      case .summary(let summary):
        see(run: summary.run, identity: ResultIdentity(summary), sources: summary.sources, line: number)
      case .invalid:
        break
      }
    }
    let given = Set(inputs.map(SourcePath.absolute))
    guard
      let continued = runs.filter({ $0.value.identity == wanted && $0.value.sources.isSubset(of: given) })
        .max(by: { $0.value.lastLine < $1.value.lastLine })?.key
    else { return set }
    set.continuedRun = continued

    // The latest result of each image wins, as `StoreRunLoader` reads a run.
    var outcomes: [ImageKey: Outcome] = [:]
    try StoreReader.readFast(url) { _, line in
      guard case .result(let record) = line, record.run == continued else { return }
      let key =
        record.sha256.isEmpty ? Self.entryKey(source: record.source, entry: record.entry) : ImageKey(record)
      let unscored = record.succeeded && record.edits == nil
      outcomes[key] = Outcome(
        contribution: RunTotals.Contribution(record), unscoredName: unscored ? key.label : nil)
    }
    set.keys = Set(outcomes.keys)
    for outcome in outcomes.values {
      set.earlier.add(outcome.contribution)
      if let name = outcome.unscoredName { set.earlierWithoutGroundTruth.append(name) }
    }
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
