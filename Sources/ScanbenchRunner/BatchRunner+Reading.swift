import Foundation
import ScanbenchArchive
import ScanbenchStore
import ScanbenchSupport

extension BatchRunner {
  /// Why reading one input ended before its end, if it did.
  struct ReadStop {
    var error: ArchiveError?
    /// Later inputs must not be read either.
    var early = false
  }

  /// Reads one input to its end, recording entries that cannot be used.
  func read(
    _ index: InputIndex, ordinal: Int, into queue: BoundedQueue<WorkItem>, context: RunContext,
    budget: inout ReadBudget
  ) -> ReadStop {
    let source: any EntrySource
    do {
      source = try InputOpener.open(index, maxEntryBytes: configuration.maxEntryBytes)
    } catch let error as ArchiveError {
      return ReadStop(error: error)
    } catch {
      return ReadStop(
        error: ArchiveError(.unreadable, input: index.input, message: String(describing: error)))
    }
    let input = index.input
    let groundTruthStems = Dictionary(
      index.groundTruth.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let isOurs = { (path: String) in self.configuration.shard?.contains(path) ?? true }
    do {
      while let header = try source.nextEntry() {
        if shouldStop {
          markLeftUndone()
          break
        }
        if header.kind == .directory { continue }
        switch EntryName.role(of: header.path) {
        case .image(let stem):
          guard isOurs(header.path) else { continue }
          guard header.kind == .file else {
            context.emitEntryFailure(
              source: input, entry: header.path, kind: "not-a-regular-file",
              message: "a \(header.kindDescription), not a regular file: not read")
            continue
          }
          guard
            let data = try readEntry(header, from: source, input: input, context: context, budget: &budget)
          else {
            if budget.isExhausted { return ReadStop(error: budget.error(input: input), early: true) }
            continue
          }
          let item = WorkItem(
            source: input, entry: header.path, data: data, stem: stem, index: index, ordinal: ordinal,
            rawName: header.transcodedName.map { RawName(encoding: $0.encoding, hex: $0.hex) },
            linkOf: header.linkTarget)
          // Refused only when the workers are gone (cancelled, or none could start).
          guard queue.put(item) else { return ReadStop(early: true) }
        case .groundTruth(let stem, _):
          guard header.kind == .file else {
            if index.groundTruth[stem] == nil, index.imagesPerStem[stem] != nil {
              context.emitEntryFailure(
                source: input, entry: header.path, kind: "not-a-regular-file",
                message:
                  "a \(header.kindDescription), not a regular file: its image is recognized but not scored")
            }
            continue
          }
          guard let pairedStem = groundTruthStems[header.path] else { continue }
          readGroundTruth(
            header, stem: pairedStem, ordinal: ordinal, source: source, index: index, context: context,
            budget: &budget)
          if budget.isExhausted { return ReadStop(error: budget.error(input: input), early: true) }
        case .other:
          if header.kind == .file, isOurs(header.path),
            let (kind, message) = Self.unusableKnownFormat(header.path)
          {
            context.emitEntryFailure(source: input, entry: header.path, kind: kind, message: message)
          } else {
            if header.kind == .file, isOurs(header.path) { context.countIgnored(header.path) }
            onEvent(
              .ignored(
                entry: header.path,
                reason: header.kind == .file ? "not an image or ground truth" : "a \(header.kindDescription)")
            )
          }
        }
      }
    } catch let error as ArchiveError {
      return ReadStop(error: error)
    } catch {
      return ReadStop(
        error: ArchiveError(
          .unreadable, input: input, message: String(describing: error), entriesRead: source.entriesRead))
    }
    return ReadStop()
  }

  /// Entries users put in image sets that scanbench cannot use: recorded so the gap shows.
  static func unusableKnownFormat(_ path: String) -> (kind: String, message: String)? {
    if EntryName.isArchive(path) {
      return (
        "nested-archive",
        "an archive inside the input: not opened (unpack it and give it as an input of its own)"
      )
    }
    return nil
  }

  /// The entry's bytes, or nil after recording why they are not read; nil without a record when the
  /// run's byte budget is spent (the caller checks `budget.isExhausted`).
  private func readEntry(
    _ header: EntryHeader, from source: any EntrySource, input: String, context: RunContext,
    budget: inout ReadBudget, groundTruth: Bool = false
  ) throws -> Data? {
    let perEntry =
      groundTruth
      ? min(configuration.maxEntryBytes, TextFileReader.maximumBytes) : configuration.maxEntryBytes
    let limitName =
      groundTruth && perEntry == TextFileReader.maximumBytes ? TextFileReader.limitName : "--max-entry-bytes"
    if header.isEncrypted {
      context.emitEntryFailure(
        source: input, entry: header.path, kind: "encrypted",
        message: "encrypted (password-protected): scanbench takes no passwords; not read")
      return nil
    }
    if let declared = header.declaredSize {
      // A tar header may declare terabytes over a short or sparse body: refuse before reading any.
      if declared > Int64(perEntry) {
        context.emitEntryFailure(
          source: input, entry: header.path, kind: "too-large",
          message:
            "declares \(declared) bytes, over the limit of \(perEntry) bytes (\(limitName)): not read")
        return nil
      }
      if declared > Int64(budget.remaining) {
        budget.exhaust()
        return nil
      }
    }
    let limit = min(perEntry, budget.remaining)
    do {
      let data = try source.readData(limit: limit)
      budget.spend(data.count)
      return data
    } catch let error as EntryReadError {
      if error.kind == .tooLarge, limit < perEntry {
        budget.exhaust()
        return nil
      }
      context.emitEntryFailure(
        source: input, entry: header.path, kind: error.kind.rawValue, message: error.message)
      return nil
    }
  }

  private func readGroundTruth(
    _ header: EntryHeader, stem: String, ordinal: Int, source: any EntrySource, index: InputIndex,
    context: RunContext, budget: inout ReadBudget
  ) {
    var text = GroundTruthBoard.Text.unusable
    do {
      if let data = try readEntry(
        header, from: source, input: index.input, context: context, budget: &budget, groundTruth: true)
      {
        text = .usable(try TextFileReader.text(of: data, path: header.path))
      }
    } catch let error as TextFileReader.Failure {
      context.emitEntryFailure(
        source: index.input, entry: header.path, kind: error.kind, message: "ground truth \(error.message)")
    } catch {
      context.emitEntryFailure(
        source: index.input, entry: header.path, kind: "ground-truth-unreadable",
        message: String(describing: error))
    }
    if budget.isExhausted { return }
    let waiting = context.board.deliver(
      text, key: GroundTruthBoard.key(input: ordinal, stem: stem), consumers: index.imagesPerStem[stem] ?? 1)
    for record in waiting { context.scoreAndEmit(record, text: text) }
  }
}

/// How many bytes of entries a run may still read (`--max-total-bytes`).
struct ReadBudget {
  let limit: Int?
  private(set) var spent = 0
  private(set) var isExhausted = false

  init(limit: Int?) {
    self.limit = limit
  }

  var remaining: Int { limit.map { max(0, $0 - spent) } ?? Int.max }

  mutating func spend(_ count: Int) { spent += count }

  mutating func exhaust() { isExhausted = true }

  func error(input: String) -> ArchiveError {
    ArchiveError(
      .limitReached, input: input,
      message: "stopped after reading \(spent) bytes of entries: the next one would pass --max-total-bytes "
        + "(\(limit ?? 0)); later entries and inputs were not read (raise the limit and run again with --resume)"
    )
  }
}
