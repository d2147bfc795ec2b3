import Dispatch
import Synchronization

/// A first-in first-out queue with a fixed capacity: the reader blocks when the workers fall
/// behind, so memory stays bounded whatever the archive's size.
package final class BoundedQueue<Element: Sendable>: Sendable {
  private struct State: ~Copyable {
    var items: [Element?]
    var head = 0
    var count = 0
    var isClosed = false
  }

  private let state: Mutex<State>
  private let freeSlots: DispatchSemaphore
  private let available = DispatchSemaphore(value: 0)
  private let capacity: Int

  package init(capacity: Int) {
    precondition(capacity > 0)
    self.capacity = capacity
    state = Mutex(State(items: Array(repeating: nil, count: capacity)))
    freeSlots = DispatchSemaphore(value: capacity)
  }

  /// Blocks while the queue is full. Returns false when the queue was closed.
  @discardableResult
  package func put(_ element: Element) -> Bool {
    freeSlots.wait()
    let accepted = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      state.items[(state.head + state.count) % capacity] = element
      state.count += 1
      return true
    }
    if accepted { available.signal() } else { freeSlots.signal() }
    return accepted
  }

  /// Blocks until an element is available; nil once the queue is closed and empty.
  package func take() -> Element? {
    while true {
      available.wait()
      let element = state.withLock { state -> Element?? in
        guard state.count > 0 else { return state.isClosed ? .some(nil) : nil }
        let element = state.items[state.head]
        state.items[state.head] = nil
        state.head = (state.head + 1) % capacity
        state.count -= 1
        return .some(element)
      }
      switch element {
      case .some(let element?):
        freeSlots.signal()
        return element
      case .some(nil):
        available.signal()  // wake the next taker: it will see the queue closed too
        return nil
      case nil:
        continue
      }
    }
  }

  /// No more puts; takers drain what is left, then get nil. Unblocks a waiting producer too.
  package func close() {
    state.withLock { $0.isClosed = true }
    available.signal()
    freeSlots.signal()
  }

  /// Drops everything queued (on cancellation) and closes; returns how many were dropped.
  @discardableResult
  package func cancel() -> Int {
    let dropped = state.withLock { state -> Int in
      let dropped = state.count
      state.items = Array(repeating: nil, count: capacity)
      state.count = 0
      state.isClosed = true
      return dropped
    }
    for _ in 0..<dropped { freeSlots.signal() }
    available.signal()
    freeSlots.signal()
    return dropped
  }
}
