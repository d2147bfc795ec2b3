import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ScanbenchRunner

/// The two-stage order: images are looked at as they come; those a look holds are read the dearest
/// first, by one worker while images still come and by every worker once they have all come or
/// the window or the bytes held are full.
struct ReadingOrderTests {
  /// A source of `names` in order, then nil.
  static func source(_ names: [String]) -> @Sendable () -> String? {
    let next = Mutex(names[...])
    return { next.withLock { $0.popFirst() } }
  }

  /// The next job, as "look NAME" or "read NAME"; a look holds its image at `cost` (nil: it ends it).
  static func step(
    _ order: ReadingOrder<String, String>, cost: Double? = nil, bytes: Int = 1
  ) -> String {
    switch order.next() {
    case .look(let name):
      order.looked(cost == nil ? nil : name, cost: cost ?? 0, bytes: bytes)
      return "look \(name)"
    case .read(let name): return "read \(name)"
    case nil: return "end"
    }
  }

  @Test func oneWorkerReadsWhatIsHeldWhileTheOtherLooksThenBothReadTheDearestFirst() {
    let order = ReadingOrder<String, String>(
      workers: 2, window: 10, heldBytes: 1 << 20, source: Self.source(["a", "b", "c", "d", "e"]))
    #expect(Self.step(order, cost: 1) == "look a")
    // The first worker reads a, and stays busy with it.
    #expect(Self.step(order) == "read a")
    // The second goes on looking: b, c, d held, e ends at its look.
    #expect(Self.step(order, cost: 5) == "look b")
    #expect(Self.step(order, cost: 3) == "look c")
    #expect(Self.step(order, cost: 4) == "look d")
    #expect(Self.step(order) == "look e")
    // Every image has come: the dearest held is read first, by either worker.
    #expect(Self.step(order) == "read b")
    order.read()
    #expect(Self.step(order) == "read d")
    order.read()
    #expect(Self.step(order) == "read c")
    order.read()
    order.read()
    #expect(Self.step(order) == "end")
  }

  @Test func aFullWindowIsReadTheDearestFirstBeforeTheNextLook() {
    let order = ReadingOrder<String, String>(
      workers: 2, window: 3, heldBytes: 1 << 20, source: Self.source(["a", "b", "c", "d", "e"]))
    #expect(Self.step(order, cost: 1) == "look a")
    #expect(Self.step(order) == "read a")
    #expect(Self.step(order, cost: 2) == "look b")
    #expect(Self.step(order, cost: 7) == "look c")
    #expect(Self.step(order, cost: 3) == "look d")
    // b, c, d held: the window is full, so the second worker reads too.
    #expect(Self.step(order) == "read c")
    #expect(Self.step(order, cost: 9) == "look e")
    #expect(Self.step(order) == "read e")
  }

  @Test func theBytesHeldBoundTheWindowToo() {
    let order = ReadingOrder<String, String>(
      workers: 2, window: 10, heldBytes: 250, source: Self.source(["a", "b", "c", "d", "e"]))
    #expect(Self.step(order, cost: 1, bytes: 100) == "look a")
    #expect(Self.step(order) == "read a")
    #expect(Self.step(order, cost: 2, bytes: 100) == "look b")
    #expect(Self.step(order, cost: 4, bytes: 100) == "look c")
    #expect(Self.step(order, cost: 3, bytes: 100) == "look d")
    #expect(Self.step(order) == "read c")
    #expect(Self.step(order) == "look e")
  }

  @Test func withoutAnythingHeldImagesAreLookedAtInTheirOrder() {
    let order = ReadingOrder<String, String>(
      workers: 2, window: 2, heldBytes: 1 << 20, source: Self.source(["a", "b", "c"]))
    #expect((0..<4).map { _ in Self.step(order) } == ["look a", "look b", "look c", "end"])
  }

  @Test func stoppingDropsWhatIsHeld() {
    let order = ReadingOrder<String, String>(
      workers: 2, window: 5, heldBytes: 1 << 20, source: Self.source(["a", "b", "c", "d"]))
    #expect(Self.step(order, cost: 1) == "look a")
    #expect(Self.step(order) == "read a")
    #expect(Self.step(order, cost: 1) == "look b")
    #expect(Self.step(order, cost: 1) == "look c")
    #expect(order.stopAll() == 2)
    #expect(Self.step(order) == "end")
  }

  static func number(_ name: String) -> Int { Int(name.dropFirst("image-".count)) ?? 0 }

  /// Two workers: every image is looked at once, and every image a look held is read once.
  @Test func twoWorkersDoEveryImageOnce() {
    let names = (0..<200).map { "image-\($0)" }
    let order = ReadingOrder<String, String>(
      workers: 2, window: 4, heldBytes: 1 << 20, source: Self.source(names))
    let done = Mutex((looked: [String](), read: [String]()))
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      while let job = order.next() {
        switch job {
        case .look(let name):
          done.withLock { $0.looked.append(name) }
          // Every third image ends at its look; the others are held, dearer as they come.
          let holds = Self.number(name) % 3 != 0
          order.looked(holds ? name : nil, cost: Double(Self.number(name)), bytes: 1)
        case .read(let name):
          done.withLock { $0.read.append(name) }
          order.read()
        }
      }
    }
    let (looked, read) = done.withLock { ($0.looked, $0.read) }
    #expect(looked.sorted() == names.sorted())
    #expect(read.sorted() == names.filter { Self.number($0) % 3 != 0 }.sorted())
  }
}
