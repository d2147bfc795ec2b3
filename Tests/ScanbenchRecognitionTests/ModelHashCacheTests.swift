import Foundation
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchRecognition
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

@Suite struct ModelHashCacheTests {
  @Test func keptDigestIsUsedOnlyWhileTheFileIsUnchanged() throws {
    let folder = try TestKit.temporaryFolder("model-hash")
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = folder.appendingPathComponent("eng.traineddata")
    try Data("first model".utf8).write(to: model)
    let cache = folder.appendingPathComponent("cache")

    let first = try ModelHashCache(folder: cache).hash(of: model.path)
    #expect(first == SHA256.hex(Data("first model".utf8)))
    let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    #expect(entries.count == 1)

    // A planted digest under the file's current identity is believed: the cache is really read.
    let entry = cache.appendingPathComponent(entries[0])
    let identity = try #require(ModelHashCache.identity(of: model.path))
    let planted = String(repeating: "ab", count: 32)
    try Data("\(identity) \(planted)\n".utf8).write(to: entry)
    #expect(try ModelHashCache(folder: cache).hash(of: model.path) == planted)

    // Same size, rewritten in place: the change time moves, so the file is hashed again.
    try Data("other model".utf8).write(to: model)
    #expect(try ModelHashCache(folder: cache).hash(of: model.path) == SHA256.hex(Data("other model".utf8)))
  }

  @Test func unusableCacheFolderStillHashes() throws {
    let folder = try TestKit.temporaryFolder("model-hash")
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = folder.appendingPathComponent("eng.traineddata")
    try Data("model".utf8).write(to: model)
    // A regular file where the cache folder should be: nothing can be kept, the digest is still right.
    let blocked = folder.appendingPathComponent("blocked")
    try Data().write(to: blocked)
    let cache = ModelHashCache(folder: blocked.appendingPathComponent("inside"))
    #expect(try cache.hash(of: model.path) == SHA256.hex(Data("model".utf8)))
  }

  /// The digests and Tesseract's folders of links share one cache folder, and an empty
  /// `XDG_CACHE_HOME` counts as unset (before, the folders of links then landed in the current folder).
  @Test func theCacheFolderFollowsXDGAndAnEmptyVariableIsUnset() {
    #expect(ModelFolders.cache(environment: ["XDG_CACHE_HOME": "/x/cache"]).path == "/x/cache/scanbench")
    let home = NSHomeDirectory() + "/.cache/scanbench"
    #expect(ModelFolders.cache(environment: ["XDG_CACHE_HOME": ""]).path == home)
    #expect(ModelFolders.cache(environment: [:]).path == home)
  }
}
