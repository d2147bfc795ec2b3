import ScanbenchStore
import Synchronization

/// Meets recognized images with their ground truth, whichever arrives first.
///
/// Keyed by input and stem (`key(input:stem:)`): `page.gt.txt` of one input never scores `page.png`
/// of another.
///
/// Texts are kept only until every image with that stem has used them, and results only until their
/// text arrives, so memory follows how far apart pairs lie in the archive, not the archive's size.
final class GroundTruthBoard: Sendable {
  enum Text: Sendable {
    case usable(String)
    /// The ground truth exists but cannot be used (bad encoding, unreadable): score nothing.
    case unusable
  }

  private struct State {
    var texts: [String: Text] = [:]
    var consumersLeft: [String: Int] = [:]
    var waiting: [String: [ResultRecord]] = [:]
  }

  private let state = Mutex(State())

  /// The board's key for a stem of the run's input number `input`.
  static func key(input: Int, stem: String) -> String { "\(input)/\(stem)" }

  /// The reader found the text for `key`, used by `consumers` images; returns the results that were
  /// waiting for it.
  func deliver(_ text: Text, key stem: String, consumers: Int) -> [ResultRecord] {
    state.withLock { state in
      let waiting = state.waiting.removeValue(forKey: stem) ?? []
      let left = consumers - waiting.count
      if left > 0 {
        state.texts[stem] = text
        state.consumersLeft[stem] = left
      }
      return waiting
    }
  }

  /// A worker finished `record`; returns its text now, or nil after parking the record until the
  /// reader delivers it.
  func text(for record: ResultRecord, key stem: String) -> Text? {
    state.withLock { state in
      guard let text = state.texts[stem] else {
        state.waiting[stem, default: []].append(record)
        return nil
      }
      let left = (state.consumersLeft[stem] ?? 1) - 1
      if left <= 0 {
        state.texts[stem] = nil
        state.consumersLeft[stem] = nil
      } else {
        state.consumersLeft[stem] = left
      }
      return text
    }
  }

  /// At the end: results whose text never came (the archive broke before it).
  func drainWaiting() -> [ResultRecord] {
    state.withLock { state in
      let all = state.waiting.values.flatMap { $0 }
      state.waiting = [:]
      return all
    }
  }
}
