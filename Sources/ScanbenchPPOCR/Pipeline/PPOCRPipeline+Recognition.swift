import Foundation
import Synchronization

extension PPOCRPipeline {
  /// Recognizes every region, with the first recognizer where there is one (``Options/Cascade``):
  /// the lines across it reads doubtfully, and every tall region, are read by the recognizer.
  func recognizeCascading(_ image: RGBImage, regions: [TextRegion]) throws -> [DecodedLine] {
    guard let firstReader else { return try recognizeRegions(image, regions: regions) }
    let across = regions.indices.filter { !regions[$0].isVertical }
    var decoded = [DecodedLine](
      repeating: DecodedLine(characters: [], contentColumns: 0), count: regions.count)
    let first = try recognizeRegions(
      image, regions: across.map { regions[$0] }, model: firstReader.model, decoder: firstReader.decoder)
    for (slot, index) in across.enumerated() { decoded[index] = first[slot] }
    let again = regions.indices.filter { regions[$0].isVertical || options.cascade.readsAgain(decoded[$0]) }
    timings.linesReadFirst += across.count
    timings.linesReadAgain += again.count(where: { !regions[$0].isVertical })
    let second = try recognizeRegions(image, regions: again.map { regions[$0] })
    for (slot, index) in again.enumerated() { decoded[index] = second[slot] }
    return decoded
  }

  /// Recognizes every region: crops sorted by aspect ratio, in batches as wide as their widest crop.
  /// `model` and `decoder`: the recognizer's, unless said. While other workers are idle, helpers
  /// read a share of the batches (``SpareCores``), also those that fall idle once the reading has
  /// begun; a batch reads the same whoever reads it.
  func recognizeRegions(
    _ image: RGBImage, regions: [TextRegion], model: TensorModel? = nil, decoder: CTCDecoder? = nil
  ) throws -> [DecodedLine] {
    let model = model ?? recognizer
    let decoder = decoder ?? self.decoder
    let batches = Self.recognitionBatches(regions, options: options)
    timings.recognizerRuns += batches.count
    timings.recognizerColumns += batches.reduce(0) { $0 + $1.width * $1.regions.count }
    var decoded = [DecodedLine](
      repeating: DecodedLine(characters: [], contentColumns: 0), count: regions.count)
    guard let spareCores, batches.count > 1 else {
      for batch in batches {
        let (lines, seconds, cropping) = try Self.read(
          batch, of: regions, in: image, model: model, decoder: decoder, options: options,
          input: &inputValues)
        timings.recognitionInference += seconds
        timings.cropping += cropping
        for (index, line) in zip(batch.regions, lines) { decoded[index] = line }
      }
      return decoded
    }
    // Safe: a pipeline given spare cores runs models that are safe to run from several threads at
    // once (``SpareCores``).
    let shared = UncheckedModel(model: model)
    let options = options
    let read = Mutex((lines: decoded, seconds: 0.0, cropping: 0.0))
    try spareCores.forEach(batches.count, scratch: { [Float]() }) { slot, input in
      let batch = batches[slot]
      let (lines, seconds, cropping) = try Self.read(
        batch, of: regions, in: image, model: shared.model, decoder: decoder, options: options, input: &input)
      read.withLock { read in
        read.seconds += seconds
        read.cropping += cropping
        for (index, line) in zip(batch.regions, lines) { read.lines[index] = line }
      }
    }
    let (lines, seconds, cropping) = read.withLock { ($0.lines, $0.seconds, $0.cropping) }
    timings.recognitionInference += seconds
    timings.cropping += cropping
    return lines
  }

  /// A model handed to helper threads.
  private struct UncheckedModel: @unchecked Sendable {
    let model: TensorModel
  }

  /// One recognizer run: the regions it reads, and each one's crop width in a batch this wide.
  struct RecognitionBatch: Sendable {
    var regions: [Int]
    var widths: [Int]
    var width: Int
  }

  /// The recognizer's runs for `regions`: sorted by aspect ratio, ``Options/recognitionBatchSize``
  /// a run, each as wide as its widest crop.
  static func recognitionBatches(_ regions: [TextRegion], options: Options) -> [RecognitionBatch] {
    let height = options.recognitionHeight
    let ratios = regions.map { $0.aspectRatio * options.recognitionWidthScale }
    let order = ratios.indices.sorted { ratios[$0] != ratios[$1] ? ratios[$0] < ratios[$1] : $0 < $1 }
    let batchSize = max(1, options.recognitionBatchSize)
    return stride(from: 0, to: order.count, by: batchSize).map { batchStart in
      let batch = Array(order[batchStart..<min(order.count, batchStart + batchSize)])
      let maxRatio = batch.reduce(Double(options.recognitionMinWidth) / Double(height)) {
        max($0, ratios[$1])
      }
      let batchWidth = max(1, Int(saturating: Double(height) * maxRatio))
      let widths = batch.map {
        min(batchWidth, max(1, Int(saturating: (Double(height) * ratios[$0]).rounded(.up))))
      }
      return RecognitionBatch(regions: batch, widths: widths, width: batchWidth)
    }
  }

  /// Reads one batch: each of its regions' lines, and the calling thread's CPU seconds in the model
  /// and in sampling the crops. `input` is the buffer its crops are sampled into.
  static func read(
    _ batch: RecognitionBatch, of regions: [TextRegion], in image: RGBImage, model: TensorModel,
    decoder: CTCDecoder, options: Options, input values: inout [Float]
  ) throws -> (lines: [DecodedLine], seconds: Double, cropping: Double) {
    let cropStart = threadCPUTime()
    let height = options.recognitionHeight
    let plane = height * batch.width
    let count = batch.regions.count
    zeroed(&values, count: count * 3 * plane) { base in
      for (slot, index) in batch.regions.enumerated() {
        Sampling.crop(
          image, quad: regions[index].quad, width: batch.widths[slot], height: height,
          normalization: options.recognitionNormalization,
          into: PlanarTarget(base: base + slot * 3 * plane, planeStride: plane, rowStride: batch.width))
      }
    }
    let input = Tensor(shape: [count, 3, height, batch.width], values: values)
    let start = threadCPUTime()
    let cropping = start - cropStart
    let output = try model.run(input)
    let seconds = threadCPUTime() - start
    let classes = decoder.classes.count
    guard output.shape.count == 3, output.shape[0] == count, output.shape[1] > 0 else {
      throw PPOCRError(
        "the recognizer gave a tensor of shape \(output.shape) for an input of \(input.shape); a CTC "
          + "recognizer gives [\(count), columns, classes]")
    }
    guard output.shape[2] == classes else {
      throw PPOCRError(
        "the recognizer has \(output.shape[2]) classes but the dictionary gives \(classes) "
          + "(\(classes - 2) characters, the blank and the space): wrong dictionary for this model")
    }
    let columns = output.shape[1]
    let lines = output.values.withUnsafeBufferPointer { values in
      let probabilities = CTCDecoder.givesProbabilities(values, classes: classes)
      return batch.regions.indices.map { slot in
        let content = Double(columns) * Double(batch.widths[slot]) / Double(batch.width)
        return decoder.decode(
          values, item: slot, columns: columns, contentColumns: content, probabilities: probabilities)
      }
    }
    // The space class's probability in each output column is the recognizer's own doubt; a model
    // that gives scores, not probabilities, has no scale to read it on.
    guard let share = options.spacesFromInk,
      output.values.withUnsafeBufferPointer({ CTCDecoder.givesProbabilities($0, classes: classes) })
    else { return (lines, seconds, cropping) }
    let spaceClass = classes - 1
    let spaceLikelihoods = output.values.withUnsafeBufferPointer { values in
      batch.regions.indices.map { slot in
        (0..<columns).map { column in values[(slot * columns + column) * classes + spaceClass] }
      }
    }
    let mended = input.values.withUnsafeBufferPointer { pixels in
      zip(batch.regions.indices, lines).map { slot, line in
        let base = slot * 3 * plane
        let ink = SpacesFromInk.inkColumns(width: batch.widths[slot], height: height) { x, y in
          let at = base + y * batch.width + x
          return pixels[at] + pixels[at + plane] + pixels[at + 2 * plane]
        }
        return SpacesFromInk.mended(
          line, ink: ink, spaceLikelihood: spaceLikelihoods[slot], height: height,
          pixelsPerColumn: Double(batch.width) / Double(columns), share: share)
      }
    }
    return (mended, seconds, cropping)
  }

  /// The line-orientation classifier: crops it finds upside down are turned half a turn.
  func classify(_ image: RGBImage, regions: inout [TextRegion]) throws {
    guard let classifier else { return }
    let height = options.classifierHeight
    let width = options.classifierWidth
    let plane = height * width
    let batchSize = max(1, options.classifierBatchSize)
    for batchStart in stride(from: 0, to: regions.count, by: batchSize) {
      let batch = batchStart..<min(regions.count, batchStart + batchSize)
      withZeroedInput(count: batch.count * 3 * plane) { base in
        for (slot, index) in batch.enumerated() {
          let cropWidth = min(
            width, max(1, Int(saturating: (Double(height) * regions[index].aspectRatio).rounded(.up))))
          Sampling.crop(
            image, quad: regions[index].quad, width: cropWidth, height: height,
            normalization: options.recognitionNormalization,
            into: PlanarTarget(base: base + slot * 3 * plane, planeStride: plane, rowStride: width))
        }
      }
      let input = Tensor(shape: [batch.count, 3, height, width], values: inputValues)
      let output = try run(classifier, input, timing: \.classificationInference)
      guard output.shape == [batch.count, 2] else {
        throw PPOCRError(
          "the line classifier gave a tensor of shape \(output.shape) for an input of \(input.shape); "
            + "it should give [\(batch.count), 2]")
      }
      for (slot, index) in batch.enumerated() where output.values[slot * 2 + 1] > output.values[slot * 2] {
        if output.values[slot * 2 + 1] >= options.classifierThreshold {
          regions[index].quad = regions[index].quad.turnedHalfTurn()
        }
      }
    }
  }
}

extension PPOCRPipeline {
  /// Whether a column's reading in cells is kept over its turned reading, by
  /// ``Options/cellReadingChoice``: `cells` are the readings that stand for the cells, and each
  /// must hold against the turned one.
  func keepsCells(_ cells: [DecodedLine], over turned: DecodedLine) -> Bool {
    cells.allSatisfy {
      Self.keepsCells($0, over: turned, choice: options.cellReadingChoice, margin: options.cellReadingMargin)
    }
  }

  /// Whether `cells` holds against `turned` by `choice` (``Options/CellReadingChoice``).
  static func keepsCells(
    _ cells: DecodedLine, over turned: DecodedLine, choice: Options.CellReadingChoice, margin: Double
  ) -> Bool {
    // A character read at no probability at all would outweigh any length.
    func summed(_ line: DecodedLine, credit: Double) -> Double {
      line.characters.reduce(0.0) { $0 + log(max(Double($1.probability), 1e-6)) + credit }
    }
    switch choice {
    case .meanProbability:
      return cells.probability + margin >= turned.probability
    case .summedLogProbability(let credit):
      return summed(cells, credit: credit) >= summed(turned, credit: credit)
    case .summedWhereLengthsDiffer(let credit):
      let choice: Options.CellReadingChoice =
        cells.characters.count == turned.characters.count
        ? .meanProbability : .summedLogProbability(credit: credit)
      return keepsCells(cells, over: turned, choice: choice, margin: margin)
    }
  }

  /// Each tall region of `detected` (turned to read down the column) is read again as a horizontal
  /// line of its character cells (``VerticalColumn``); that reading replaces the one found so far
  /// unless the latter is likelier by ``Options/cellReadingChoice``. The characters'
  /// columns are mapped back along the column, so word boxes stay on the page.
  func readColumnsInCells(
    _ image: RGBImage, detected: [TextRegion], regions: inout [TextRegion], decoded: inout [DecodedLine]
  ) throws {
    let kanaOverDoubtfulLetters = options.kanaOverDoubtfulLetters.map {
      (letterBelow: $0.letterBelow, kanaAtLeast: $0.kanaAtLeast, reach: $0.reach)
    }
    for index in detected.indices where detected[index].isVertical {
      guard let column = uprightColumn(image, quad: detected[index].quad.turnedClockwise()),
        var line = VerticalColumn.line(column)
      else { continue }
      // Cells placed along the gaps between characters keep their place where a mark set half-width
      // or a proportional kana moves the grid's phase; but they also cut a sideways Latin word at
      // the gaps between its letters, into slices the recognizer reads as kana surely, which no
      // turned run then replaces: a column whose turned reading holds Latin keeps the one grid.
      if options.cellsAlongGaps, !VerticalColumn.hasLatinRun(decoded[index]),
        let following = VerticalColumn.line(column, followingGaps: true)
      {
        line = following
      }
      guard var cells = try read(line) else { continue }
      let unreadAtFoot = VerticalColumn.unreadCellsAtFoot(cells, line: line)
      // A thin upright letter set as a bar reads `UIKit` as `UIK-t`: with bars standing, the
      // column's Latin runs are kept where the recognizer was surer of them.
      if line.hasBars,
        let standing = VerticalColumn.line(column, turningBars: false, followingGaps: line.followsGaps),
        let other = try read(standing)
      {
        cells = VerticalColumn.standingLetters(cells: cells, standing: other)
        cells = VerticalColumn.spliced(cells: cells, turned: other, keepingLatinCells: false)
      }
      if options.smallKanaFromInk {
        cells = VerticalColumn.withSmallKanaFromInk(cells, line: line)
      }
      if options.caseByHeight {
        cells = VerticalColumn.casedByHeight(VerticalColumn.halfWidthLatin(cells), line: line)
      }
      // The words the cells' upright letters make, read across: whichever reading is kept takes
      // their case (the turned reading sees them on their sides, where a capital and its small
      // letter look alike too).
      var wordsAcross: [(read: String, word: String)] = []
      if options.caseFromWordsAcross {
        (cells, wordsAcross) = try withCaseFromWordsAcross(VerticalColumn.halfWidthLatin(cells), line: line)
        // The turned reading's letters, found in the column's rows, where the cells misread a
        // letter or lost the grid at upright letters (set on a pitch of their own: `scriPt`).
        if regions[index].quad == detected[index].quad {
          wordsAcross += try self.wordsAcross(
            ofTurned: VerticalColumn.halfWidthLatin(decoded[index]), line: line)
        }
      }
      cells = Self.alongColumn(cells, line: line)
      // Read turned from the same quad, the column's Latin runs are kept where the recognizer was
      // surer of them than of the cells they stand for, found between the characters both readings
      // share (``VerticalColumn/splicedAtAnchors(cells:turned:overWordsTheCellsLost:)``); both readings' columns now lie
      // along the column.
      var standing = [cells]
      // The cells before any turned run goes in: their sure kana put back over letters
      // (``VerticalColumn/withSureKana(of:into:)``).
      let unspliced = cells
      if regions[index].quad == detected[index].quad {
        decoded[index] = try withLatinReadAlone(decoded[index], column: column, pitch: line.pitch)
        if options.turnedLookalikeLetters {
          decoded[index] = VerticalColumn.lettersFromLookalikes(decoded[index])
        }
        if options.sidewaysCaseByHeight {
          decoded[index] = VerticalColumn.casedAcross(
            decoded[index], line: line, fromBaseline: options.sidewaysHeightFromBaseline)
        }
        // A word the cells lost goes in, but does not make the cells likelier than they were: it
        // tells that their grid lost its phase there, and the turned reading may hold characters
        // they lost beside it.
        standing = [
          VerticalColumn.splicedAtAnchors(cells: cells, turned: decoded[index], overWordsTheCellsLost: false)
        ]
        // Nor do short words the cells lost, or kana put back over doubtful letters: the cells are
        // judged as spliced without them.
        var plainlySpliced = VerticalColumn.splicedAtAnchors(cells: cells, turned: decoded[index])
        if options.sureKanaFromCells {
          plainlySpliced = VerticalColumn.withSureKana(of: unspliced, into: plainlySpliced)
        }
        standing.append(plainlySpliced)
        // A kana the cells read twice anchors where it lies, but the cells are judged as spliced at
        // the first that will do, as before: without the word's slices their reading is likelier,
        // and would be kept over a turned reading that reads the column's marks better.
        cells = VerticalColumn.splicedAtAnchors(
          cells: cells, turned: decoded[index], shortWordsAtLeast: options.shortSidewaysWords,
          anchorsNearestInPlace: options.anchorsNearestInPlace,
          shortWordOverOneCell: options.shortWordOverOneCell,
          neighbourReadTwiceNoWord: options.neighbourReadTwiceInWords)
        if options.sureKanaFromCells {
          cells = VerticalColumn.withSureKana(of: unspliced, into: cells, doubtful: kanaOverDoubtfulLetters)
        }
        if let settings = options.kanaReadUpright {
          cells = try withKanaReadUpright(cells, column: column, pitch: line.pitch, settings: settings)
        }
        if let surely = options.kanaBesideLatinRuns {
          cells = try withKanaBesideLatinRuns(cells, column: column, pitch: line.pitch, kanaAtLeast: surely)
        }
      }
      cells = VerticalColumn.bareLetters(VerticalColumn.halfWidthLatin(cells))
      // Whichever reading is kept takes the `、。「」` the other read between the same neighbours: the
      // turned one drops them, and cells that lost their phase lose some of them too. Then the `、。`
      // the column's ink plainly holds that neither reading placed go in (``VerticalColumn/marksInInk(_:)``).
      let sameQuad = regions[index].quad == detected[index].quad
      if sameQuad && options.lettersOverBarsFromOtherReading {
        let turned = decoded[index]
        decoded[index] = VerticalColumn.withLettersOverBars(of: cells, into: turned)
        standing = standing.map { VerticalColumn.withLettersOverBars(of: turned, into: $0) }
        cells = VerticalColumn.withLettersOverBars(of: turned, into: cells)
      }
      let judged = sameQuad ? standing : standing + [cells]
      // The turned reading with the small kana the cells read, once: weighed so against every
      // reading that stands for the cells, and kept so.
      let turned =
        options.smallKanaIntoTurnedReading
        ? VerticalColumn.withSmallKana(
          of: cells, into: decoded[index],
          smallKanaInk: options.smallKanaByTheirInk ? VerticalColumn.inkOfCharacters(in: line) : nil)
        : decoded[index]
      guard keepsCells(judged, over: turned) else {
        if sameQuad { decoded[index] = turned }
        // The `、。` the column's ink holds: the marks put in and the kinds of those read, both.
        let inkMarks =
          sameQuad && (options.marksFromInk || options.markKindsFromInk)
          ? VerticalColumn.marksInInk(column, shortCommas: options.shortCommasFromInk) : []
        if options.sureKanaFromCells {
          decoded[index] = VerticalColumn.withSureKana(
            of: unspliced, into: decoded[index], doubtful: kanaOverDoubtfulLetters)
        }
        if sameQuad, let settings = options.kanaReadUpright {
          decoded[index] = try withKanaReadUpright(
            decoded[index], column: column, pitch: line.pitch, settings: settings)
        }
        if sameQuad, let surely = options.kanaBesideLatinRuns {
          decoded[index] = try withKanaBesideLatinRuns(
            decoded[index], column: column, pitch: line.pitch, kanaAtLeast: surely)
        }
        // Lookalikes read as ASCII letters first (`×` beside letters as `x`), so a word finds its run.
        decoded[index] = VerticalColumn.withWords(
          wordsAcross, into: VerticalColumn.bareLetters(decoded[index]))
        if sameQuad, let margin = options.voicingMarksFromBothReadings {
          decoded[index] = VerticalColumn.withVoicingFromBothReadings(
            of: cells, into: decoded[index], margin: margin)
        }
        if sameQuad, let surerThan = options.marksFromOtherReading {
          decoded[index] = VerticalColumn.withMarks(of: cells, into: decoded[index], surerThan: surerThan)
        }
        if sameQuad && options.marksFromInk {
          decoded[index] = VerticalColumn.withInkMarks(
            inkMarks, into: decoded[index], height: Double(column.height))
        }
        if sameQuad, let gaps = options.marksInGaps {
          decoded[index] = withGapMarks(column, into: decoded[index], gaps: gaps)
        }
        if sameQuad && options.voicingMarksFromInk {
          decoded[index] = VerticalColumn.withInkVoicingMarks(decoded[index], column: column, line: line)
        }
        if sameQuad && options.bracketsFromInk {
          decoded[index] = VerticalColumn.withBracketsFromInk(
            column, into: decoded[index], pitch: line.pitch,
            openingAfterFullStops: options.openingBracketsFromInk,
            openingAfterClosing: options.openingBracketsAfterClosing,
            singleOverDouble: options.singleBracketsOverDouble,
            closingAfterMarks: options.closingBracketsAfterMarks, backToBack: options.bracketsBackToBack,
            atColumnEnds: options.bracketsAtColumnEnds, koOverClosing: options.koOverClosingBrackets,
            hyphensInWords: options.hyphensInWordsKept)
        }
        if sameQuad && options.onesFromInk {
          decoded[index] = VerticalColumn.withOnesFromInk(column, into: decoded[index], pitch: line.pitch)
        }
        if sameQuad && options.ellipsesFromInk {
          decoded[index] = VerticalColumn.withEllipsesFromInk(column, into: decoded[index])
        }
        if sameQuad && options.colonsFromInk {
          decoded[index] = VerticalColumn.withColonsFromInk(
            column, into: decoded[index], pitch: line.pitch, uprightColons: options.uprightColonsFromInk,
            balance: options.uprightColonBalance, atFoot: options.uprightColonsAtFoot)
        }
        if sameQuad && options.exclamationMarksFromInk {
          decoded[index] = VerticalColumn.withExclamationMarksFromInk(
            column, into: decoded[index], pitch: line.pitch, parted: options.exclamationMarksParted)
        }
        if sameQuad && options.markKindsFromInk {
          decoded[index] = VerticalColumn.withMarkKindsFromInk(
            inkMarks, into: decoded[index], height: Double(column.height))
        }
        if sameQuad && options.parenthesesFromInk {
          decoded[index] = VerticalColumn.withParenthesesFromInk(
            column, into: decoded[index], pitch: line.pitch, atColumnEnds: options.parenthesesAtColumnEnds,
            margin: options.parenthesisMargin, widest: options.widestParenthesis,
            overOne: options.parenthesesOverOne, touching: options.parenthesesTouchingTheirNeighbours)
        }
        continue
      }
      // The characters at the column's foot the cells read as nothing, from the turned reading.
      if sameQuad, let surerThan = options.footTheCellsLost {
        cells = VerticalColumn.withFoot(
          of: decoded[index], into: cells, unreadCells: unreadAtFoot, surerThan: surerThan)
      }
      // A character the cells misread (a small kana read full size, half a neighbour in its cell)
      // is often read right turned, whole among its neighbours.
      if sameQuad, let margin = options.charactersFromTurnedReading {
        cells = VerticalColumn.withSurerCharacters(
          of: decoded[index], into: cells, margin: margin,
          voicingMargin: options.voicingMarksFromTurnedReading, lostSurerThan: options.charactersTheCellsLost)
      }
      // A kana the cells read as a letter beside upright Latin letters, read surely turned.
      if sameQuad, let settings = options.kanaOverCellLetters {
        cells = VerticalColumn.withKanaOverLetters(
          of: decoded[index], into: cells, kanaAtLeast: settings.kanaAtLeast,
          letterBelow: settings.letterBelow)
      }
      // A voicing mark one reading lost, the other read: both readings' doubts about it decide.
      if sameQuad, let margin = options.voicingMarksFromBothReadings {
        cells = VerticalColumn.withVoicingFromBothReadings(of: decoded[index], into: cells, margin: margin)
      }
      // A voicing mark both readings lost is still plain in the cell's ink.
      if options.voicingMarksFromInk {
        cells = VerticalColumn.withInkVoicingMarks(cells, column: column, line: line)
      }
      if sameQuad, let surerThan = options.marksFromOtherReading {
        cells = VerticalColumn.withMarks(of: decoded[index], into: cells, surerThan: surerThan)
      }
      let inkMarks =
        options.marksFromInk || options.markKindsFromInk
        ? VerticalColumn.marksInInk(column, shortCommas: options.shortCommasFromInk) : []
      if options.marksFromInk {
        cells = VerticalColumn.withInkMarks(inkMarks, into: cells, height: Double(column.height))
      }
      if let gaps = options.marksInGaps {
        cells = withGapMarks(column, into: cells, gaps: gaps)
      }
      if options.bracketsFromInk {
        cells = VerticalColumn.withBracketsFromInk(
          column, into: cells, pitch: line.pitch, openingAfterFullStops: options.openingBracketsFromInk,
          openingAfterClosing: options.openingBracketsAfterClosing,
          singleOverDouble: options.singleBracketsOverDouble,
          closingAfterMarks: options.closingBracketsAfterMarks, backToBack: options.bracketsBackToBack,
          atColumnEnds: options.bracketsAtColumnEnds, koOverClosing: options.koOverClosingBrackets,
          hyphensInWords: options.hyphensInWordsKept)
      }
      if options.onesFromInk {
        cells = VerticalColumn.withOnesFromInk(column, into: cells, pitch: line.pitch)
      }
      if options.ellipsesFromInk {
        cells = VerticalColumn.withEllipsesFromInk(column, into: cells)
      }
      if options.colonsFromInk {
        cells = VerticalColumn.withColonsFromInk(
          column, into: cells, pitch: line.pitch, uprightColons: options.uprightColonsFromInk,
          balance: options.uprightColonBalance, atFoot: options.uprightColonsAtFoot)
      }
      if options.exclamationMarksFromInk {
        cells = VerticalColumn.withExclamationMarksFromInk(
          column, into: cells, pitch: line.pitch, parted: options.exclamationMarksParted)
      }
      // A `、` read for `。` or the other way round, where the ink shows which it is.
      if options.markKindsFromInk {
        cells = VerticalColumn.withMarkKindsFromInk(inkMarks, into: cells, height: Double(column.height))
      }
      if options.parenthesesFromInk {
        cells = VerticalColumn.withParenthesesFromInk(
          column, into: cells, pitch: line.pitch, atColumnEnds: options.parenthesesAtColumnEnds,
          margin: options.parenthesisMargin, widest: options.widestParenthesis,
          overOne: options.parenthesesOverOne, touching: options.parenthesesTouchingTheirNeighbours)
      }
      regions[index] = detected[index]
      decoded[index] = VerticalColumn.withWords(wordsAcross, into: cells)
    }
    // Whichever way a column was read, what it cannot hold is read as what it can
    // (``VerticalColumn/bareLetters(_:)``, ``VerticalColumn/verticalMarks(_:pointsAsCommas:)``).
    for index in detected.indices where detected[index].isVertical && regions[index].isVertical {
      // A column of upright letters, whichever way it was read, read again set across whole.
      if let atLeast = options.columnsOfLettersReadAcross, regions[index].quad == detected[index].quad,
        VerticalColumn.isMostlyLetters(decoded[index]),
        let column = uprightColumn(image, quad: detected[index].quad.turnedClockwise())
      {
        decoded[index] = try withColumnReadAcross(decoded[index], column: column, atLeast: atLeast)
      }
      if options.lettersInASCIIWhicheverReading {
        decoded[index] = VerticalColumn.halfWidthLatin(decoded[index])
      }
      decoded[index] = VerticalColumn.verticalMarks(
        VerticalColumn.bareLetters(decoded[index]), pointsAsCommas: options.pointsAfterJapaneseAsCommas)
      if options.letterJAtColumnHead { decoded[index] = VerticalColumn.letterJAtHead(decoded[index]) }
      if options.barsEndingWordsAsL { decoded[index] = VerticalColumn.barsEndingWordsAsL(decoded[index]) }
      if options.fullWidthMarks { decoded[index] = VerticalColumn.fullWidthMarks(decoded[index]) }
    }
    if let reach = options.marksUnderFoot {
      for index in detected.indices where detected[index].isVertical && regions[index].isVertical {
        decoded[index] = withMarkUnderFoot(
          image, of: index, in: detected, reading: decoded[index], reach: reach)
      }
    }
    if let reach = options.parenthesesBeyondBox {
      for index in detected.indices where detected[index].isVertical && regions[index].isVertical {
        decoded[index] = withParenthesesBeyondBox(
          image, of: index, in: detected, reading: decoded[index], reach: reach)
      }
    }
    // Ruby beside a column is read as a column of its own: left out, as a reader leaves it.
    let tall = detected.indices.filter { detected[$0].isVertical }
    let boxes = tall.map {
      (
        box: PPOCRBox(covering: detected[$0].quad.points, imageWidth: image.width, imageHeight: image.height),
        text: decoded[$0].text
      )
    }
    for slot in VerticalColumn.rubyColumns(boxes, probabilities: tall.map { decoded[$0].probability }) {
      decoded[tall[slot]] = DecodedLine(characters: [], contentColumns: decoded[tall[slot]].contentColumns)
    }
  }

  /// `reading` of `column` with the marks of the empty cells a scan left in its ink
  /// (``VerticalColumn/marksInGaps(_:empty:remnant:longest:)``).
  func withGapMarks(_ column: VerticalColumn.Grey, into reading: DecodedLine, gaps: Options.MarkGaps)
    -> DecodedLine
  {
    let marks = VerticalColumn.marksInGaps(
      column, empty: gaps.empty, remnant: gaps.remnant, longest: gaps.longest)
    return VerticalColumn.withInkMarks(
      marks, into: reading, height: Double(column.height), besides: VerticalColumn.isLookalikeOfGapMark,
      outsideLatinWords: options.gapMarksOutsideLatinWords)
  }

  /// `reading` of the column `detected[index]` with the `、。` under its foot put at its end
  /// (``VerticalColumn/markUnderFoot(_:foot:empty:remnant:longest:whole:)``), where it ends in
  /// no mark: the page below the box is looked at for `reach` of the column's width, short of a horizontal line below
  /// it (a page number, a heading) and the page's edge; the rest of a column the detector cut, or
  /// the next tier, may lie in it.
  func withMarkUnderFoot(
    _ image: RGBImage, of index: Int, in detected: [TextRegion], reading: DecodedLine, reach: Double
  )
    -> DecodedLine
  {
    guard let last = reading.characters.last else { return reading }
    // After a small kana, high in its cell, the cell's empty rows below look a mark's.
    let markMayFollow =
      !VerticalColumn.isLookalikeOfGapMark(last.text) && VerticalColumn.smallKana[last.text] == nil
    let ellipsisMayFollow = options.ellipsesFromInk && !VerticalColumn.isLookalikeOfEllipsis(last.text)
    guard markMayFollow || ellipsisMayFollow else { return reading }
    let box = PPOCRBox(
      covering: detected[index].quad.points, imageWidth: image.width, imageHeight: image.height)
    let bottom = box.y + box.height
    var below = min(reach * Double(box.width), Double(image.height - bottom))
    for other in detected.indices where other != index {
      let them = PPOCRBox(
        covering: detected[other].quad.points, imageWidth: image.width, imageHeight: image.height)
      let overlap = min(box.x + box.width, them.x + them.width) - max(box.x, them.x)
      guard !detected[other].isVertical, overlap > 0, them.y + them.height > bottom,
        them.y * 2 >= box.y * 2 + box.height
      else { continue }
      below = min(below, Double(them.y - bottom))
    }
    guard below >= 1 else { return reading }
    let upright = detected[index].quad.turnedClockwise()
    let downLength = upright.topLeft.distance(to: upright.bottomLeft)
    guard downLength > 0 else { return reading }
    let down = (upright.bottomLeft - upright.topLeft) * (below / downLength)
    var extended = upright
    extended.bottomLeft = upright.bottomLeft + down
    extended.bottomRight = upright.bottomRight + down
    guard let column = uprightColumn(image, quad: extended) else { return reading }
    let foot = Int(
      saturating: (Double(column.height) * upright.thickness / extended.thickness).rounded(.down))
    let at = max(last.lastColumn, Int(saturating: reading.contentColumns.rounded(.up)) - 1)
    // The dots of `…` under the foot, where the detector ended the box at them.
    if ellipsisMayFollow {
      let count = VerticalColumn.ellipsisUnderFoot(column, foot: foot)
      if count > 0 {
        var result = reading
        // As likely as the reading (``VerticalColumn/withInkEllipses(_:into:height:em:)``).
        let dots = DecodedCharacter(
          text: "…", firstColumn: at, lastColumn: at, probability: Float(reading.probability))
        result.characters += Array(repeating: dots, count: count)
        return result
      }
    }
    guard markMayFollow else { return reading }
    let gaps = options.marksInGaps ?? Options.MarkGaps()
    guard
      let mark = VerticalColumn.markUnderFoot(
        column, foot: foot, empty: gaps.empty, remnant: gaps.remnant, longest: gaps.longest,
        whole: options.wholeMarksUnderFoot)
    else { return reading }
    var result = reading
    result.characters.append(DecodedCharacter(text: mark, firstColumn: at, lastColumn: at, probability: 1))
    return result
  }

  /// `cells`, read in `line`'s scale, with each character's columns mapped back along the column
  /// the line was cut from, so word boxes stay on the page.
  static func alongColumn(_ cells: DecodedLine, line: VerticalColumn.Line) -> DecodedLine {
    let content = cells.contentColumns
    guard content > 0 else { return cells }
    func mapped(_ column: Int) -> Int {
      let along = line.columnFraction(ofLineFraction: (Double(column) + 0.5) / content)
      return min(
        max(Int(saturating: (along * content).rounded(.towardZero)), 0),
        max(0, Int(saturating: content.rounded(.up)) - 1))
    }
    var cells = cells
    for slot in cells.characters.indices {
      let first = mapped(cells.characters[slot].firstColumn)
      cells.characters[slot].firstColumn = first
      cells.characters[slot].lastColumn = max(first, mapped(cells.characters[slot].lastColumn))
    }
    return cells
  }

  /// Tall regions that hold a column of each of two tiers (joined by the detector across the gap
  /// between tiers, ``VerticalColumn/tierGapSpans(_:minGap:)``) cut into one region a tier. A tier's
  /// gap runs across the page: a cut is made only where another tall region is cut too, or ends or
  /// starts, within ``Options/tierAlignment`` of the page's height of the gap's middle (a single
  /// column is never cut). A gap at least ``Options/wideTierGap`` ems long is taken whole, not its
  /// middle alone: the columns of the upper tier end at their own heights, and a gap between tiers
  /// wide on a blurred page, so another column's end may lie far from the middle and still inside
  /// the gap. A narrower gap is most often a mark the scan lost inside a tier (a full stop, the
  /// dots of an ellipsis), where another column's end near its edge is no sign of a tier.
  func splitAtTierGaps(_ image: RGBImage, regions: [TextRegion]) -> [TextRegion] {
    let spans = regions.map { region -> [(from: Double, to: Double, ems: Double)] in
      guard region.isVertical, let column = uprightColumn(image, quad: region.quad.turnedClockwise()) else {
        return []
      }
      return VerticalColumn.tierGapSpans(column)
    }
    func row(_ region: TextRegion, _ along: Double) -> Double {
      region.quad.point(along: along, across: 0.5).y
    }
    let tolerance = options.tierAlignment * Double(image.height)
    var result: [TextRegion] = []
    for (index, region) in regions.enumerated() {
      let kept = spans[index].filter { span in
        let middle = (span.from + span.to) / 2
        let whole = options.wideTierGap.map { span.ems >= $0 } ?? false
        let (top, bottom) =
          whole ? (row(region, span.from), row(region, span.to)) : (row(region, middle), row(region, middle))
        let rows = (min(top, bottom) - tolerance)...(max(top, bottom) + tolerance)
        return regions.indices.contains { other in
          guard other != index, regions[other].isVertical else { return false }
          let marks = spans[other].map { ($0.from + $0.to) / 2 } + [0, 1]
          return marks.contains { rows.contains(row(regions[other], $0)) }
        }
      }.map { ($0.from + $0.to) / 2 }
      guard !kept.isEmpty else {
        result.append(region)
        continue
      }
      let bounds = [0.0] + kept + [1.0]
      for (from, to) in zip(bounds, bounds.dropFirst()) {
        var piece = region
        piece.quad = region.quad.slice(from: from, to: to)
        result.append(piece)
      }
    }
    return result
  }

  /// `turned` (the reading of `column` turned a quarter turn) with each stretch that may hold a
  /// sideways Latin word (``VerticalColumn/stretchesToReadAlone(_:em:)``) read again alone, turned
  /// back upright, where that reads it surer (``VerticalColumn/withRunReadAlone(_:run:from:to:alone:)``).
  /// `pitch`: the column's rows a character.
  func withLatinReadAlone(_ turned: DecodedLine, column: VerticalColumn.Grey, pitch: Double) throws
    -> DecodedLine
  {
    let length = Double(column.height)
    let stretches = VerticalColumn.stretchesToReadAlone(
      turned, em: pitch / length, loneDoubtfulCharacters: options.loneDoubtfulCharactersReadAlone)
    var result = turned
    // From the last stretch back, so the runs before it keep their indices.
    for stretch in stretches.reversed() {
      let top = Int(saturating: (stretch.from * length).rounded(.down))
      let bottom = min(column.height, Int(saturating: (stretch.to * length).rounded(.up)))
      guard bottom - top >= 2 else { continue }
      let piece = column.rows(top..<bottom)
      guard let alone = try readUpright(VerticalColumn.turnedCounterClockwise(piece)) else { continue }
      result = VerticalColumn.withRunReadAlone(
        result, run: stretch.run, from: Double(top) / length, to: Double(bottom) / length, alone: alone)
    }
    return result
  }

  /// `reading` (a column's reading, its characters' columns along `column`) with each doubtful
  /// letter inside a long Latin run (``VerticalColumn/doubtfulLettersToReadUpright(_:letterBelow:atFootAndBetweenSpacedWords:)``)
  /// read as the hiragana the recognizer reads surely in the em of the column around it, read
  /// upright alone (``VerticalColumn/withKanaReadUpright(_:at:upright:kanaAtLeast:)``): the cell is
  /// taken at the letter's middle, and where that is read unsurely
  /// (``Options/KanaReadUpright/shiftedCellsBelow``) a quarter em either side of it too, since the
  /// turned reading places a kana set between two sideways words only roughly; the surest reading
  /// of one character is kept.
  func withKanaReadUpright(
    _ reading: DecodedLine, column: VerticalColumn.Grey, pitch: Double,
    settings: Options.KanaReadUpright
  ) throws -> DecodedLine {
    let length = Double(column.height)
    let em = max(2, Int(saturating: pitch.rounded()))
    var result = reading
    let letters = VerticalColumn.doubtfulLettersToReadUpright(
      reading, letterBelow: settings.letterBelow,
      atFootAndBetweenSpacedWords: settings.atFootAndBetweenSpacedWords)
    for letter in letters {
      var best: DecodedLine?
      for shift in [0.0, -0.25, 0.25] {
        // The middle cell read as one character surely holds the kana whole, or holds no kana.
        if shift != 0, let middle = best?.characters.first,
          middle.probability >= settings.shiftedCellsBelow
        {
          break
        }
        var top = Int(saturating: (letter.middle * length + shift * pitch - pitch / 2).rounded())
        // The kana at a column's foot fills the column's last em, which a cell placed by the
        // turned reading's rough middle may run past: the cell is kept inside the column.
        if settings.atFootAndBetweenSpacedWords { top = min(max(0, top), column.height - em) }
        guard top >= 0, top + em <= column.height else { continue }
        let cell = column.rows(top..<(top + em))
        guard let upright = try readUpright(cell), upright.characters.count == 1 else { continue }
        if upright.characters[0].probability > best?.characters.first?.probability ?? 0 { best = upright }
      }
      guard let best else { continue }
      result = VerticalColumn.withKanaReadUpright(
        result, at: letter.index, upright: best, kanaAtLeast: settings.kanaAtLeast)
    }
    return result
  }

  /// `reading` (a column's reading, its characters' columns along `column`) with the hiragana the
  /// recognizer reads surely in an em of the column beside a Latin run where no character of the
  /// reading stands (``VerticalColumn/stretchesBesideLatinRuns(_:inkFrom:inkTo:em:)``), read
  /// upright alone, put in (``VerticalColumn/withKanaPutIn(_:at:from:em:upright:kanaAtLeast:)``).
  func withKanaBesideLatinRuns(
    _ reading: DecodedLine, column: VerticalColumn.Grey, pitch: Double, kanaAtLeast: Float
  ) throws -> DecodedLine {
    guard VerticalColumn.hasLatinRun(reading), let ink = VerticalColumn.ink(of: column),
      let firstRow = ink.band.rows.firstIndex(where: { $0 > 0 }),
      let lastRow = ink.band.rows.lastIndex(where: { $0 > 0 })
    else { return reading }
    let length = Double(column.height)
    let em = pitch / length
    let height = max(2, Int(saturating: pitch.rounded()))
    var result = reading
    let stretches = VerticalColumn.stretchesBesideLatinRuns(
      reading, inkFrom: Double(firstRow) / length, inkTo: Double(lastRow + 1) / length, em: em)
    // From the last stretch back, so the characters before it keep their indices.
    for stretch in stretches.reversed() {
      let top = Int(saturating: (stretch.from * length).rounded())
      guard top >= 0, top + height <= column.height else { continue }
      guard let upright = try readUpright(column.rows(top..<(top + height))) else { continue }
      result = VerticalColumn.withKanaPutIn(
        result, at: stretch.insertAt, from: stretch.from, em: em, upright: upright, kanaAtLeast: kanaAtLeast)
    }
    return result
  }

  /// `cells` (read in `line`) with each run of upright letters in the case the recognizer reads
  /// them in set across (and, with ``Options/lettersFromWordsAcross``, a lookalike letter as the
  /// word reads it), as a word (``VerticalColumn/wordAcross(rows:of:)``,
  /// ``VerticalColumn/letters(readAcross:matching:at:)``), and those words.
  func withCaseFromWordsAcross(_ cells: DecodedLine, line: VerticalColumn.Line) throws -> (
    cells: DecodedLine, words: [(read: String, word: String)]
  ) {
    var result = cells
    var words: [(read: String, word: String)] = []
    let thin = options.thinLettersFromWordsAcross
    for word in VerticalColumn.uprightWords(cells, line: line, thinStrokes: thin != nil) {
      guard let picture = VerticalColumn.wordAcross(rows: word.cells.map { line.cellRows[$0] }, of: line),
        let across = try readUpright(picture)
      else { continue }
      guard
        let letters = VerticalColumn.letters(
          readAcross: across, matching: result, at: word.characters,
          otherLettersSurerThan: options.lettersFromWordsAcross, thinLettersSurerThan: thin)
      else { continue }
      let read = word.characters.map { result.characters[$0].text }.joined()
      for (letter, index) in zip(letters, word.characters) {
        let stroke = result.characters[index].text
        // A thin letter the word tells is read as surely as the word reads it: alone, the bare
        // stroke was read doubtfully, and the column's readings are weighed by how surely they read.
        if thin != nil, VerticalColumn.isBar(stroke) || stroke == "1", letter.text != stroke {
          result.characters[index].probability = max(result.characters[index].probability, letter.probability)
        }
        result.characters[index].text = letter.text
      }
      words.append((read, letters.map(\.text).joined()))
    }
    return (result, words)
  }

  /// The words the letters of `turned` (the column read turned) make, read set across from the
  /// rows of `line`'s column they lie in (``VerticalColumn/letterRows(of:in:line:)``), where that reads the same
  /// letters but for their case.
  func wordsAcross(ofTurned turned: DecodedLine, line: VerticalColumn.Line) throws -> [(
    read: String, word: String
  )] {
    var words: [(read: String, word: String)] = []
    for run in VerticalColumn.letterRuns(turned.characters) {
      guard let rows = VerticalColumn.letterRows(of: run, in: turned, line: line),
        let picture = VerticalColumn.wordAcross(rows: rows, of: line),
        let across = try readUpright(picture),
        let letters = VerticalColumn.letters(
          readAcross: across, matching: turned, at: Array(run),
          otherLettersSurerThan: options.lettersFromWordsAcross)
      else { continue }
      words.append((turned.characters[run].map(\.text).joined(), letters.map(\.text).joined()))
    }
    return words
  }

  /// What the recognizer reads in `grey`, a line of text, with a margin of its own height's quarter
  /// either side.
  func readUpright(_ grey: VerticalColumn.Grey) throws -> DecodedLine? {
    let margin = max(1, grey.height / 4)
    let paper = VerticalColumn.median(of: VerticalColumn.histogram(grey)) ?? 255
    var padded = VerticalColumn.Grey(width: grey.width + 2 * margin, height: grey.height, value: UInt8(paper))
    for y in 0..<grey.height {
      for x in 0..<grey.width { padded[margin + x, y] = grey[x, y] }
    }
    let line = VerticalColumn.Line(
      image: padded, cellStarts: [], pitch: 1, cellSize: 1, margin: 0, columnLength: 1)
    guard let read = try read(line), read.contentColumns > 0 else { return nil }
    // The margins' columns taken off, so the characters' columns lie along `grey`.
    let scale = read.contentColumns / Double(padded.width)
    let offset = Double(margin) * scale
    let characters = read.characters.map { character -> DecodedCharacter in
      var moved = character
      moved.firstColumn = max(0, Int(saturating: (Double(character.firstColumn) - offset).rounded(.down)))
      moved.lastColumn = max(
        moved.firstColumn, Int(saturating: (Double(character.lastColumn) - offset).rounded(.down)))
      return moved
    }
    return DecodedLine(characters: characters, contentColumns: Double(grey.width) * scale)
  }

  /// What the recognizer reads in a column set out as a line, the columns in the line's scale.
  func read(_ line: VerticalColumn.Line) throws -> DecodedLine? {
    let lineImage = RGBImage(width: line.image.width, height: line.image.height, grey: line.image.pixels)
    let whole = Quad(left: 0, top: 0, right: Double(lineImage.width), bottom: Double(lineImage.height))
    let region = TextRegion(pageQuad: whole, score: 1, verticalAspectRatio: .infinity)
    return try recognizeRegions(lineImage, regions: [region]).first
  }

  /// The grey picture of a column standing on the page as `quad` (its top edge across the column's
  /// top), at its own scale, or at least 40 pixels across.
  func uprightColumn(_ image: RGBImage, quad: Quad) -> VerticalColumn.Grey? {
    let across = quad.length.rounded(.down)
    let down = quad.thickness.rounded(.down)
    guard across >= 2, down >= 2 else { return nil }
    let scale = min(max(1, 40 / across), 6000 / down)
    let width = max(1, Int(saturating: (across * scale).rounded()))
    let height = max(1, Int(saturating: (down * scale).rounded()))
    let plane = width * height
    let bytes = InputNormalization(channels: [0, 1, 2], mean: [0, 0, 0], std: [1 / 255, 1 / 255, 1 / 255])
    return withZeroedInput(count: 3 * plane) { base in
      Sampling.crop(
        image, quad: quad, width: width, height: height, normalization: bytes,
        into: PlanarTarget(base: base, planeStride: plane, rowStride: width))
      var grey = [UInt8](repeating: 0, count: plane)
      for index in 0..<plane {
        let value = (base[index] + 2 * base[plane + index] + base[2 * plane + index]) / 4
        grey[index] = UInt8(saturating: min(255, max(0, value.rounded())))
      }
      return VerticalColumn.Grey(width: width, height: height, pixels: grey)
    }
  }
}
