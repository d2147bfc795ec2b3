import Foundation
import Testing

@testable import ScanbenchPPOCR

/// The installed files, or nil when `make setup` has not put them in `.models`.
enum Installed {
  static let locator = PPOCRModelLocator.discover()
  static let library = try? locator.runtimeLibrary()
  static func path(_ file: PPOCRModelLocator.File) -> String? { try? locator.path(file) }
  static var runtime: ONNXRuntime {
    get throws { try ONNXRuntime.shared() }
  }
  static let hasRuntime = library != nil
  static let hasModels = hasRuntime && PPOCRModelLocator.File.allCases.allSatisfy { path($0) != nil }
  static let skipMessage: Comment =
    "ONNX Runtime or the PP-OCR models are not in .models (make setup installs them; make test runs it)"
}

/// Every function the binding reads from ONNX Runtime's table is called here and its result checked,
/// so a wrong position in `OrtAPI.Position` fails one of these tests.
@Suite(.enabled(if: Installed.hasRuntime, Installed.skipMessage))
struct ONNXRuntimeTests {
  @Test func versionIsThePinnedOne() throws {
    let runtime = try Installed.runtime
    #expect(runtime.version == "1.32.0")
    #expect(runtime.version == ONNXRuntime.pinnedVersion)
  }

  /// Each declared position is a function of the library's code (a position past the table's end
  /// would read whatever follows it); the calls below check that each is the right function.
  @Test func everyDeclaredPositionPointsIntoTheLibrarysCode() throws {
    let runtime = try Installed.runtime
    let positions = OrtAPI.Position.allCases.map(\.rawValue)
    #expect(Set(positions).count == positions.count)
    // The library's executable mappings, from /proc/self/maps: "start-end r-xp offset dev inode path".
    let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
    let code = maps.split(separator: "\n").filter { $0.hasSuffix("/libonnxruntime.so.1.32.0") }
      .map { $0.split(separator: " ") }.filter { $0.count > 1 && $0[1].contains("x") }
      .compactMap { fields -> ClosedRange<UInt>? in
        let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        return bounds.count == 2 ? bounds[0]...bounds[1] : nil
      }
    #expect(!code.isEmpty)
    for position in OrtAPI.Position.allCases {
      let entry = try #require(runtime.api.table[position.rawValue], "\(position) is empty")
      let address = UInt(bitPattern: entry)
      #expect(code.contains { $0.contains(address) }, "\(position) does not point into the library's code")
    }
  }

  /// A second OrtEnv in the process: ONNX Runtime hands out its one environment and counts the
  /// holders. Each of ours gives its count back in `deinit`, once: the process's environment outlives
  /// them and still runs a model (a release too many would have destroyed it under the runtime).
  @Test(.enabled(if: Installed.hasModels, Installed.skipMessage))
  func environmentsAskedForAgainAreTheProcessOneAndTheirReleaseLeavesItRunning() throws {
    let runtime = try Installed.runtime
    for _ in 0..<3 {
      let environment = try ONNXEnvironment(api: runtime.api)
      #expect(environment.handle == runtime.environment.handle)
    }
    let model = try ONNXModel(path: try #require(Installed.path(.lineOrientation)), options: .init())
    #expect(try model.run(ONNXModelTests.input([1, 3, 48, 192])).shape == [1, 2])
  }

  @Test(arguments: ONNXModel.GraphOptimization.allCases, [true, false])
  func sessionOptionsAreCreatedAndReleased(optimization: ONNXModel.GraphOptimization, memory: Bool) throws {
    let options = ONNXModel.Options(
      intraOpThreads: 2, optimization: optimization, memoryArena: memory, memoryPattern: !memory)
    // A runtime of this test's own, so that no other test's handles are counted.
    let runtime = try ONNXRuntime(libraryPath: try #require(Installed.library))
    do {
      let made = try (0..<3).map { _ in try ONNXSessionOptions(runtime: runtime, options: options) }
      withExtendedLifetime(made) {
        #expect(Set(made.map(\.handle)).count == 3, "each its own OrtSessionOptions")
        #expect(runtime.liveHandles.load(ordering: .relaxed) == 3)
      }
    }
    #expect(runtime.liveHandles.load(ordering: .relaxed) == 0, "each released by its deinit")
  }

  /// Each option reaches ONNX Runtime: a session built with it still loads and runs a model.
  @Test(
    .enabled(if: Installed.hasModels, Installed.skipMessage),
    arguments: [
      ONNXModel.Options(), ONNXModel.Options(intraOpThreads: 2), ONNXModel.Options(optimization: .none),
      ONNXModel.Options(memoryArena: false), ONNXModel.Options(memoryPattern: false),
      ONNXModel.Options(intraOpThreads: 2, spinning: false), ONNXModel.Options(sharedArena: true),
    ])
  func modelsLoadAndRunWithEachOption(options: ONNXModel.Options) throws {
    let model = try ONNXModel(path: try #require(Installed.path(.lineOrientation)), options: options)
    #expect(model.options == options)
    #expect(try model.run(ONNXModelTests.input([1, 3, 48, 192])).shape == [1, 2])
  }

  /// The detector's runs on two threads that sleep between their work (``SharedModels/detectorOptions(workers:)``)
  /// give what one thread gives.
  @Test(.enabled(if: Installed.hasModels, Installed.skipMessage))
  func twoThreadsWithoutSpinningGiveOneThreadsOutput() throws {
    let path = try #require(Installed.path(.detectorTiny))
    let one = try ONNXModel(path: path)
    let two = try ONNXModel(path: path, options: ONNXModel.Options(intraOpThreads: 2, spinning: false))
    let input = ONNXModelTests.input([1, 3, 96, 128])
    let (first, second) = (try one.run(input), try two.run(input))
    #expect(first.shape == second.shape)
    #expect(zip(first.values, second.values).allSatisfy { abs($0 - $1) < 1e-4 })
  }

  /// Two models on the environment's one arena, each loaded by a runtime of its own (the process has
  /// one environment, registered once whichever runtime asks first), run as each does alone.
  @Test(.enabled(if: Installed.hasModels, Installed.skipMessage))
  func modelsSharingTheArenaRunAsAlone() throws {
    let path = try #require(Installed.path(.detectorTiny))
    let alone = try ONNXModel(path: path, options: ONNXModel.Options(memoryPattern: false))
    let shared = ONNXModel.Options(memoryPattern: false, sharedArena: true)
    let first = try ONNXModel(path: path, options: shared)
    let own = try ONNXRuntime(libraryPath: try #require(Installed.library))
    let second = try ONNXModel(
      path: try #require(Installed.path(.detectorSmall)), options: shared, runtime: own)
    for shape in [[1, 3, 96, 128], [1, 3, 160, 64]] {
      let input = ONNXModelTests.input(shape)
      let expected = try alone.run(input)
      let output = try first.run(input)
      #expect(output.shape == expected.shape)
      #expect(zip(output.values, expected.values).allSatisfy { abs($0 - $1) < 1e-5 })
      #expect(try second.run(input).shape == [1, 1, shape[2], shape[3]])
    }
  }

  @Test func memoryInfoIsCreatedAndReleased() throws {
    let runtime = try ONNXRuntime(libraryPath: try #require(Installed.library))
    do {
      let made = try (0..<3).map { _ in try ONNXMemoryInfo(runtime: runtime) }
      withExtendedLifetime(made) {
        #expect(Set(made.map(\.handle)).count == 3, "each its own OrtMemoryInfo")
        #expect(runtime.liveHandles.load(ordering: .relaxed) == 3)
      }
    }
    #expect(runtime.liveHandles.load(ordering: .relaxed) == 0, "each released by its deinit")
  }

  @Test func valuesWrapTheCallersBufferAndReportTheirShape() throws {
    let runtime = try Installed.runtime
    let memory = try ONNXMemoryInfo(runtime: runtime)
    var floats: [Float] = (0..<24).map(Float.init)
    try floats.withUnsafeMutableBufferPointer { buffer in
      let value = try ONNXValue(wrapping: buffer, shape: [2, 3, 4], memory: memory, path: "test")
      #expect(try value.tensorInfo(path: "test") == ONNXTensorInfo(elementType: 1, shape: [2, 3, 4]))
      #expect(try value.floats(count: 24, path: "test") == buffer.map { $0 })
    }
  }

  @Test func aMissingLibraryTellsToRunMakeSetup() throws {
    let path = NSTemporaryDirectory() + "no-such-folder/libonnxruntime.so.1.32.0"
    let error = try #require(throws: ONNXRuntimeError.self) { try ONNXRuntime(libraryPath: path) }
    #expect(error.kind == .library)
    #expect(error.description.contains(path))
    #expect(error.description.contains("make setup"))
  }

  @Test func aFileThatIsNotALibraryTellsToRunMakeSetup() throws {
    let path = try TemporaryFile(bytes: Array("not an ELF file".utf8), suffix: ".so")
    let error = try #require(throws: ONNXRuntimeError.self) { try ONNXRuntime(libraryPath: path.path) }
    #expect(error.kind == .library)
    #expect(error.description.contains(path.path))
    #expect(error.description.contains("make setup"))
  }

  @Test func theLocatorSaysWhereItLookedAndWhatToRun() throws {
    let locator = PPOCRModelLocator(folders: ["/nowhere/a", "/nowhere/b"])
    let error = try #require(throws: ONNXRuntimeError.self) { try locator.runtimeLibrary() }
    #expect(error.kind == .library)
    #expect(error.description.contains("/nowhere/a, /nowhere/b"))
    #expect(error.description.contains("make setup"))
    #expect(error.description.contains("SCANBENCH_MODELS"))
  }

  @Test func theLocatorPrefersScanbenchModels() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path + "/ppocr", withIntermediateDirectories: true)
    #expect(
      FileManager.default.createFile(
        atPath: folder.path + "/ppocr/ppocrv6_dict.txt", contents: Data("a\n".utf8)))
    let locator = PPOCRModelLocator.discover(environment: ["SCANBENCH_MODELS": folder.path])
    #expect(locator.folders.first == folder.path)
    #expect(locator.folders.contains(FileManager.default.currentDirectoryPath + "/.models"))
    #expect(try locator.path(.dictionarySmall) == folder.path + "/ppocr/ppocrv6_dict.txt")
    let error = try #require(throws: ONNXRuntimeError.self) {
      try PPOCRModelLocator(folders: [folder.path]).path(.detectorTiny)
    }
    #expect(error.kind == .model)
  }
}

/// A file with the given bytes, removed when the value goes away.
final class TemporaryFile {
  let path: String

  init(bytes: [UInt8], suffix: String) throws {
    path = NSTemporaryDirectory() + "scanbench-ppocr-\(UUID().uuidString)\(suffix)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// An empty folder, removed with what is in it when the value goes away.
final class TemporaryFolder {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "scanbench-ppocr-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
