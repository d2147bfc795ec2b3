import Foundation
import ScanbenchSeam

/// One run's results, read back from a store.
public struct StoreRun: Sendable {
  public var store: String
  public var runID: String
  /// The run's summary line, absent when the run was killed before writing it.
  public var summary: RunSummaryRecord?
  /// In store order; when an image appears twice in the run, the later line wins.
  public var results: [ResultRecord]
  /// Lines of the whole store that are not records (see `StoreReader`), with their numbers.
  public var invalidLines: [(line: Int, reason: String)]

  public var profile: String { summary?.profile ?? results.first?.profile ?? "-" }
  public var lang: String { summary?.lang ?? results.first?.lang ?? "-" }
  public var engine: EngineIdentity? { summary?.engine ?? results.first?.engine }
  /// How the run's results were made: its last summary's identity, else its first result's.
  public var identity: ResultIdentity? {
    summary.map(ResultIdentity.init) ?? results.first.map(ResultIdentity.init)
  }
  public var scanbench: Provenance? { summary?.scanbench ?? results.first?.scanbench }

  /// The run's metric descriptor: the summary's, else the one most of its scored results carry.
  public var metric: String? {
    if let metric = summary?.metric { return metric }
    var counts: [String: Int] = [:]
    for record in results { if let metric = record.metric { counts[metric, default: 0] += 1 } }
    return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
  }

  /// The results that carry a score (edits and a ground-truth length).
  public var scored: [ResultRecord] {
    results.filter { $0.edits != nil && $0.gtChars != nil && $0.error == nil }
  }
}

/// Finds runs in a store: the latest one (the run of the last summary line, or of the last result when
/// no run finished), a named one, or the latest run of another profile.
public enum StoreRunLoader {
  /// What a first pass learns about each run.
  struct Catalog {
    struct Run {
      var id: String
      var profile: String?
      var lastLine: Int
      var hasSummary: Bool
    }

    var runs: [String: Run] = [:]
    var lastSummaryRun: String?
    var lastResultRun: String?
    var invalidLines: [(line: Int, reason: String)] = []

    var latest: String? { lastSummaryRun ?? lastResultRun }
  }

  /// The latest run of the store, or the run `runID` when given.
  public static func load(_ url: URL, runID: String? = nil) throws -> StoreRun {
    let catalog = try scan(url)
    guard let chosen = runID ?? catalog.latest else {
      throw ReportError(.invalid, path: url.path, message: "holds no results")
    }
    guard catalog.runs[chosen] != nil else {
      let known = catalog.runs.values.sorted { $0.lastLine < $1.lastLine }.map(\.id).suffix(5)
      throw ReportError(
        .invalid, path: url.path,
        message: "holds no run '\(chosen)' (latest runs: \(known.joined(separator: ", ")))")
    }
    let runs = try collect(url, runIDs: [chosen], catalog: catalog)
    guard let run = runs[chosen], !run.results.isEmpty else {
      throw ReportError(.invalid, path: url.path, message: "run '\(chosen)' has no results")
    }
    return run
  }

  /// The latest run (or `runID`), and the latest run of the same store with another profile, if any:
  /// what a report compares when it is given one store that holds both accurate and fast runs.
  public static func loadWithPartner(_ url: URL, runID: String? = nil) throws -> (StoreRun, StoreRun?) {
    let catalog = try scan(url)
    guard let chosen = runID ?? catalog.latest, let main = catalog.runs[chosen] else {
      if let runID {
        throw ReportError(.invalid, path: url.path, message: "holds no run '\(runID)'")
      }
      throw ReportError(.invalid, path: url.path, message: "holds no results")
    }
    let partner = catalog.runs.values
      .filter { $0.id != chosen && $0.profile != nil && $0.profile != main.profile }
      .max { ($0.hasSummary ? 1 : 0, $0.lastLine) < ($1.hasSummary ? 1 : 0, $1.lastLine) }
    let ids = [chosen] + (partner.map { [$0.id] } ?? [])
    let runs = try collect(url, runIDs: Set(ids), catalog: catalog)
    guard let run = runs[chosen], !run.results.isEmpty else {
      throw ReportError(.invalid, path: url.path, message: "run '\(chosen)' has no results")
    }
    return (run, partner.flatMap { runs[$0.id] })
  }

  static func scan(_ url: URL) throws -> Catalog {
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw ReportError(.unreadable, path: url.path, message: "no such store")
    }
    var catalog = Catalog()
    do {
      try StoreReader.read(url) { number, line in
        switch line {
        case .result(let record):
          var run =
            catalog.runs[record.run]
            ?? .init(id: record.run, profile: nil, lastLine: number, hasSummary: false)
          run.lastLine = number
          if run.profile == nil { run.profile = record.profile }
          catalog.runs[record.run] = run
          catalog.lastResultRun = record.run
        case .summary(let summary):
          var run =
            catalog.runs[summary.run]
            ?? .init(id: summary.run, profile: summary.profile, lastLine: number, hasSummary: true)
          run.lastLine = number
          run.hasSummary = true
          run.profile = summary.profile
          catalog.runs[summary.run] = run
          catalog.lastSummaryRun = summary.run
        case .invalid(let reason):
          catalog.invalidLines.append((number, reason))
        }
      }
    } catch let error as StoreError {
      throw ReportError(.unreadable, path: error.path, message: error.message)
    }
    return catalog
  }

  static func collect(_ url: URL, runIDs: Set<String>, catalog: Catalog) throws -> [String: StoreRun] {
    var summaries: [String: RunSummaryRecord] = [:]
    var results: [String: [ResultRecord]] = [:]
    var positions: [String: [ImageKey: Int]] = [:]
    do {
      try StoreReader.read(url) { _, line in
        switch line {
        case .result(let record) where runIDs.contains(record.run):
          let key = ImageKey(record)
          if let position = positions[record.run]?[key] {
            results[record.run]?[position] = record
          } else {
            positions[record.run, default: [:]][key] = results[record.run, default: []].count
            results[record.run, default: []].append(record)
          }
        case .summary(let summary) where runIDs.contains(summary.run):
          summaries[summary.run] = summary
        default:
          break
        }
      }
    } catch let error as StoreError {
      throw ReportError(.unreadable, path: error.path, message: error.message)
    }
    var runs: [String: StoreRun] = [:]
    for id in runIDs {
      runs[id] = StoreRun(
        store: url.path, runID: id, summary: summaries[id], results: results[id] ?? [],
        invalidLines: catalog.invalidLines)
    }
    return runs
  }
}
