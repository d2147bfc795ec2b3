// ppocr-eval: the PP-OCR pipeline on a corpus folder (pairs NAME.<image> + NAME.gt.txt), printing CER
// and speed as one JSON line. For measuring; `make bench` and the tests do not run it.
//
//   ppocr-eval FOLDER [--rec small|tiny] [--rec-model PATH] [--dict PATH] [--first-rec tiny]
//                     [--det small|small-int8|small-int8-mixed|small-int8-mixed-7bit|tiny] [--det-model PATH]
//                     [--coarse-det small|tiny] [--single-line] [--cls] [--jobs N]
//                     [--case-fold] [--ignore-spaces] [--limit N] [--out DIR] [--set KEY=VALUE]...
//                     [--per-image]   (each image's CER in the JSON line, for percentiles)
//                     [--cache DIR]   (what the models read, kept to try reading orders on: a
//                                      folder filled by other models or settings is refused)
import Dispatch
import Foundation
import ScanbenchPPOCR
import ScanbenchScoring
import Synchronization

struct Arguments {
  var folder = ""
  var recognizer = "small"
  var recognizerModel: String?
  var dictionary: String?
  var firstRecognizer: String?
  var detector = "small"
  var detectorModel: String?
  var coarseDetector: String?
  var singleLine = false
  var classifier = false
  var jobs = 1
  var caseFold = false
  var ignoreSpaces = false
  var limit = 0
  var out: String?
  var settings: [(String, String)] = []
  var verbose = false
  var perImage = false
  var wordsFile: String?
  var cache: String?
  var arena = true
  var pattern = true

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    func value(_ name: String) throws -> String {
      guard let next = rest.popFirst() else { throw EvalError("\(name) needs a value") }
      return next
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--rec": recognizer = try value(argument)
      case "--rec-model": recognizerModel = try value(argument)
      case "--dict": dictionary = try value(argument)
      case "--first-rec": firstRecognizer = try value(argument)
      case "--det": detector = try value(argument)
      case "--det-model": detectorModel = try value(argument)
      case "--coarse-det": coarseDetector = try value(argument)
      case "--single-line": singleLine = true
      case "--cls": classifier = true
      case "--jobs": jobs = Int(try value(argument)) ?? 1
      case "--case-fold": caseFold = true
      case "--ignore-spaces": ignoreSpaces = true
      case "--limit": limit = Int(try value(argument)) ?? 0
      case "--out": out = try value(argument)
      case "--verbose": verbose = true
      case "--per-image": perImage = true
      case "--cache": cache = try value(argument)
      case "--arena": arena = try value(argument) != "0"
      case "--pattern": pattern = try value(argument) != "0"
      case "--words": wordsFile = try value(argument)
      case "--set":
        let pair = try value(argument).split(separator: "=", maxSplits: 1).map(String.init)
        guard pair.count == 2 else { throw EvalError("--set takes KEY=VALUE") }
        settings.append((pair[0], pair[1]))
      default:
        if argument.hasPrefix("-") { throw EvalError("unknown option \(argument)") }
        folder = argument
      }
    }
    if folder.isEmpty { throw EvalError("no corpus folder given") }
  }
}

struct EvalError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

func options(_ settings: [(String, String)]) throws -> PPOCRPipeline.Options {
  var options = PPOCRPipeline.Options()
  for (key, value) in settings {
    guard let number = Double(value) else { throw EvalError("--set \(key): \(value) is not a number") }
    switch key {
    case "thresh": options.binarizationThreshold = Float(number)
    case "box": options.boxThreshold = number
    case "unclip": options.unclipRatio = number
    case "dilate": options.dilateMap = number != 0
    case "minside": options.detectionMinSide = Int(number)
    case "maxside": options.detectionMaxSide = Int(number)
    case "band": options.detectionBandPixels = Int(number)
    case "coarseside": options.coarseDetectionSide = Int(number)
    case "linethick": options.detectionLineThickness = number > 0 ? number : nil
    case "coarsekeep": options.coarsePassAsDetection = number > 0
    case "linequantile": options.reducedReading.thicknessQuantile = number
    case "coarseread": options.coarseReadAtMostRegions = Int(number)
    case "overlap": options.detectionBandOverlap = Int(number)
    case "minwidth": options.recognitionMinWidth = Int(number)
    case "batch": options.recognitionBatchSize = Int(number)
    case "widthscale": options.recognitionWidthScale = number
    case "spaces": options.spacesFromInk = number > 0 ? number : nil
    case "narrow":  // the aspect ratio from which an image is narrow; 0: none is
      options.narrowPages = number > 0 ? options.narrowPages ?? .init() : nil
      options.narrowPages?.aspectRatio = number
    case "narrowside": options.narrowPages?.detectionMaxSide = Int(number)
    case "narrowscale": options.narrowPages?.recognitionWidthScale = number
    case "drop": options.minLineProbability = number
    case "vertical": options.verticalAspectRatio = number
    case "margin": options.singleLineMargin = number
    case "inkcrop": options.singleLineInkCrop = number != 0
    case "split": options.readingOrder.splitGap = number
    case "block": options.readingOrder.blockGap = number
    case "gutter": options.readingOrder.maxGutter = number
    case "columnlines": options.readingOrder.minColumnLines = Int(number)
    case "aligned": options.readingOrder.alignedShare = number
    case "fill": options.readingOrder.columnFill = number
    case "colwidth": options.readingOrder.minColumnWidth = number
    case "colwords": options.readingOrder.minColumnWords = Int(number)
    case "cascadechar": options.cascade.minCharacterProbability = Float(number)
    case "cascadecolumn": options.cascade.minColumnProbability = Float(number)
    case "rapidnorm": options.detectionNormalization = number != 0 ? .rapidDetection : .paddleDetection
    default: throw EvalError("--set: unknown setting \(key)")
    }
  }
  return options
}

struct Sample {
  var name: String
  var image: RGBImage
  var groundTruth: String
}

func loadSamples(_ arguments: Arguments) throws -> [Sample] {
  let names = try FileManager.default.contentsOfDirectory(atPath: arguments.folder).sorted()
  let extensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff"]
  var samples: [Sample] = []
  for name in names {
    let url = URL(fileURLWithPath: arguments.folder).appendingPathComponent(name)
    guard extensions.contains(url.pathExtension.lowercased()) else { continue }
    let stem = url.deletingPathExtension().lastPathComponent
    let gtPath = URL(fileURLWithPath: arguments.folder).appendingPathComponent(stem + ".gt.txt").path
    guard let groundTruth = try? String(contentsOfFile: gtPath, encoding: .utf8) else { continue }
    guard let image = RGBImage(contentsOf: url.path) else { throw EvalError("cannot read \(url.path)") }
    samples.append(Sample(name: stem, image: image, groundTruth: groundTruth))
    if arguments.limit > 0 && samples.count >= arguments.limit { break }
  }
  if samples.isEmpty { throw EvalError("no image with ground truth in \(arguments.folder)") }
  return samples
}

func makePipeline(_ arguments: Arguments, _ options: PPOCRPipeline.Options) throws -> PPOCRPipeline {
  let locator = PPOCRModelLocator.discover()
  let ort = ONNXModel.Options(memoryArena: arguments.arena, memoryPattern: arguments.pattern)
  let small = arguments.recognizer == "small"
  // --rec-model: a recognizer file of one's own (a quantization being tried) over --rec's dictionary,
  // or --dict's (a recognizer with classes of its own).
  let recognizer = try ONNXModel(
    path: arguments.recognizerModel ?? locator.path(small ? .recognizerSmall : .recognizerTiny), options: ort)
  let dictionary = try PPOCRDictionary.load(
    path: arguments.dictionary ?? locator.path(small ? .dictionarySmall : .dictionaryTiny))
  let detectorFiles: [String: PPOCRModelLocator.File] = [
    "small": .detectorSmall, "small-int8": .detectorSmallInt8, "small-int8-mixed": .detectorSmallInt8Mixed,
    "small-int8-mixed-7bit": .detectorSmallInt8Mixed7Bit, "tiny": .detectorTiny,
  ]
  guard let detectorFile = detectorFiles[arguments.detector] else {
    throw EvalError("--det: one of \(detectorFiles.keys.sorted().joined(separator: ", "))")
  }
  // --det-model: a detector file of one's own (a quantization being tried), in place of --det's.
  let detector =
    arguments.singleLine
    ? nil
    : try ONNXModel(path: arguments.detectorModel ?? locator.path(detectorFile), options: ort)
  // --coarse-det: the coarse pass's own detector, as the engine gives one (tiny behind small).
  let coarseDetector = try arguments.coarseDetector.map { name in
    guard let file = detectorFiles[name] else { throw EvalError("--coarse-det: \(name) is no detector") }
    return try ONNXModel(path: locator.path(file), options: ort)
  }
  let firstRecognizer = try arguments.firstRecognizer.map { name in
    guard name == "tiny" else { throw EvalError("--first-rec: only tiny reads first") }
    return (
      model: try ONNXModel(path: locator.path(.recognizerTiny), options: ort) as any TensorModel,
      dictionary: try PPOCRDictionary.load(path: locator.path(.dictionaryTiny))
    )
  }
  let classifier =
    arguments.classifier ? try ONNXModel(path: locator.path(.lineOrientation), options: ort) : nil
  return PPOCRPipeline(
    detector: detector, coarseDetector: coarseDetector, recognizer: recognizer,
    firstRecognizer: firstRecognizer,
    classifier: classifier,
    dictionary: dictionary, options: options)
}

/// Worker results, gathered under a lock.
struct Gathered {
  var texts: [String?]
  var results: [PPOCRResult?]
  var timings: [PPOCRPipeline.Timings] = []
  var error: String?
}

/// The pipeline's result; with `--cache`, the models' part is kept in (and taken from) a JSON file per
/// image, so reading orders can be tried without running the models again (never other models:
/// ``checkCache(_:)``).
func recognize(_ sample: Sample, _ pipeline: PPOCRPipeline, _ arguments: Arguments) throws -> PPOCRResult {
  guard let cache = arguments.cache else {
    return try pipeline.recognize(sample.image, singleLine: arguments.singleLine)
  }
  let path = cache + "/" + sample.name + ".json"
  let regions: [PPOCRRegion]
  if let data = FileManager.default.contents(atPath: path) {
    regions = try JSONDecoder().decode([PPOCRRegion].self, from: data)
  } else {
    regions = try pipeline.readRegions(sample.image, singleLine: arguments.singleLine)
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    try JSONEncoder().encode(regions).write(to: URL(fileURLWithPath: path))
  }
  return pipeline.layout(
    regions, imageWidth: sample.image.width, imageHeight: sample.image.height,
    singleLine: arguments.singleLine)
}

/// The settings that only order what was read (`--set` keys of the reading order): what a cache is
/// for trying. Every other setting, and the models, change what the cache holds.
let readingOrderSettings: Set<String> = [
  "split", "block", "gutter", "columnlines", "aligned", "fill", "colwidth", "colwords",
]

/// What filled a cache: the models and every setting but the reading order's, one per line.
func cacheIdentity(_ arguments: Arguments) -> String {
  var lines = [
    "rec \(arguments.recognizer)", "rec-model \(arguments.recognizerModel ?? "-")",
    "dict \(arguments.dictionary ?? "-")", "first-rec \(arguments.firstRecognizer ?? "-")",
    "det \(arguments.detector)", "det-model \(arguments.detectorModel ?? "-")",
    "coarse-det \(arguments.coarseDetector ?? "-")", "single-line \(arguments.singleLine)",
    "cls \(arguments.classifier)",
  ]
  lines += arguments.settings.filter { !readingOrderSettings.contains($0.0) }.map { "set \($0.0)=\($0.1)" }
  return lines.joined(separator: "\n") + "\n"
}

/// A cache holds what the models read, so a run with other models or settings would print the
/// cache's text as its own: refused. The first run into an empty folder records what filled it.
func checkCache(_ arguments: Arguments) throws {
  guard let cache = arguments.cache else { return }
  let identityPath = cache + "/models.txt"
  let identity = cacheIdentity(arguments)
  if let data = FileManager.default.contents(atPath: identityPath) {
    let recorded = String(decoding: data, as: UTF8.self)
    guard recorded == identity else {
      throw EvalError(
        "--cache \(cache) was filled with other models or settings (\(identityPath): "
          + "\(recorded.split(separator: "\n").joined(separator: ", ")); this run: "
          + "\(identity.split(separator: "\n").joined(separator: ", ")). Give another --cache folder")
    }
    return
  }
  let held = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
  guard !held.contains(where: { $0.hasSuffix(".json") }) else {
    throw EvalError(
      "--cache \(cache) holds regions but not \(identityPath), which says what models filled them: "
        + "give another --cache folder")
  }
  try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
  try Data(identity.utf8).write(to: URL(fileURLWithPath: identityPath))
}

/// The process's peak resident set size (Linux `getrusage` reports kilobytes).
func peakRSSMegabytes() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss / 1024
}

func main() throws {
  let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
  let pipelineOptions = try options(arguments.settings)
  let samples = try loadSamples(arguments)
  try checkCache(arguments)
  let next = Atomic<Int>(0)
  let gathered = Mutex(
    Gathered(
      texts: Array(repeating: nil, count: samples.count), results: Array(repeating: nil, count: samples.count)
    ))
  let jobs = max(1, arguments.jobs)
  let start = ContinuousClock.now
  DispatchQueue.concurrentPerform(iterations: jobs) { _ in
    do {
      let pipeline = try makePipeline(arguments, pipelineOptions)
      // One image first, untimed, as the Python reference warms its sessions up.
      if arguments.cache == nil {
        _ = try pipeline.recognize(samples[0].image, singleLine: arguments.singleLine)
      }
      let warm = pipeline.timings
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        if index >= samples.count { break }
        let result = try recognize(samples[index], pipeline, arguments)
        gathered.withLock {
          $0.texts[index] = result.text
          if arguments.wordsFile != nil { $0.results[index] = result }
        }
      }
      let timings = pipeline.timings.since(warm)
      gathered.withLock { $0.timings.append(timings) }
    } catch {
      gathered.withLock { $0.error = "\(error)" }
    }
  }
  let wall = ContinuousClock.now - start
  let result = gathered.withLock { $0 }
  if let error = result.error { throw EvalError(error) }
  let scoring = ScoringOptions(
    whitespace: arguments.ignoreSpaces ? .ignore : .collapse, caseFold: arguments.caseFold)
  var accumulator = RunScoreAccumulator(metric: scoring.descriptor)
  var worst: [(Double, String, String, String)] = []
  var perImage: [String: Double] = [:]
  if let out = arguments.out {
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
  }
  for (sample, text) in zip(samples, result.texts) {
    let text = text ?? ""
    let score = Scorer.score(groundTruth: sample.groundTruth, recognized: text, options: scoring)
    accumulator.add(score)
    worst.append((score.cer ?? 0, sample.name, sample.groundTruth, text))
    perImage[sample.name] = ((score.cer ?? 0) * 100_000).rounded() / 1000
    if let out = arguments.out {
      try text.write(toFile: out + "/" + sample.name + ".txt", atomically: true, encoding: .utf8)
    }
  }
  if let wordsFile = arguments.wordsFile {
    // One line per recognized line: image, line box, then each word with its box.
    var dump = ""
    for (sample, recognized) in zip(samples, result.results) {
      for line in recognized?.lines ?? [] {
        let b = line.box
        dump += "\(sample.name)\t\(b.x) \(b.y) \(b.width) \(b.height)"
        for word in line.words {
          let w = word.box
          dump += "\t\(w.x) \(w.y) \(w.width) \(w.height) \(word.text)"
        }
        dump += "\n"
      }
    }
    try dump.write(toFile: wordsFile, atomically: true, encoding: .utf8)
  }
  let timings = result.timings
  let total = timings.reduce(0) { $0 + $1.total }
  let inference = timings.reduce(0) { $0 + $1.inference }
  let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18
  var summary: [String: Any] = [
    "folder": URL(fileURLWithPath: arguments.folder).lastPathComponent,
    "rec": arguments.recognizerModel ?? arguments.recognizer,
    "det": arguments.singleLine ? "none" : arguments.detectorModel ?? arguments.detector,
    "cls": arguments.classifier, "jobs": jobs, "images": samples.count,
    "cer": ((accumulator.cerMicro ?? 0) * 100_000).rounded() / 1000,
    "edits": accumulator.edits, "chars": accumulator.groundTruthLength,
    "cpu_s": (total * 100).rounded() / 100, "wall": (wallSeconds * 100).rounded() / 100,
    "pipeline_wall_s": ((timings.reduce(0) { $0 + $1.wallClock }) * 100).rounded() / 100,
    "img_per_s": ((Double(samples.count) / wallSeconds) * 100).rounded() / 100,
    "outside_inference": ((total - inference) / max(total, 1e-9) * 10000).rounded() / 100,
    "det_s": ((timings.reduce(0) { $0 + $1.detectionInference }) * 100).rounded() / 100,
    "rec_s": ((timings.reduce(0) { $0 + $1.recognitionInference }) * 100).rounded() / 100,
    "cls_s": ((timings.reduce(0) { $0 + $1.classificationInference }) * 100).rounded() / 100,
    "lines_read_first": timings.reduce(0) { $0 + $1.linesReadFirst },
    "lines_read_again": timings.reduce(0) { $0 + $1.linesReadAgain },
    "post_s": ((timings.reduce(0) { $0 + $1.postProcessing }) * 100).rounded() / 100,
    "crop_s": ((timings.reduce(0) { $0 + $1.cropping }) * 100).rounded() / 100,
    "layout_s": ((timings.reduce(0) { $0 + $1.layout }) * 100).rounded() / 100,
    "det_input_mpx": Double(timings.reduce(0) { $0 + $1.detectorInputPixels } / 10_000) / 100,
    "det_map_mpx": Double(timings.reduce(0) { $0 + $1.detectorMapPixels } / 10_000) / 100,
    "rec_runs": timings.reduce(0) { $0 + $1.recognizerRuns },
    "rec_columns": timings.reduce(0) { $0 + $1.recognizerColumns },
    "rec_columns_first_pass": timings.reduce(0) { $0 + $1.recognizerColumnsFirstPass },
    "coarse_det": arguments.coarseDetector ?? "none",
    "text_sized": timings.reduce(0) { $0 + $1.textSizedDetections },
    "narrow_pages": timings.reduce(0) { $0 + $1.narrowPages },
    "peak_rss_mb": peakRSSMegabytes(), "arena": arguments.arena, "pattern": arguments.pattern,
    "settings": arguments.settings.map { "\($0.0)=\($0.1)" }.joined(separator: ","),
  ]
  if arguments.perImage { summary["per_image"] = perImage }
  let json = try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys])
  print(String(decoding: json, as: UTF8.self))
  if arguments.verbose {
    for (cer, name, groundTruth, text) in worst.sorted(by: { $0.0 > $1.0 }).prefix(15) {
      print(String(format: "%6.1f%% ", cer * 100) + name)
      print("  GT: " + groundTruth.replacingOccurrences(of: "\n", with: " ⏎ ").prefix(300))
      print("  OC: " + text.replacingOccurrences(of: "\n", with: " ⏎ ").prefix(300))
    }
  }
}

do {
  try main()
} catch {
  FileHandle.standardError.write(Data("ppocr-eval: \(error)\n".utf8))
  exit(2)
}
