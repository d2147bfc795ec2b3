import Foundation

/// The order in which a run's workers take their work, in two stages: each image, as the reader
/// brings it, is looked at first (the cheap stage: a photo's coarse pass, which ends a photo
/// without text), and the images that look leaves to read are held and read the dearest first.
/// While images are still coming, one worker fewer than the run has reads what is held and the
/// others go on looking, so that the cheap looks fill the cores around the dear readings; once the
/// reader has brought every image, every worker reads, the dearest first, and the run no longer
/// ends with one dear image read alone while the other cores idle, as it did when its dearest image
/// came last (Reports/BENCHMARKS.md, "The costliest photos first, after the coarse pass (issue 29)").
///
/// Memory stays bounded: at most `window` images are held or being looked at, and the images held
/// add up to at most `heldBytes` (beyond either, every worker reads what is held before the next
/// image is looked at), besides the reader's own bounded queue. The records come out in the order
/// the images are done, as with more than one worker they always have.
final class ReadingOrder<Fresh: Sendable, Held: Sendable>: @unchecked Sendable {
  // @unchecked: every stored `var` is read and written only while `condition` is locked.

  /// A worker's next job.
  enum Job {
    /// Look at an image the reader brought: the worker then calls ``looked(_:cost:bytes:)`` once.
    case look(Fresh)
    /// Read an image held after its look: the worker then calls ``read()`` once.
    case read(Held)
  }

  let window: Int
  let heldBytes: Int
  /// How many workers read what is held while images are still coming.
  let readers: Int
  private let source: @Sendable () -> Fresh?
  private let condition = NSCondition()
  private var held: [(cost: Double, bytes: Int, item: Held)] = []
  private var bytesHeld = 0
  private var looking = 0
  private var reading = 0
  /// A worker is waiting for the reader: another then reads what is held rather than wait too.
  private var taking = false
  private var sourceEnded = false
  private var stopped = false

  /// - Parameters:
  ///   - workers: the run's workers.
  ///   - window: at most this many images held or being looked at (at least one).
  ///   - heldBytes: the images held add up to at most this many bytes, past one.
  ///   - source: the reader's next image, blocking; nil once there is none.
  init(workers: Int, window: Int, heldBytes: Int, source: @escaping @Sendable () -> Fresh?) {
    readers = max(1, workers - 1)
    self.window = max(1, window)
    self.heldBytes = heldBytes
    self.source = source
  }

  /// The next job; nil once every image is looked at and read, or once `stop` says so (checked
  /// whenever the order changes, so a worker waiting for another's look ends with the run).
  func next(stop: () -> Bool = { false }) -> Job? {
    condition.lock()
    defer { condition.unlock() }
    while !stopped, !stop() {
      let full = held.count + looking >= window || bytesHeld >= heldBytes
      if !held.isEmpty, sourceEnded || full || taking || reading < readers {
        reading += 1
        return .read(takeDearest())
      }
      if !sourceEnded, !taking, !full {
        taking = true
        condition.unlock()
        let item = source()
        condition.lock()
        taking = false
        condition.broadcast()
        guard let item else {
          sourceEnded = true
          continue
        }
        looking += 1
        return .look(item)
      }
      if sourceEnded, looking == 0, held.isEmpty { return nil }
      condition.wait()
    }
    return nil
  }

  /// A look is done: `item`, when there is one, is held to be read later, its reading estimated to
  /// cost `cost` (only compared with the others') and its bytes `bytes`.
  func looked(_ item: Held?, cost: Double, bytes: Int) {
    condition.lock()
    defer { condition.unlock() }
    looking -= 1
    if let item {
      held.append((cost, bytes, item))
      bytesHeld += bytes
    }
    condition.broadcast()
  }

  /// A reading is done.
  func read() {
    condition.lock()
    defer { condition.unlock() }
    reading -= 1
    condition.broadcast()
  }

  /// Ends the order: every worker's `next` returns nil. Returns how many images held were dropped
  /// unread.
  @discardableResult
  func stopAll() -> Int {
    condition.lock()
    defer { condition.unlock() }
    stopped = true
    let dropped = held.count
    held = []
    bytesHeld = 0
    condition.broadcast()
    return dropped
  }

  /// The held image of the highest cost; of equal costs, the one held first.
  private func takeDearest() -> Held {
    var dearest = 0
    for index in held.indices.dropFirst() where held[index].cost > held[dearest].cost { dearest = index }
    let taken = held.remove(at: dearest)
    bytesHeld -= taken.bytes
    return taken.item
  }
}
