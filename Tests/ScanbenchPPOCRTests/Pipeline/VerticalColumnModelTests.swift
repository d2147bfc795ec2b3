import Foundation
import Testing

@testable import ScanbenchPPOCR

/// Columns and pages of the tategaki sweep (`Corpora/make_tategaki_sweep.py`, the seed in each
/// fixture's name, `sweep-1` where none is) read as `jpn_vert` reads them, by the real models.
@Suite(.enabled(if: Installed.hasModels, Installed.skipMessage))
struct VerticalColumnModelTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tategaki-sweep").path

  /// Vertical Japanese's options, the page read as it is even where it is pale print on white
  /// paper (``PPOCRPipeline/Options/palePrintOnWhite``): some fixtures are, and stretched they read
  /// exactly with or without the step a test is of.
  static var asItIs: PPOCRPipeline.Options {
    var options = ReadingOrderModelTests.vertical
    options.palePrintOnWhite = nil
    return options
  }

  /// `jpn_vert` with a column's two readings weighed by their mean probability, as before the sum
  /// (``PPOCRPipeline/Options/cellReadingChoice``): the steps that mend what the mean kept wrong are
  /// tested where it keeps it; with the sum those columns read exactly without them.
  static var byTheMean: PPOCRPipeline.Options {
    var options = ReadingOrderModelTests.vertical
    options.cellReadingChoice = .meanProbability
    return options
  }

  /// Small kana (`ッ`, `ュ`) whose cells do not keep the grid's phase down the column: cut along the
  /// gaps between characters, the column reads exactly; on one grid, a small kana shares its cell
  /// with a neighbour's ink and is read wrong (`キャッシコ`), unless a later step takes the kana from
  /// the turned reading or the column read whole.
  @Test(arguments: ["col-sideways-005"])
  func aColumnWithSmallKanaIsReadExactly(page: String) throws {
    var options = Self.asItIs
    options.cellsAlongGaps = true
    // On one grid, with none of the later steps that mend a kana from another reading.
    try expectReadExactly(
      page, options: options,
      onlyWith: {
        $0.cellsAlongGaps = false
        $0.charactersFromTurnedReading = nil
        $0.oneColumnReadWhole = false
      })
  }

  /// Two columns of a 1-bit scan whose threshold took its Mincho face's thin strokes away
  /// (`sweep-1` book-1-018, read at 66% as a page): its strokes measure broken into specks
  /// (``InkStrokes``), and read blurred, every line the detector finds kept, both columns are found
  /// and read more than half right. Read as it is, the detector finds them faintly and the reading
  /// keeps next to nothing of them (91%).
  @Test func aBilevelScanOfBrokenStrokesIsReadBlurred() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-1-018-columns-5-6")
    let strokes = try #require(InkStrokes(image))
    #expect(PPOCRPipeline.Options.BrokenStrokes().holds(strokes))
    var options = ReadingOrderModelTests.vertical
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(result.lines.count == 2)
    #expect(PipelineModelTests.cer(groundTruth, result.text, ignoreSpaces: true) < 0.5)
    options.brokenStrokes = nil
    let asItIs = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(PipelineModelTests.cer(groundTruth, asItIs.text, ignoreSpaces: true) > 0.8)
  }

  /// A page of thin strokes faded into the paper (`marks-1` book-3-019: its darkest half-percent
  /// lies 30 levels from its paper): the detector finds most columns, so the faint-page stretch,
  /// which waits for it to find none, never fires. Stretched to black and white before it is
  /// read, it reads better than as it is.
  @Test func aPalePageIsReadStretched() throws {
    let (better, worse) = try errorRates("marks-1-book-3-019") {
      $0.paleInkSpread = nil
      // Nor as pale print on white paper: its paper is white too.
      $0.palePrintOnWhite = nil
    }
    #expect(better < 0.3 && worse > 0.3, "stretched \(better), as it is \(worse)")
  }

  /// A pale page whose ink lies 19 levels under its paper (`marks-1` book-3-016): stretched, the
  /// scan's noise is stretched with the ink and its strokes come out in specks
  /// (`ヴァイオリンの音が、` read `DIーャーハのca。`); its columns read again in a blurred copy of
  /// the stretched page, the strokes whole, are read surer, and two of them are found again.
  @Test func aPalePagesColumnsAreReadAgainBlurred() throws {
    #expect(ReadingOrderModelTests.vertical.palePageColumnsRestored != nil)
    let (better, worse) = try errorRates("marks-1-book-3-016") { $0.palePageColumnsRestored = nil }
    #expect(worse > 0.7 && better < worse - 0.1, "read again \(better), once \(worse)")
  }

  /// A page of pale print on white paper (`marks-1` book-1-000: its darkest half-percent lies far
  /// nearer its paper than ink on a grey scan, but not so near as a pale page's): read as it is, the
  /// recognizer reads its `！` as bars and misplaces a `、`; stretched to black and white first, it
  /// reads fewer characters wrong.
  @Test func palePrintOnWhitePaperIsReadStretched() throws {
    let (image, _) = try PipelineModelTests.sample(Self.fixtures, "marks-1-book-1-000")
    let options = ReadingOrderModelTests.vertical
    // Not a pale page: only as pale print on white paper is it stretched.
    let paleSpread = try #require(options.paleInkSpread)
    #expect(image.inkStretched(below: paleSpread, above: options.blankImageSpread) == nil)
    let (better, worse) = try errorRates("marks-1-book-1-000") { $0.palePrintOnWhite = nil }
    #expect(better < worse, "stretched \(better), as it is \(worse)")
  }

  /// A page of two tiers blurred by the scan (`damaged-1` book-2-018, made with `--hard 1.0`): the
  /// ruby over `翌朝` is read as columns of its own, doubtfully, as digits and marks (`12:<|あ|3`),
  /// not as kana; narrow, beside a body column's right edge and reading no kanji, each is left out.
  @Test func rubyTheScanBlurredIsLeftOut() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "damaged-1-book-2-018")
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(!result.lines.contains { $0.text.contains("<") || $0.text.contains("|") }, "\(result.text)")
    #expect(PipelineModelTests.cer(groundTruth, result.text, ignoreSpaces: true) < 0.05)
  }

  /// `Pythonのscript` set sideways in a single column (seed 1's col-sideways-004): the column's
  /// turned reading is kept, and in it `の`, lying on its side among the word's letters, reads `S`;
  /// the cells read it surely where it stands, and it is put back.
  @Test func aKanaBesideASidewaysWordIsTheOneTheCellsRead() throws {
    // Read upright alone, the doubtful letter is the kana too: without the cells' kana, those
    // steps are left out as well.
    try expectLine(
      "sweep-1-col-sideways-004", containing: "Pythonのs",
      withStepOff: {
        $0.sureKanaFromCells = false
        $0.kanaReadUpright = nil
        $0.kanaBesideLatinRuns = nil
      }, containing: "PythonSs")
  }

  /// `USBのType-Cで充電する。` (`marks-1` book-2-011): the cells read the sideways `Type-C`'s first
  /// slice as `で`, then `写人` and the real `で`. Anchored where it lies, the turned reading's `で`
  /// is the real one, and the word replaces the slices; anchored to the first that will do, it went
  /// in before them (`Type-Cで写人で充電`). The page is 1-bit: read without its enlarged copy
  /// (``PPOCRPipeline/Options/RestoredColumns/Restoration/enlarged``), whose cells, kept without
  /// the step, slice the word otherwise (`Type-Cでた電`).
  @Test func aKanaTheCellsReadTwiceBesideASidewaysWordIsReadOnce() throws {
    var options = ReadingOrderModelTests.vertical
    options.bilevelColumnsRestored?.restorations.removeAll { $0.enlarged > 1 }
    try expectLine(
      "marks-1-book-2-011", options: options, containing: "USBのType-Cで充電する。",
      withStepOff: { $0.anchorsNearestInPlace = false }, containing: "Type-Cで写人で充電")
  }

  /// `だ。OSを入れ直すと、` (a column of `marks-1` book-3-005): read turned, the sideways `O` is a
  /// ring read as the kanji zero (`〇S`), no letter, so the word was one letter and the column read
  /// `〇S`. Beside a letter, the ring is read as `O`.
  @Test func aRingBesideASidewaysLetterIsReadAsO() throws {
    try expectLine(
      "marks-1-book-3-005-column-7", containing: "だ。OSを入れ直すと",
      withStepOff: { $0.turnedLookalikeLetters = false }, containing: "〇S")
  }

  /// `ち合わせを書く。OSを入れ直す` (a column of `marks-2` book-head-002, `OS` lying sideways): read
  /// turned, among kana on their sides, the word comes out `os`. Its letters stand across the
  /// column as high as a capital does, and are read as capitals.
  @Test func aSidewaysWordTakesTheCaseTheHeightOfItsInkGives() throws {
    try expectLine(
      "marks-2-book-head-002-column-2", containing: "書く。OSを入れ直す",
      withStepOff: { $0.sidewaysCaseByHeight = false }, containing: "osを入れ直す")
  }

  /// `PostgreSQL` lying sideways, whose `Q`'s tail reaches below the baseline: measured whole, `Q`
  /// stands higher than the word's other capitals and `S` reads small.
  @Test func aSidewaysLettersTailIsNoHeight() throws {
    try expectLine(
      "marks-3-book-head-017-column-3", containing: "PostgreSQLのVACUUM",
      withStepOff: { $0.sidewaysHeightFromBaseline = false }, containing: "PostgresQL")
  }

  /// `AI` lying sideways (`marks-2` book-2-014, the second column): read turned, the word is one
  /// doubtful `こ`, and the cells read `こ` too; read alone, the one doubtful character reads `AI`.
  /// The step is off by default; the test turns it on.
  @Test func aLoneDoubtfulCharacterIsReadAloneAsTheWordItIs() throws {
    var options = ReadingOrderModelTests.vertical
    options.loneDoubtfulCharactersReadAlone = true
    try expectLine(
      "marks-2-book-2-014", options: options, containing: "が直す。AIが書いた",
      withStepOff: { $0.loneDoubtfulCharactersReadAlone = false }, containing: "が直す。こが書いた")
  }

  /// `UIKit` set upright, a letter a cell, in a single column: the detector finds the column whole,
  /// and the thin `I` and `i`, which the grid sets as bars turned back (`UーKーt`), are read as the
  /// letters the same cells read standing.
  @Test func aColumnWithUIKitUprightIsReadExactly() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-3-col-upright-004")
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(result.text == groundTruth.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// `Swift` set upright in a single column: the detector finds no region around the thin `w i f t`,
  /// and the column's two regions end above them and start again below. The gap holds ink, so the
  /// two are read as one column, and the letters between them are read, not lost.
  @Test func aColumnTheDetectorBrokeAtThinLettersIsReadWhole() throws {
    let (image, _) = try PipelineModelTests.sample(Self.fixtures, "sweep-2-col-upright-019")
    // The page read as one line would also read it: left out, to see the gap bridged.
    var options = ReadingOrderModelTests.vertical
    options.oneColumnReadWhole = false
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(result.lines.count == 1)
    let text = Self.withoutSpaces(result.text)
    let start = try #require(text.range(of: "では")).upperBound
    let end = try #require(text.range(of: "のasync関", range: start..<text.endIndex)).lowerBound
    #expect(text[start..<end].contains("if"), "\(text)")
    options.columnGaps = nil
    let broken = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(broken.lines.count == 2, "the gap bridged is what joins them")
  }

  /// A single column with `Linux` lying sideways: the detector's box, wider than the column's ink on
  /// one side, reads the word as `_き×`; the box around the page's ink, read as one line, reads it
  /// surely and right, and is kept. The column reads exactly.
  @Test func aSingleColumnIsReadInTheBoxAroundItsInk() throws {
    try expectReadExactly(
      "sweep-2-col-sideways-017", options: Self.byTheMean, onlyWith: { $0.oneColumnReadWhole = false })
  }

  /// `--psm 7` on a single column with `SwiftUI` lying sideways: its ink read whole, as one line,
  /// reads `S` alone, surely; read as a page of one column is (detected, and whole, the likelier
  /// kept), the column reads exactly.
  @Test func aSingleLineColumnIsReadAsAPageOfOneColumn() throws {
    try expectReadExactly(
      "sweep-1-col-sideways-006", singleLine: true, onlyWith: { $0.singleColumnAsAPage = false })
  }

  /// A faint single column with `Mock` standing upright, which the detector cuts into two pieces,
  /// `M` and `ockを作り、`: each piece read alone reads `M OCKを作り、`, surer than the column read
  /// whole, which reads it exactly and is kept because the column was in pieces. (The piece's
  /// `OCK` read across as a word is `ock`, which mends it too: that step is left out here.)
  @Test func aColumnInPiecesIsReadWhole() throws {
    var options = Self.asItIs
    options.caseFromWordsAcross = false
    options.cellReadingChoice = .meanProbability
    try expectReadExactly(
      "sweep-2-col-upright-013", options: options, onlyWith: { $0.oneColumnOverPieces = false })
  }
  /// `Swift` set upright: the cells read `SwIft`, each letter alone in its cell, and the column's
  /// turned reading, kept, `swift`; the letters set across read `Swift`, and the reading kept takes
  /// that case. (The whole column set across reads it too, so that step is off with this one.)
  @Test func uprightLettersTakeTheCaseOfTheWordTheyMake() throws {
    try expectReadExactly(
      "sweep-2-col-upright-003",
      onlyWith: {
        $0.caseFromWordsAcross = false
        $0.columnsOfLettersReadAcross = nil
      })
  }

  /// `Pythonのscript` set upright, on a pitch of their own that the grid loses: the cells read
  /// `Pとnonのs!pt`, the turned reading `scriPt`; boxed one a letter along the column and read
  /// across, the turned reading's `script` gives its case.
  @Test func uprightLettersOffTheGridAreBoxedAndReadAcross() throws {
    try expectReadExactly("sweep-2-col-upright-016", onlyWith: { $0.caseFromWordsAcross = false })
  }

  /// A single-line image of two columns side by side, tall as a column is, is read as the automatic
  /// reading reads it (both columns, as detected); the same image turned a quarter, its ink no
  /// column, is not read as a page.
  @Test func aSingleLineImageWhoseInkIsAColumnIsReadAsThePageIs() throws {
    let pipeline = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical)
    let columns = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-1-000-columns").image
    #expect(pipeline.wholeImageRegion(columns).isVertical)
    let page = try pipeline.recognize(columns)
    #expect(page.lines.count == 2)
    #expect(try pipeline.recognize(columns, singleLine: true).text == page.text)
    #expect(try pipeline.oneColumnReadAsAPage(columns.rotatedCounterClockwise())?.regions == nil)
  }

  /// Single columns whose reading holds a character no vertical column holds where one it does
  /// stands: `Linux` upright, its `x` read in its cell as `×`; `。` before a sideways word read
  /// turned as `°`; `、` after a kana read as `'`. Each reads exactly.
  @Test(arguments: ["sweep-1-col-upright-011", "sweep-1-col-sideways-016", "sweep-2-col-sideways-006"])
  func aColumnsLookalikesAreReadAsWhatItHolds(page: String) throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, page)
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
  }

  /// A book page of one tier whose second column holds `Coordinator` lying sideways: read in cells,
  /// its slices are kana, and the cells beside it lie half a character off; the turned reading's
  /// word goes in between the characters both readings share (`は`, `に`). The whole page reads
  /// exactly, its `、。` kept.
  @Test func aColumnWithCoordinatorSidewaysIsReadExactly() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-1-012")
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(result.lines.map { Self.withoutSpaces($0.text) } == Self.lines(groundTruth))
    #expect(result.lines.contains { $0.text.contains("はCoordinatorにまとめ、") })
  }

  /// A column cut from a book page of two tiers (small type) holding `JSON` lying sideways: read
  /// turned among kana lying on their sides, the word comes out as `こS`, and in cells as slices
  /// (`うミ`); its stretch read alone, turned upright, reads `JSON`, and the column reads exactly.
  @Test func aBookColumnWithASidewaysWordIsReadExactly() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-2-000-column-8")
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
  }

  /// Two columns cut from `sweep-1` book pages: `iPhone` lying down, which the cells read as `る`
  /// surely and the turned reading right, and `HTTP`, whose `H` both readings read as `エ`; each
  /// column reads exactly.
  @Test(arguments: ["sweep-1-book-3-002-column-10", "sweep-1-book-1-005-column-4"])
  func aBookColumnsSidewaysWordTheCellsLostIsReadExactly(column: String) throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, column)
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
  }

  /// A column cut from a `sweep-2` book page whose cells lost their phase at `HTTP` and read the
  /// `で` after it twice (`HTTPでで`), the turned reading once: the word goes in and the `で` is kept
  /// once, and the column reads exactly.
  @Test func theCharacterAfterASidewaysWordIsReadOnce() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-2-book-2-014-column-9")
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
  }

  /// `12` set across a book column (`text-combine-upright`) fills one cell, which the cells read as
  /// `に` surely; the turned reading's `12` takes its place, and the column reads exactly.
  @Test func aNumberSetAcrossABookColumnIsReadExactly() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-1-010-column-5")
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
  }

  /// A book page with ruby (`しけん` over `試験`, `せってい` over `設定`) and Latin words lying
  /// sideways: read column by column without the ruby, as a reader reads it.
  @Test func aRubyPageIsReadWithoutItsRuby() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-1-009")
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(result.lines.map { Self.withoutSpaces($0.text) } == Self.lines(groundTruth))
    #expect(!result.text.contains("しけん") && !result.text.contains("せってい"))
  }

  /// A book page whose fourth column is read turned (its cells, which lost their phase, were less
  /// sure) and so without its `、`: the `、` the cells read goes into it between the same neighbours
  /// (`設定は、ウィンドウ`), which without the cells' marks it lacks.
  @Test func aColumnReadTurnedKeepsTheMarksOfItsCells() throws {
    try expectMarksFromTheOtherReading(
      fixture: "sweep-1-book-1-014", column: 3, reading: "ユーザーの設定は、ウィンドウを閉じても消")
  }

  /// A book page whose second column is read in cells, which lost the grid's phase at its `。「`:
  /// the turned reading, which read them, gives them back between the same neighbours
  /// (`される。「試験`).
  @Test func aColumnReadInCellsKeepsTheMarksOfItsTurnedReading() throws {
    try expectMarksFromTheOtherReading(
      fixture: "sweep-1-book-2-007", column: 1, reading: "面に表示される。「試験は毎晩24時", options: Self.byTheMean)
  }

  /// Two columns of a book page (cut from it) whose `。` both readings lose — one where `Python`,
  /// lying sideways, is spliced in from the turned reading with the mark's cell, the other where the
  /// cells lost their phase and the turned reading is kept: each `。` is found in the column's ink and
  /// goes between the characters around its gap. Without that, the columns do not read exactly.
  @Test func aColumnsMarksAreFoundInItsInk() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-1-000-columns")
    var options = ReadingOrderModelTests.vertical
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(result.lines.map { Self.withoutSpaces($0.text) } == Self.lines(groundTruth))
    options.marksFromInk = false
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(without.lines.map { Self.withoutSpaces($0.text) } != Self.lines(groundTruth))
  }

  /// A column cut from a three-tier book page whose `。` the scan broke into specks too small to be
  /// ink: the cells hold nothing there and both readings drop it (`捨てるサーバーは`); the empty cell
  /// it left, a ring's remnant in its top right, puts it back, and the column reads exactly.
  @Test func aMarkTheScanLostIsFoundFromItsEmptyCell() throws {
    try expectReadExactly(
      "sweep-1-book-3-016-column-3", onlyWith: { $0.marksInGaps = nil }, readingWithout: "捨てるサーバーは")
  }

  /// A column cut from a three-tier book page that ends `翌朝、`: the detector's box ends at `朝`, and
  /// the `、` under it, left whole by the scan, is the first ink below the last character, which
  /// the marks under the foot took for a next character's (`…翌朝`); its own ink (small, right of
  /// the axis, close under the character, paper under it) puts it back, and the column reads
  /// exactly.
  @Test func aWholeMarkUnderTheFootIsTakenFromItsInk() throws {
    try expectReadExactly(
      "sweep-1-book-3-013-column-6", options: Self.asItIs, onlyWith: { $0.wholeMarksUnderFoot = false },
      readingWithout: "を閉じても消えない。翌朝")
  }

  /// A column cut from a three-tier book page whose `ッ` (0.7 em in its font, above the size the
  /// cells take for a small kana) the cells read full size (`キツチン`), surely, and the turned
  /// reading small: the turned reading's small kana is taken, and the column reads exactly, which
  /// without it it does not.
  @Test func aColumnsSmallKanaAreTakenFromItsTurnedReading() throws {
    try expectReadExactly(
      "sweep-1-book-3-015-column-4",
      onlyWith: {
        $0.charactersFromTurnedReading = nil
        // Its `ッ`'s ink, right of the axis and small, tells it small too.
        $0.smallKanaFromInk = false
      }, readingWithout: "キツチンを出た。キャッ")
  }

  /// A book page (`marks-2` book-3-001) whose `つ` of `待つ。` the turned reading reads full size
  /// and the cells small: the turned reading, kept, took the cells' `っ` (`待っ。`); its cell's ink,
  /// a full-size kana's, tells the cells misread it, and the page reads exactly.
  @Test func aFullSizeKanaTheCellsReadSmallIsKeptByItsInk() throws {
    try expectReadExactly(
      "marks-2-book-3-001", onlyWith: { $0.smallKanaByTheirInk = false },
      readingWithout: "YouTubeの動画を、iPadで見返す。LaTeXで組んだ論文は、arXivに載せた。（注意：この操作は元"
        + "に戻せません）予定表（11月分）を配った。ソフトウェアの更新（約20分）が終わるまで待っ。209")
  }

  /// A column cut from a two-tier book page (`sweep-2` book-2-007) whose `ッ` of `キッチン` a scan's
  /// thick strokes swelled past the size the cells set small: set upright, it is read `ツ`; its
  /// ink, right of the column's axis and smaller than a full-size kana's, shows it small, and the
  /// column reads exactly.
  @Test func aSmallKanaReadFullSizeIsToldFromItsInk() throws {
    try expectReadExactly(
      "sweep-2-book-2-007-column-7", onlyWith: { $0.smallKanaFromInk = false },
      readingWithout: "ジョッキを洗ってからキツチンを出")
  }

  /// `10分ごとに`: the cells lose the `゛` of `ご`, which the turned reading keeps, surer by less than
  /// the margin of other characters; the voicing margin takes it, and the page reads exactly (the
  /// sum of both readings' doubts, ``PPOCRPipeline/Options/voicingMarksFromBothReadings``, takes it
  /// too, so both are turned off).
  @Test func aVoicingMarkIsTakenFromTheTurnedReading() throws {
    try expectReadExactly(
      "sweep-1-book-1-015", options: Self.byTheMean,
      onlyWith: {
        $0.voicingMarksFromTurnedReading = nil
        $0.voicingMarksFromBothReadings = nil
      })
  }

  /// The same page without the voicing margin: the cells' `こ` doubted for `ご`, and the turned
  /// reading's `ご`, together hold `ご` likelier, and the page reads exactly.
  @Test func aVoicingMarkIsTakenFromBothReadings() throws {
    var options = Self.byTheMean
    options.voicingMarksFromTurnedReading = nil
    try expectReadExactly(
      "sweep-1-book-1-015", options: options, onlyWith: { $0.voicingMarksFromBothReadings = nil })
  }

  /// `まずログを見よう`: both readings lose the `゛` of `グ`, which the scan keeps apart from its kana
  /// in the cell's ink; taken from the ink (``PPOCRPipeline/Options/voicingMarksFromInk``, off by
  /// default), the page reads exactly, and without it `ロク` (the page's columns read as they are:
  /// read again restored, the 1-bit page's column finds the mark too).
  @Test func aVoicingMarkIsTakenFromTheInk() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-1-010")
    var options = ReadingOrderModelTests.vertical
    options.bilevelColumnsRestored = nil
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(Self.withoutSpaces(without.text).contains("まずロクを見よう"))
    options.voicingMarksFromInk = true
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
  }

  /// The same 1-bit page read as `jpn_vert` reads it: its column `まずログを見よう` read again in a
  /// restored copy of the page is read surer, with the `゛` of `グ`, and the page reads exactly;
  /// its columns read only as they are, `ロク`
  /// (``PPOCRPipeline/Options/bilevelColumnsRestored``).
  /// A 1-bit page of three tiers (`marks-2` book-3-008) whose first column opens `今日は`: one of
  /// its other readings read a speck between the two kanji as a `。`, surely, and the reading kept
  /// has `今` and `日` a cell apart, no room for a mark. Without the test of room the mark goes in
  /// (`今。日`).
  @Test func aMarkFromAnotherReadingNeedsRoomBetweenItsNeighbours() throws {
    #expect(ReadingOrderModelTests.vertical.bilevelColumnsRestored?.marksOnlyWithRoom != nil)
    try expectLine(
      "marks-2-book-3-008", containing: "今日は何曜日",
      withStepOff: { $0.bilevelColumnsRestored?.marksOnlyWithRoom = nil }, containing: "今。日は何曜日")
  }

  @Test func aBilevelPagesColumnsAreReadAgainRestored() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-1-010")
    var options = ReadingOrderModelTests.vertical
    #expect(options.bilevelColumnsRestored != nil)
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
    options.bilevelColumnsRestored = nil
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(Self.withoutSpaces(without.text).contains("まずロクを見よう"))
  }

  /// A 1-bit page of one tier (`sweep-1` book-1-014) whose first `画面` the threshold left
  /// without its horizontal strokes: read as it is and in the darkened and the blurred copies, the
  /// column reads `両面`; the copy enlarged twice and blurred, whose cells the recognizer samples
  /// from smooth strokes, reads `画面`, surer, and the page reads exactly.
  @Test func aBilevelPagesColumnsAreReadAgainEnlarged() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-1-014")
    var options = ReadingOrderModelTests.vertical
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
    let restorations = options.bilevelColumnsRestored?.restorations ?? []
    #expect(restorations.contains { $0.enlarged > 1 })
    options.bilevelColumnsRestored?.restorations = restorations.filter { $0.enlarged == 1 }
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(Self.withoutSpaces(without.text).hasPrefix("両面の遷移"))
  }

  /// A 1-bit page of two tiers (`marks-3` book-2-001) whose third `JavaScriptのPromiseで、` ends its
  /// column in a comma of a few pixels: the restored copy whose reading the column keeps reads it
  /// round, `。`, where the page read as it is reads `、`. With the step (on for `jpn_vert`: the
  /// comma's ink is a tick) the page's own comma is kept.
  @Test func aCommaARestoredCopyReadRoundIsThePagesOwn() throws {
    let (image, _) = try PipelineModelTests.sample(Self.fixtures, "marks-3-book-2-001")
    var options = ReadingOrderModelTests.vertical
    options.bilevelColumnsRestored?.commasFromOwnReading = true
    let read = Self.withoutSpaces(try PipelineModelTests.pipeline(options: options).recognize(image).text)
    #expect(read.contains("Promiseで、待ち合わせを書く。AI"), "\(read)")
    #expect(!read.contains("Promiseで。"), "\(read)")
    options.bilevelColumnsRestored?.commasFromOwnReading = false
    let without = Self.withoutSpaces(try PipelineModelTests.pipeline(options: options).recognize(image).text)
    #expect(without.contains("Promiseで。待ち合わせ"), "the step is what reads it: \(without)")
  }

  /// A 1-bit page of three tiers (`marks-1` book-3-008) where the page's own reading reads two
  /// marks `、` that the restored copies' readings kept read `。`: after `論文は` a tick of a few
  /// pixels, which is a comma, and after `iPadで見返す` a ring the threshold broke into specks round
  /// an empty middle, which stays a full stop.
  @Test func aRingTheThresholdBrokeOpenStaysAFullStop() throws {
    let (image, _) = try PipelineModelTests.sample(Self.fixtures, "marks-1-book-3-008")
    var options = ReadingOrderModelTests.vertical
    #expect(options.bilevelColumnsRestored?.commasFromOwnReading == true)
    let read = Self.withoutSpaces(try PipelineModelTests.pipeline(options: options).recognize(image).text)
    #expect(read.contains("は、arXiv"), "\(read)")
    #expect(read.contains("iPadで見返す。"), "\(read)")
    options.bilevelColumnsRestored?.commasFromOwnReading = false
    let without = Self.withoutSpaces(try PipelineModelTests.pipeline(options: options).recognize(image).text)
    #expect(without.contains("は。arXiv"), "the step is what reads the comma: \(without)")
  }

  /// A column cut from a three-tier book page whose `﹂` (a bar with a stroke up its left end) the
  /// cells set upright and read as its bar (`てーと`): the ink's shape is the bracket's, and the
  /// column reads exactly, which without the step it does not.
  @Test func aBracketReadAsABarIsReadFromItsInk() throws {
    try expectReadExactly(
      "sweep-1-book-3-008-column-9", options: Self.asItIs, onlyWith: { $0.bracketsFromInk = false })
  }

  /// The same page's `Packageを一つ足す`: a `一` is a bar across the column with no stroke at
  /// either end, and stays `一`.
  @Test func aKanjiOneIsNoBracket() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-3-008-column-2")
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
  }

  /// A blurred photo of two tiers (`marks-1` book-2-004) whose second column ends in `こ`
  /// (`書く。こ`): the column's foot cuts the kana's lower stroke, turned up at its left end as
  /// `﹂`, from the bar above it, and the recognizer reads it `」`. The bar in the ink tells `こ`
  /// (``PPOCRPipeline/Options/koOverClosingBrackets``); without the step the column ends in the
  /// bracket.
  @Test func theLowerStrokeOfKoReadAsAClosingBracketIsKo() throws {
    try expectLine(
      "marks-1-book-2-004", containing: "書く。こ", withStepOff: { $0.koOverClosingBrackets = false },
      containing: "書く。」")
  }

  /// A 1-bit page of one tier (`marks-1` book-1-001) whose second column holds
  /// `「もう一度？」「ええ、もう一度」`: turned, the kanji `一` lies along the line as the horizontal
  /// line's long vowel bar does, and the column reads `もうー度` twice. Its ink, a thin bar across the
  /// column alone in its rows, tells the kanji (``PPOCRPipeline/Options/onesFromInk``).
  @Test func aKanjiOneReadAsTheLongVowelIsTheKanji() throws {
    try expectLine(
      "marks-1-book-1-001", containing: "「もう一度？」「ええ、もう一度」", withStepOff: { $0.onesFromInk = false },
      containing: "もうー度")
  }

  /// Two columns cut from `marks-1` book pages whose `︶` stands against `分` and `略`, whose
  /// strokes reach the foot of their cells: blurred, the bowl touches the kanji, both readings drop
  /// it (`（11月分を配った`, `省略だれか`), and at the column's threshold it is no arc of its own. In
  /// the darker half of the ink it is (``PPOCRPipeline/Options/parenthesesTouchingTheirNeighbours``).
  @Test(arguments: [
    ("marks-1-book-1-010-column-1", "予定表（11月分を配った。これで終わり？い"),
    ("marks-1-book-3-001-column-6", "（以下、省略だれか、助"),
  ])
  func aParenthesisTouchingWhatItClosesIsFoundInTheDarkerInk(fixture: String, without: String) throws {
    var options = ReadingOrderModelTests.vertical
    options.parenthesesTouchingTheirNeighbours = true
    try expectReadExactly(
      fixture, options: options, onlyWith: { $0.parenthesesTouchingTheirNeighbours = false },
      readingWithout: without)
  }

  /// A `marks-3` book page (1-bit) whose column reads `充電する。今日は`: in the darker half of the
  /// ink the roof of `今` parts from the rest of the kanji into an arch over ink that reaches half
  /// an em below it, and taken as a parenthesis it read `充電する。（今日は`. Only bowls parted so are
  /// taken (``VerticalColumn/parenthesesInInk(_:atColumnEnds:margin:widest:touching:)``).
  @Test func theRoofOfAKanjiPartedInTheDarkerInkIsNoParenthesis() throws {
    let (image, _) = try PipelineModelTests.sample(Self.fixtures, "marks-3-book-2-017")
    var options = ReadingOrderModelTests.vertical
    options.parenthesesTouchingTheirNeighbours = true
    let lines = try PipelineModelTests.pipeline(options: options).recognize(image).lines
      .map { Self.withoutSpaces($0.text) }
    #expect(lines.contains { $0.contains("充電する。今日は") }, "\(lines)")
    #expect(!lines.contains { $0.contains("（今") }, "\(lines)")
  }

  /// A `marks-1` book page, blurred, whose first column begins `まさか！本当に`: the paper between
  /// the `！`'s tapering stroke and its dot is grey, at the column's threshold the mark is one run
  /// of rows too long for it, and the bar the recognizer read stays (`まさか一本当`). In the darker
  /// half of the ink the stroke and the dot stand apart (``PPOCRPipeline/Options/exclamationMarksParted``).
  @Test func anExclamationMarkWhoseDotTheBlurJoinsIsFoundInTheDarkerInk() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "marks-1-book-1-014")
    let column = Self.lines(groundTruth)[0]
    #expect(column == "まさか！本当にそう言ったのか。（注意：この操")
    var options = ReadingOrderModelTests.vertical
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(result.lines.map { Self.withoutSpaces($0.text) }.contains(column))
    options.exclamationMarksParted = false
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(!without.lines.map { Self.withoutSpaces($0.text) }.contains(column))
  }

  /// A column cut from a book page with a heading, `出る……はずだった`: the six dots of `……`, each
  /// too small to be kept as ink, leave the cells empty there and both readings drop them
  /// (`出るはずだった`); found down the column's axis in its ink, they go back, and the column reads
  /// exactly.
  @Test func anEllipsisIsFoundInTheInk() throws {
    try expectReadExactly(
      "sweep-1-book-head-019-column-3", onlyWith: { $0.ellipsesFromInk = false },
      readingWithout: "確認の画面が出るはずだった。「試験は")
  }

  /// A column cut from a book page of one tier, `出る……はずだった`: the same dots lost, and the
  /// column reads exactly with them found in its ink.
  @Test func anEllipsisIsFoundInTheInkOfAColumnOfOneTier() throws {
    try expectReadExactly(
      "sweep-1-book-1-017-column-2", onlyWith: { $0.ellipsesFromInk = false },
      readingWithout: "確認の画面が出るはずだった。エラーが出たら、ま")
  }

  /// A column cut from a book page with a heading, `込みを扱う。「ちょっと待っ`: the `﹁` in the foot of
  /// the cell after the `。` stands apart from both, and both readings drop it (`扱う。ちょっと`);
  /// found in the ink after the `。` read, it goes in, and the column reads exactly.
  @Test func anOpeningBracketAfterAFullStopIsFoundInTheInk() throws {
    try expectReadExactly(
      "sweep-2-book-head-002-column-6", onlyWith: { $0.openingBracketsFromInk = false },
      readingWithout: "込みを扱う。ちょっと待っ")
  }

  /// Pages of the marks bank (`--texts marks`, seed `marks-1`) whose `?` and `!` the reading read
  /// as ASCII between kana (`終わり?いや`, `助けて!YouTube`): beside Japanese they are the
  /// full-width marks, and the pages read exactly.
  @Test(arguments: ["marks-1-book-3-011", "marks-1-book-1-009"])
  func aQuestionOrExclamationMarkBesideKanaIsFullWidth(page: String) throws {
    try expectReadExactly(page, onlyWith: { $0.fullWidthMarks = false })
  }

  /// `予定表（11月分）`: both vertical parentheses (`︵︶`, flat arcs across the column in cells of
  /// their own) were dropped; read from the ink, the column reads exactly.
  @Test func aVerticalParenthesisIsReadFromItsInk() throws {
    try expectReadExactly(
      "marks-1-col-sideways-003", onlyWith: { $0.parenthesesFromInk = false },
      readingWithout: "予定表11月分を配った。「も")
  }

  /// `まさか！本当に`: the `！` is a thin tall stroke, which the cells set as a bar turned back and
  /// read as `一`; with its dot under it, it stands, and the page reads exactly.
  @Test func anExclamationMarkStandsInItsCell() throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, "marks-1-book-head-017")
    let result = try PipelineModelTests.pipeline(options: ReadingOrderModelTests.vertical).recognize(image)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
  }

  /// `PostgreSQL` set upright, one letter under another (seed `marks-3` col-upright-016): alone in
  /// its cell the `Q` reads as `O` (and the turned reading, kept, reads `PostgresoL`); the run's
  /// letters set across as a word read `PostgreSQL` surely, and the column reads exactly.
  @Test func aLookalikeLetterTakesTheLetterTheWordReadsAcross() throws {
    try expectReadExactly(
      "marks-3-col-upright-016", onlyWith: { $0.lettersFromWordsAcross = nil }, readingWithout: "PostgresoL")
  }

  /// `る。Xcodeを開き、` set upright (seed `sweep-1` col-upright-004): the cells read the `る` before
  /// the upright letters, in a cell like theirs, as a letter (`z`) and doubtfully; read turned, it
  /// is read surely, and the column reads exactly. By the mean: with the sum the column reads
  /// exactly without the step too.
  @Test func aKanaTheCellsReadAsALetterIsTakenFromTheTurnedReading() throws {
    try expectReadExactly(
      "sweep-1-col-upright-004", options: Self.byTheMean, onlyWith: { $0.kanaOverCellLetters = nil },
      readingWithout: "z。Xcodeを開き、")
  }

  /// `QRコードをPixelのカメ` (`latin-1` col-upright-000, sans serif): the upright `l` that ends
  /// `Pixel`, a bare stroke alone in its cell, is read as the long vowel bar.
  @Test func aBarEndingAWordAfterASmallLetterIsReadAsAnL() throws {
    try expectReadExactly(
      "latin-1-col-upright-000", onlyWith: { $0.barsEndingWordsAsL = false },
      readingWithout: "QRコードをPixeーのカメ")
  }

  /// `はutf8でhtmlに` (`latin-2` col-upright-017): the upright `l` ending `html`, a bare stroke alone
  /// in its cell, is set as a bar and read standing as `I`; the word set across reads `html`
  /// surely, and the column reads exactly.
  @Test func aThinLetterTakesTheLetterTheWordReadsAcross() throws {
    try expectReadExactly(
      "latin-2-col-upright-017", onlyWith: { $0.thinLettersFromWordsAcross = nil },
      readingWithout: "はutf8でhtmIに")
  }

  /// `PostgreSQLの` (a column of `marks-1` book-3-002, the line broken after the kana): read turned,
  /// the upright `の` at the column's foot, after the sideways word, is read as one more letter of
  /// it, doubtfully. The column's last em, read upright alone, is the kana.
  @Test func aKanaAtAColumnsFootAfterASidewaysWordIsReadUprightAlone() throws {
    try expectReadExactly(
      "marks-1-book-3-002-column-4", onlyWith: { $0.kanaReadUpright?.atFootAndBetweenSpacedWords = false },
      readingWithout: "PostgreSQLG")
  }

  /// The same column with the cells a quarter em above and below the letter read only where the
  /// middle cell reads no one character (``PPOCRPipeline/Options/KanaReadUpright/shiftedCellsBelow``
  /// 0): the kana at the foot is read in the middle cell alone, and the column reads exactly.
  @Test func aKanaAtAColumnsFootIsReadInTheMiddleCellAlone() throws {
    var options = ReadingOrderModelTests.vertical
    options.kanaReadUpright?.shiftedCellsBelow = 0
    try expectReadExactly(
      "marks-1-book-3-002-column-4", options: options,
      onlyWith: { $0.kanaReadUpright?.atFootAndBetweenSpacedWords = false }, readingWithout: "PostgreSQLG")
  }

  /// `テスト用のMockを作り、` (the first column of `sweep-1` book-3-012, `Mock` lying sideways): the
  /// cells lost their phase at the word and read the `を` after it twice, once surely for the word's
  /// last slice, which kept the turned reading's word out. That `を` is the neighbour read twice, no
  /// sure kana, and the word goes in.
  @Test func aNeighbourTheCellsReadTwiceAtASidewaysWordLetsTheWordIn() throws {
    let (image, _) = try PipelineModelTests.sample(Self.fixtures, "sweep-1-book-3-012")
    var options = ReadingOrderModelTests.vertical
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(result.lines.first.map { Self.withoutSpaces($0.text) } == "テスト用のMockを作り、")
    options.neighbourReadTwiceInWords = false
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(without.lines.first.map { Self.withoutSpaces($0.text) } == "テスト用のでロをを作り、")
  }

  /// `fixture` read with vertical Japanese's options reads exactly (whitespace aside), and read with
  /// `turnOff` applied to them does not: the step it turns off is what reads it.
  func expectReadExactly(
    _ fixture: String, singleLine: Bool = false,
    options: PPOCRPipeline.Options = ReadingOrderModelTests.vertical,
    onlyWith turnOff: (inout PPOCRPipeline.Options) -> Void, readingWithout: String? = nil
  ) throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, fixture)
    var options = options
    let result = try PipelineModelTests.pipeline(options: options).recognize(image, singleLine: singleLine)
    #expect(Self.withoutSpaces(result.text) == Self.withoutSpaces(groundTruth))
    turnOff(&options)
    let without = try PipelineModelTests.pipeline(options: options).recognize(image, singleLine: singleLine)
    #expect(Self.withoutSpaces(without.text) != Self.withoutSpaces(groundTruth), "the step is what reads it")
    if let readingWithout { #expect(Self.withoutSpaces(without.text) == readingWithout) }
  }

  /// A line of `fixture` read with `options` holds `read`, and read with `turnOff` applied to them
  /// none does, and one holds `readWithout` where it is given: the step it turns off is what
  /// reads it. Whitespace is left out of the lines.
  func expectLine(
    _ fixture: String, options: PPOCRPipeline.Options = ReadingOrderModelTests.vertical,
    containing read: String, withStepOff turnOff: (inout PPOCRPipeline.Options) -> Void,
    containing readWithout: String? = nil
  ) throws {
    let (image, _) = try PipelineModelTests.sample(Self.fixtures, fixture)
    var options = options
    let lines = try PipelineModelTests.pipeline(options: options).recognize(image).lines
      .map { Self.withoutSpaces($0.text) }
    #expect(lines.contains { $0.contains(read) }, "\(lines)")
    turnOff(&options)
    let without = try PipelineModelTests.pipeline(options: options).recognize(image).lines
      .map { Self.withoutSpaces($0.text) }
    #expect(!without.contains { $0.contains(read) }, "the step is what reads it: \(without)")
    if let readWithout { #expect(without.contains { $0.contains(readWithout) }, "\(without)") }
  }

  /// `fixture`'s character error rates against its ground truth (whitespace aside), read with
  /// `options` and read with `turnOff` applied to them: the step's and the page's without it.
  func errorRates(
    _ fixture: String, options: PPOCRPipeline.Options = ReadingOrderModelTests.vertical,
    withStepOff turnOff: (inout PPOCRPipeline.Options) -> Void
  ) throws -> (with: Double, without: Double) {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, fixture)
    var options = options
    let with = try PipelineModelTests.pipeline(options: options).recognize(image)
    turnOff(&options)
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    return (
      PipelineModelTests.cer(groundTruth, with.text, ignoreSpaces: true),
      PipelineModelTests.cer(groundTruth, without.text, ignoreSpaces: true)
    )
  }

  /// The `column`th line of `fixture`'s ground truth is `reading`, and the page reads it exactly
  /// with the marks taken from the other reading, and not without them (nor the ink's).
  func expectMarksFromTheOtherReading(
    fixture: String, column index: Int, reading: String,
    options: PPOCRPipeline.Options = ReadingOrderModelTests.vertical
  ) throws {
    let (image, groundTruth) = try PipelineModelTests.sample(Self.fixtures, fixture)
    let column = Self.lines(groundTruth)[index]
    #expect(column == reading)
    var options = options
    let result = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(result.lines.map { Self.withoutSpaces($0.text) }.contains(column))
    options.marksFromOtherReading = nil
    options.marksFromInk = false
    let without = try PipelineModelTests.pipeline(options: options).recognize(image)
    #expect(!without.lines.map { Self.withoutSpaces($0.text) }.contains(column))
  }

  /// A ground truth's lines, blank ones left out, without spaces (the sweep is scored without
  /// whitespace).
  static func lines(_ groundTruth: String) -> [String] {
    groundTruth.split(separator: "\n").map { withoutSpaces(String($0)) }.filter { !$0.isEmpty }
  }

  static func withoutSpaces(_ text: String) -> String {
    text.filter { !$0.isWhitespace }
  }
}
