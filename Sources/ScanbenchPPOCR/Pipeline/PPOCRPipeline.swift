import Glibc

/// PP-OCR in Swift: DB text detection, optional line-orientation classification, CTC recognition,
/// reading order, word and line boxes — the models behind `TensorModel`, everything else here.
///
/// One pipeline per worker: it keeps its buffers (and its models keep theirs) between images, so it
/// is not thread-safe.
///
///     let pipeline = PPOCRPipeline(detector: det, recognizer: rec, dictionary: dictionary)
///     let result = try pipeline.recognize(image)            // a page: detection first
///     let line = try pipeline.recognize(lineImage, singleLine: true)
public final class PPOCRPipeline {
  /// Every setting of the pipeline. Where a value comes from is said for each: PaddleOCR's defaults
  /// for the PP-OCRv6 models (each model's `inference.yml` and PaddleOCR's `predict_*`), RapidOCR's
  /// (`rapidocr/config.yaml` of rapidocr 3.10.0), or this project's measurements.
  public struct Options: Sendable, Equatable {
    // MARK: Detection

    /// The detector sees the image scaled so that its shorter side is at least this (`limit_side_len`
    /// with `limit_type: min`, PaddleOCR's and RapidOCR's).
    public var detectionMinSide = 736
    /// … after a longer side above this was first scaled down to it (RapidOCR's `max_side_len`).
    public var detectionMaxSide = 2000
    /// … but never enlarged more than this many times. Vertical Japanese sets 1: a single column,
    /// 70 pixels across, would be enlarged tenfold and its characters cut apart at every `、`
    /// (measured on Corpora jpn-vert-lines: docs/engines.md, "Vertical Japanese").
    public var detectionMaxUpscale = Double.infinity
    /// … and never with a side above this (the largest shape in the model's `inference.yml`).
    public var detectionSideCeiling = 4000
    /// A detector input above this many pixels is run in bands of rows of at most this many. The
    /// detector's activations grow with its input's pixels, so a whole page holds them all at once;
    /// in bands the peak is bounded, at no more errors and a little more CPU for the overlaps
    /// (\(L): the bands row).
    public var detectionBandPixels = 1 << 20
    /// … each band reading this many rows (a multiple of 32) beyond those it keeps, above and below,
    /// so that text across a band's edge is seen whole.
    public var detectionBandOverlap = 64
    /// An image of more pixels than this (a phone photo, a large scan) is first detected with its
    /// longer side at ``coarseDetectionSide``: one where that finds no text region ends there, with
    /// no detection at full resolution (most photos of an old archive hold no text). nil: never.
    public var coarseDetectionAbovePixels: Int? = 4_000_000
    public var coarseDetectionSide = 960
    /// The coarse pass first glances at the image with its longer side at this (smaller than
    /// ``coarseDetectionSide``): an image where the glance finds no text region, or only regions
    /// that read as no text and hold no inked blob, ends there; one where it finds text goes on to
    /// the coarse pass at ``coarseDetectionSide`` as without it, so a page of text is read as
    /// before. Most photos of an archive hold no text, and the coarse pass at its usual side was
    /// most of what one costs at the fast level, where the text's own detection is cheap
    /// (Reports/BENCHMARKS.md, "A glance before the coarse pass at fast (issue 29)"). nil: no glance.
    public var coarseGlanceSide: Int?
    /// A photo whose coarse pass, over its reduced copy, finds mostly tall regions (a page lying on
    /// its side) has its turn told from that copy turned a quarter turn, where its lines lie across
    /// and the coarse detector finds them one by one: its longest lines read both ways up
    /// (``pageTurn(_:regions:decoded:)``). A caller that reads a turned page again turned
    /// (`stoppingWhenTurned`) then reads the page only turned, not first as it lies: that first
    /// reading, at the usual detector size (the tall regions tell nothing of the lines' thickness)
    /// and of every line, was most of what a page on its side cost at the fast level, and was kept
    /// only where the turned reading read nothing. Off: the turn is told from the page's own lines,
    /// read whole first.
    public var sidewaysTurnFromPreview = false
    /// A page of lines across, read by a caller that reads a turned page again turned
    /// (`stoppingWhenTurned`), has its longest lines (``pageTurnLines``) read first, and their turn
    /// told (``pageTurn(_:regions:decoded:)``) before the rest is read: one upside down is read no
    /// further, as one lying three quarter turns round is (``PPOCRResult/readInPart``). Reading the
    /// rest of it the wrong way round was much of what an upside-down photo without EXIF cost the
    /// fast level beyond an upright one, and was thrown away. An upright page reads the same: each
    /// line is a recognizer run of its own (``recognitionBatchSize``), so its longest lines read
    /// first read as they would among the rest. Off: every line is read before the turn is told.
    public var upsideDownTurnFirst = false
    /// With ``detectionLineThickness``, a coarse pass made by the detector itself (no coarse
    /// detector of its own, as at the fast level) whose lines are already that thick in its map is
    /// the detection: the text-sized detection would be no larger, and would find the same lines.
    /// Off: the detection runs after every coarse pass that found text.
    public var coarsePassAsDetection = false
    /// The detector's input is chosen from the text: the coarse pass (the coarse detector at
    /// ``coarseDetectionSide``, run for this on an image too small for one of its own) tells how
    /// thick the lines are (``ReducedReading/thicknessQuantile`` of its regions' thicknesses), and
    /// the detector's input is scaled down from ``detectionSize(width:height:options:)``'s until they
    /// are this many of its pixels thick: large print needs no large input. nil: the usual size
    /// always, as the accurate level has it: receipts read as well scaled so, but a page in two
    /// columns was read across its gutter (Reports/BENCHMARKS.md, "Cheaper detection (issue 29)");
    /// the fast level's tiny detector reads every English corpus as well with thicker lines
    /// (Reports/BENCHMARKS.md, "Fast three times accurate again (issue 29)").
    public var detectionLineThickness: Double?
    /// A coarse pass that finds at most this many regions reads them (each both ways up): when none
    /// reads as a line (``minLineProbability``, two characters or more), they are shapes' edges and
    /// the image holds no text. A page of text has more lines than this. 0: any region goes on.
    public var coarseReadAtMostRegions = 8
    /// A region of the coarse pass thicker than this share of the image's shorter side holds text
    /// only when it reads with at least ``coarseThickRegionProbability``: the coarse detector takes
    /// the faces and shadows of shapes for blobs of text, which read as a character or two of
    /// middling probability (Reports/BENCHMARKS.md, "No text, no work").
    public var coarseThickRegionShare = 0.125
    public var coarseThickRegionProbability = 0.9
    /// A region of the coarse pass thicker than ``coarseBlobShare`` of the image's shorter side,
    /// when the regions read as no text, is still text when more than ``coarseBlobInkShare`` of the
    /// pixels of its bounding box (sampled at ``coarseDetectionSide``) differ from their right and
    /// lower neighbours by more than ``coarseBlobInkStep`` grey levels in all: a page of faint text
    /// whose lines the coarse map merged into one blob, read as a single character, is full of
    /// strokes' edges, where the faces and shadows of shapes the coarse detector also takes for
    /// blobs are smooth. Such an image goes on to its detection at the usual size
    /// (Reports/BENCHMARKS.md, "A page of faint text read as no text (issue 29)"). nil: never.
    public var coarseBlobShare = 0.5
    public var coarseBlobInkShare: Double? = 0.04
    public var coarseBlobInkStep = 8
    /// An image whose coarse pass found text is read from a reduced decode when that reads as well
    /// as the whole image (``PPOCRPipeline/readingReduction(fullWidth:fullHeight:thicknesses:options:)``):
    /// a phone photo's detector input is scaled down to ``detectionMaxSide`` anyway, and its lines
    /// are thicker than the recognizer's ``recognitionHeight``, so decoding every pixel costs memory
    /// and time for nothing.
    public var reducedReading = ReducedReading()
    /// When an image is read reduced
    /// (Reports/BENCHMARKS.md, "Photos read reduced, the detector on two threads").
    public struct ReducedReading: Sendable, Equatable {
      /// The reductions a decode offers (libjpeg's DCT scaling of a JPEG), tried strongest first.
      /// Empty: always whole.
      public var reductions = [4, 2]
      /// The text's line thickness is taken as this quantile of the coarse regions' thicknesses: low,
      /// so that a page's small print decides, not its headings (or shapes taken for text).
      public var thicknessQuantile = 0.25
      /// … which at the reduction (a region as detected, its margins included) the recognizer may
      /// enlarge at most this many times to its ``recognitionHeight``: photos whose lines it enlarged
      /// up to this much read as well as whole, the smallest print measured among them; thinner
      /// print is read whole, unmeasured (Reports/BENCHMARKS.md, "No text, no work").
      public var maxEnlargement = 2.5
      /// The detector's input at the reduction keeps at least this share of its pixels from the
      /// whole image: a smaller input finds fewer lines.
      public var detectorPixelsKept = 0.95
      public init() {}
    }
    /// An image whose coarse pass found text that its full detection finds none of is detected
    /// again at full size by the coarse detector, when that is another model: the small detector
    /// finds nothing in some photos of faint print lying on its side where the tiny one finds every
    /// line (docs/engines.md, "Photos"). Off: such an image reads as nothing.
    public var redetectMissedText = true
    /// An image none of whose channels spans more than this many levels (darkest to lightest pixel)
    /// holds no text and is not detected at all: no mark on it stands out from its paper by more,
    /// whatever its size. A small one would otherwise be enlarged to ``detectionMinSide`` and cost
    /// the detector a page's work (a blank label, an empty crop). 0: every image is detected.
    public var blankImageSpread = 16
    /// RapidOCR's `(x / 255 − 0.5) / 0.5`, not the ImageNet values of the model's `inference.yml`:
    /// with the other RapidOCR settings below it read receipts and English pages with fewer errors
    /// (Reports/BENCHMARKS.md, "Measured choices behind the defaults").
    public var detectionNormalization = InputNormalization.rapidDetection
    /// Pixels of the probability map above this are text (`thresh`: RapidOCR 0.3, PaddleOCR 0.2).
    public var binarizationThreshold: Float = 0.3
    /// Regions whose mean probability is below this are dropped (`box_thresh`: RapidOCR 0.5,
    /// PaddleOCR 0.45).
    public var boxThreshold = 0.5
    /// Each region's rectangle grows by `area × unclipRatio / perimeter` on every side
    /// (`unclip_ratio`: RapidOCR 1.6, PaddleOCR 1.4).
    public var unclipRatio = 1.6
    /// At most this many regions per image (`max_candidates`: RapidOCR 1000, PaddleOCR 3000).
    public var maxCandidates = 1000
    /// Regions with a shorter side below this (map pixels) are dropped; after unclipping, below
    /// this + 2 (`min_size`, both).
    public var minRegionSide = 3.0
    /// Dilate the binary map by 2 × 2 before finding regions (`use_dilation`: RapidOCR on,
    /// PaddleOCR off).
    public var dilateMap = true
    /// Detected lines that cross a column gutter are cut there before they are read (``Gutters``).
    public var gutterSplit = GutterSplit()

    // MARK: Recognition

    /// Crops are scaled to this height (`rec_image_shape`).
    public var recognitionHeight = 48
    /// A batch is at least this wide; crops narrower than their batch are padded on the right with
    /// zeros. PaddleOCR pads every batch to 320 (`rec_image_shape`); measured on the receipts, no
    /// minimum reads as well and spends far less time in the recognizer (short crops, prices and
    /// labels, are most of a receipt's; Reports/BENCHMARKS.md, "Measured choices behind the defaults").
    public var recognitionMinWidth = 0
    public var recognitionNormalization = InputNormalization.paddleRecognition
    /// Spaces the recognizer dropped between words, put back where the crop's ink is as open as
    /// between the line's other words (``SpacesFromInk``): a gap at least this share of the line's
    /// typical word gap. nil: never (scripts written without spaces).
    public var spacesFromInk: Double?
    /// Crops per recognizer run, sorted by aspect ratio first (PaddleOCR's `rec_batch_num` is 6).
    /// On one CPU thread a batch saves nothing and its padding costs: one crop a run was fastest, at
    /// the same CER (Reports/BENCHMARKS.md, "Measured choices behind the defaults"; Reports/BENCHMARKS.md, "PP-OCR against faster-paddle: what each lever bought": the batching row).
    public var recognitionBatchSize = 1
    /// Each crop is sampled this share of its width, its height kept, as PaddleOCR's training squeezes
    /// long lines: the recognizer's work is proportional to its input's width. 1: as detected.
    public var recognitionWidthScale = 1.0
    /// Images at least this many times as tall as wide, and read as pages, are detected and read
    /// with ``NarrowPages``' cheaper settings. nil: every image alike.
    public var narrowPages: NarrowPages?
    /// A till receipt's strip is one column of large print, which a smaller detector input and crops
    /// squeezed across may read for less of both models' work, where pages in columns read worse so
    /// (Reports/BENCHMARKS.md, "Where an accurate receipt's and page's time goes, outside the recognizer's arithmetic (issue 29)").
    /// Off at every level: receipts held out from the choice read worse with the crops squeezed
    /// (Reports/BENCHMARKS.md, "Receipts read cheaper, and the models on whole cores (issue 29)").
    public struct NarrowPages: Sendable, Equatable {
      /// An image is narrow when its height is at least this many times its width.
      public var aspectRatio = 1.6
      /// ``Options/detectionMaxSide`` for a narrow image (the smaller of the two is kept).
      public var detectionMaxSide = 1600
      /// ``Options/recognitionWidthScale`` for a narrow image.
      public var recognitionWidthScale = 0.8
      public init() {}

      /// Whether an image this size is narrow.
      public func holds(width: Int, height: Int) -> Bool {
        width > 0 && Double(height) >= aspectRatio * Double(width)
      }

      /// `options` as a narrow image is read with.
      public func applied(to options: Options) -> Options {
        var narrowed = options
        narrowed.detectionMaxSide = min(options.detectionMaxSide, detectionMaxSide)
        narrowed.recognitionWidthScale = recognitionWidthScale
        return narrowed
      }
    }
    /// A crop at least this many times taller than wide is a vertical line, turned a quarter turn
    /// counter-clockwise so it reads top to bottom (PaddleOCR's `get_rotate_crop_image`).
    public var verticalAspectRatio = 1.5
    /// Where tall regions are the exception (single-line mode, or fewer than half a page's regions),
    /// read each also turned clockwise and keep the likelier reading.
    public var readTallRegionsBothWays = true
    /// Tall regions are columns of vertical Japanese: each is also read cut into its character cells
    /// set side by side upright (``VerticalColumn``), and that reading is kept unless the turned one
    /// is likelier by ``cellReadingChoice`` (a sideways Latin line in a vertical page).
    /// Measured on Corpora jpn-vertical and jpn-vertical-mixed
    /// (docs/engines.md, "Vertical Japanese"): read turned, a column drops its `、。「」`; read in cells, it keeps them.
    public var readColumnsInCells = false
    /// A column read in cells whose turned reading holds no Latin run is cut along the gaps between
    /// its characters rather than on one grid
    /// (``VerticalColumn/Grid/boundaries(crossing:inkAcross:top:bottom:pitch:)``). Off: over two
    /// seeds of the tategaki sweep it read one better and the other worse
    /// (docs/engines.md, "Vertical Japanese").
    public var cellsAlongGaps = false
    /// Read turned, a column must be this much likelier than read in cells to keep the turned reading
    /// where ``cellReadingChoice`` weighs them by the mean
    /// (a mean probability; the turned reading of a column that drops its `、。` is confident). With
    /// the turned reading's Latin spliced into the cells between anchors, a smaller margin than
    /// before read the tategaki sweep better on three seeds; a smaller one still turned a column of
    /// jpn-vert-lines that the cells read better (docs/engines.md, "Vertical Japanese").
    public var cellReadingMargin = 0.065
    /// A small kana (`っ ャ`) the cells read where a column's turned reading holds none between
    /// the same two neighbours, or its full-size form, goes into the turned reading before the two
    /// are weighed (``cellReadingChoice``), and stays there where it is kept
    /// (``VerticalColumn/withSmallKana(of:into:)``): read turned, a small kana's ink is lost beside
    /// its neighbours, and by the sum the reading that dropped a character the cells doubted is the
    /// likelier. A page of one column read whole is kept over its columns only where it holds as
    /// many small kana (``oneColumnReadWhole``)
    /// (Reports/BENCHMARKS.md, "The summed choice made safe for small kana and upright letters (issue 30)").
    public var smallKanaIntoTurnedReading = true
    /// With ``smallKanaIntoTurnedReading``, a full-size kana of the turned reading is read as the
    /// small form the cells read between the same neighbours only where the cell's ink is a small
    /// kana's (``VerticalColumn/isSmallKanaInk(_:)``): the cells misread a full-size kana small
    /// (`待っ。`) as often as the turned reading misreads a small one full size
    /// (Reports/BENCHMARKS.md, "Small kana into the turned reading by their ink, and long vowel bars measured (issue 30)").
    public var smallKanaByTheirInk = true
    /// A bar (`ー`) one of a column's readings holds between two Latin letters, where the other reads
    /// one Latin letter between the same two, becomes that letter in both before they are weighed
    /// (``VerticalColumn/withLettersOverBars(of:into:)``): a thin upright letter (`I` of `UIKit`)
    /// looks like a bar, and either reading may read it so, surely
    /// (Reports/BENCHMARKS.md, "The summed choice made safe for small kana and upright letters (issue 30)").
    public var lettersOverBarsFromOtherReading = true
    /// How a column's two readings, in cells and turned, are weighed against each other
    /// (``CellReadingChoice``): by their summed log-probabilities with a credit of 0.2 a character,
    /// where the mean favoured the reading that drops a character it doubts (a `、。`, a bracket, a
    /// long vowel bar), which a turned reading does. The small kana and upright letters a reading
    /// loses for how it was read are put back before they are weighed
    /// (``smallKanaIntoTurnedReading``, ``lettersOverBarsFromOtherReading``)
    /// (Reports/BENCHMARKS.md, "A column's cells or its whole reading by summed log-probability (issue 30)"; Reports/BENCHMARKS.md, "The summed choice made safe for small kana and upright letters (issue 30)").
    public var cellReadingChoice = CellReadingChoice.summedLogProbability(credit: 0.2)
    /// How the reading of a column in cells is weighed against the column read turned.
    public enum CellReadingChoice: Sendable, Equatable {
      /// Each reading's mean character probability, the turned one kept only where likelier by
      /// more than ``Options/cellReadingMargin``. A reading that drops a character it doubts has
      /// the higher mean.
      case meanProbability
      /// Each reading's summed log-probability with `credit` for each character, no margin: a
      /// reading that drops a character it doubts loses that character's credit.
      case summedLogProbability(credit: Double)
      /// ``summedLogProbability(credit:)`` where the readings hold different numbers of characters;
      /// between readings as long (one character read for another) the mean and its margin.
      case summedWhereLengthsDiffer(credit: Double)
    }
    /// A column's two readings, turned and in cells, each take from the other the marks (`、。「」`)
    /// it read with at least this probability between the same neighbours, where the one kept has
    /// none (``VerticalColumn/withMarks(of:into:surerThan:)``): read turned, a column drops them, and
    /// cells that lost the grid's phase drop some. A doubtful mark is as often a speck. nil: never
    /// (docs/engines.md, "Vertical Japanese").
    public var marksFromOtherReading: Double? = 0.5
    /// A column's `、。` found in its ink — a small piece right of its axis, alone in its rows, at the
    /// top of a gap between characters; a ring `。`, a stroke `、` — go into the reading kept where
    /// it has none (``VerticalColumn/marksInInk(_:)``, ``VerticalColumn/withInkMarks(_:into:height:)``):
    /// both readings lose marks the page plainly shows (docs/engines.md, "Vertical Japanese").
    public var marksFromInk = true
    /// A `、。` a scan lost leaves its cell empty: a gap in the column's ink between two characters
    /// of ``MarkGaps/empty`` to ``MarkGaps/longest`` ems (or from ``MarkGaps/remnant`` where a
    /// ring is left of it), where the reading kept has no mark, gets one
    /// (``VerticalColumn/marksInGaps(_:empty:remnant:longest:)``). nil: never
    /// (docs/engines.md, "Vertical Japanese").
    public var marksInGaps: MarkGaps? = MarkGaps()
    /// A character of a column's reading read as a bar (`ー -`; not `一`, which is text as often)
    /// where the column's ink holds a corner bracket set vertically — a bar across the column with a
    /// stroke at one end, against what it opens or closes — is read as that bracket
    /// (``VerticalColumn/withBracketsFromInk(_:into:pitch:)``): a cell that holds part of its
    /// neighbour sets the bracket upright, and the recognizer reads its bar alone
    /// (docs/engines.md, "Vertical Japanese").
    public var bracketsFromInk = true
    /// A letter inside a Latin run of a column's reading, where the column's cells read a hiragana
    /// surely, is read as that hiragana (``VerticalColumn/withSureKana(of:into:)``): a kana beside a
    /// sideways word lies on its side with it, and the turned reading reads it as one of the word's
    /// letters (`Pythonのscript` as `PythonSscript`) (docs/engines.md, "Vertical Japanese").
    public var sureKanaFromCells = true
    /// With ``sureKanaFromCells``, a letter inside a Latin run read less surely than `letterBelow`
    /// is read as a hiragana the cells read at least `kanaAtLeast` surely within `reach`
    /// half-letters of it (``VerticalColumn/withSureKana(of:into:doubtful:)``): among a sideways
    /// word's sure letters, the one the turned reading doubts is most often a kana beside it, lying
    /// on its side with it (`JavaScriptのPromise` as `JavaScriptOPromise`), which the cells read
    /// less surely, cut across the word's slices. nil: sure kana only (docs/engines.md, "Vertical Japanese").
    public var kanaOverDoubtfulLetters: KanaOverDoubtfulLetters? = KanaOverDoubtfulLetters()
    public struct KanaOverDoubtfulLetters: Sendable, Equatable {
      public var letterBelow: Float = 0.9
      public var kanaAtLeast: Float = 0.4
      public var reach = 1.5
      public init() {}
    }
    /// A letter inside a long Latin run of a column's reading read less surely than `letterBelow`
    /// is read as the hiragana the recognizer reads at least `kanaAtLeast` surely in the em of the
    /// column around it, read upright alone (``PPOCRPipeline/withKanaReadUpright(_:column:pitch:settings:)``):
    /// a kana set between two sideways words lies on its side with them, and the turned reading
    /// reads it as a letter it doubts (`JavaScriptのPromise` as `JavaScriptOPromise`) where the
    /// cells, off their phase, read it no better. nil: never (docs/engines.md, "Vertical Japanese").
    public var kanaReadUpright: KanaReadUpright? = KanaReadUpright()
    public struct KanaReadUpright: Sendable, Equatable {
      public var letterBelow: Float = 0.9
      public var kanaAtLeast: Float = 0.7
      /// Also the doubtful letter that ends a column after a Latin run, and one between two words
      /// the recognizer set apart with spaces
      /// (``VerticalColumn/doubtfulLettersToReadUpright(_:letterBelow:atFootAndBetweenSpacedWords:)``):
      /// the kana after a word, at the foot where the line breaks after it (`JavaScriptの` read
      /// `JavaScriptS`), or between two words with a gap either side (`PostgreSQL S VACUUM`).
      public var atFootAndBetweenSpacedWords = true
      /// The cell at the letter's middle is read first, and the cells a quarter em above and below
      /// it only where it reads one character less surely than this, or reads none or several:
      /// read surely, the middle cell holds the kana whole, or holds no kana, and the shifted
      /// cells are wanted only where the turned reading placed the kana off it.
      public var shiftedCellsBelow: Float = 0.9
      public init() {}
    }
    /// An em of a column beside a Latin run of its reading where no character stands, read upright
    /// alone as one hiragana at least this surely, puts that kana in
    /// (``PPOCRPipeline/withKanaBesideLatinRuns(_:column:pitch:kanaAtLeast:)``): the kana after a
    /// sideways word lies on its side with it, and both readings can lose it (`Promiseで、` read
    /// `Promise、`). nil: never (docs/engines.md, "Vertical Japanese").
    public var kanaBesideLatinRuns: Float? = 0.9
    /// A word of two or three letters with a capital (`OS`, `AI`), each letter read turned at least
    /// this surely, replaces the one or two characters the column's cells read for it where they lost
    /// it (``VerticalColumn/cellsLostShortWord(_:cells:)``): lying sideways it is about an em long,
    /// one cell, which the cells read as a kana (`AI` as `こ`). nil: never
    /// (docs/engines.md, "Vertical Japanese").
    public var shortSidewaysWords: Double? = 0.5
    /// With ``shortSidewaysWords``, where the cells read one character for such a word, each of
    /// its letters read turned at least this surely takes its place, however surely the cells read
    /// that character (``VerticalColumn/cellsLostShortWord(_:cells:oneCellAtLeast:)``): the cells
    /// read `AI` lying in one cell as `こ` as surely as the turned reading reads its `I`. 0.9 is the
    /// step's own bound.
    public var shortWordOverOneCell = 0.8
    /// One character of a column's turned reading read doubtfully (below 0.5) is read alone
    /// (``VerticalColumn/stretchesToReadAlone(_:em:loneDoubtfulCharacters:)``): read turned among
    /// kana on their sides, a two-letter word lying sideways may be read as one doubtful kana (`AI`
    /// as `こ`) (docs/engines.md, "Vertical Japanese"). Off: on pages nobody tuned on it read a
    /// doubtful kana as letters (`と` as `Ar`) as often as it mended a word.
    public var loneDoubtfulCharactersReadAlone = false
    /// A ring beside a letter of a column's turned reading is read as `O`, and a bar after a
    /// capital at a word's head as `I`, before its Latin runs go into the cells
    /// (``VerticalColumn/lettersFromLookalikes(_:)``): read turned, `OS` comes out `〇S` and `AI`
    /// `Aー`, which are no words (docs/engines.md, "Vertical Japanese").
    public var turnedLookalikeLetters = true
    /// A letter whose capital is its small letter made larger (`o`, `O`), in a word of a column's
    /// turned reading, takes the case the height of its ink across the column says, before the
    /// turned reading's Latin runs go into the cells (``VerticalColumn/casedAcross(_:line:)``):
    /// lying sideways among kana on their sides, `OS` reads `os` and `arXiv` `arxiv`
    /// (docs/engines.md, "Vertical Japanese").
    public var sidewaysCaseByHeight = true
    /// With ``sidewaysCaseByHeight``, a sideways letter that may descend (`Q`, `J`, `g`) is measured
    /// from the word's baseline to the top of its ink, not across its whole ink
    /// (``VerticalColumn/heightsAboveBaseline(of:em:run:)``): a tail below the baseline is no
    /// height, and `Q`'s set the word's capital bar above its other capitals (`SQL` read `sQL`;
    /// docs/engines.md, "Vertical Japanese").
    public var sidewaysHeightFromBaseline = true
    /// Where the cells read a kana that anchors a turned Latin run to them twice, once for a slice
    /// of the sideways word before it (`Type-Cで` read in cells `で猫占で`), the turned reading's
    /// kana is anchored to the one that lies nearer it along the column, not the first: anchored to
    /// the slice, the run goes in before it and the word's other slices stay
    /// (``VerticalColumn/anchors(_:_:counting:nearestInPlace:)``; docs/engines.md, "Vertical Japanese").
    public var anchorsNearestInPlace = true
    /// A sure kana at the end of the cells' stretch a turned Latin run goes into, read the same as
    /// the anchor beside it where the turned reading holds that kana once, does not keep the run
    /// out (``VerticalColumn/neighbourReadTwice(_:inside:cells:turned:)``): the cells lost their
    /// phase at the sideways word and read its neighbour twice, once for the word's last slice
    /// (`Mockを` read `でロをを`) (docs/engines.md, "Vertical Japanese").
    public var neighbourReadTwiceInWords = true
    /// A `「` the column's ink holds after a `。` the reading kept has, read as nothing (no bracket,
    /// bar or `一` near it), is put in after the `。`
    /// (``VerticalColumn/withOpeningBracketsAfterFullStops(_:into:height:pitch:afterClosingBrackets:)``): set in the foot
    /// of the cell after the mark's, apart from both, it is dropped by both readings. Only with
    /// ``bracketsFromInk`` (docs/engines.md, "Vertical Japanese").
    public var openingBracketsFromInk = true
    /// With ``openingBracketsFromInk``, such a `「` is put in after a `」` or `』` the reading kept has
    /// too: one quotation right after another (`」「`) sets its bracket where a sentence's does
    /// (``VerticalColumn/withOpeningBracketsAfterFullStops(_:into:height:pitch:afterClosingBrackets:)``).
    public var openingBracketsAfterClosing = true
    /// A `『』` read where the column's ink holds the single corner bracket is read as it
    /// (``VerticalColumn/isDoubleOf(_:bracket:)``). Only with ``bracketsFromInk``
    /// (docs/engines.md, "Vertical Japanese").
    public var singleBracketsOverDouble = true
    /// A `」` the column's ink holds after a `？` or `！` the reading kept, read as nothing, is put in
    /// after the mark (``VerticalColumn/withClosingBracketsAfterMarks(_:into:height:pitch:)``): set
    /// against the mark, it falls in the mark's cell, which reads only the mark. Only with
    /// ``bracketsFromInk`` (docs/engines.md, "Vertical Japanese").
    public var closingBracketsAfterMarks = true
    /// With ``bracketsFromInk``, a `」「` set back to back (half a cell each, one cell between them)
    /// that the reading read as one character (`二`, `一`, a bar) is read as both
    /// (``VerticalColumn/withBracketsBackToBack(_:into:height:pitch:)``); a `「` read as `一 二` right
    /// after a `。」』` as it (``VerticalColumn/withOpeningBracketsReadAsOnes(_:into:height:pitch:)``);
    /// and a `「` lost after a `」` goes in though the `」` lies within a pitch of it
    /// (docs/engines.md, "Vertical Japanese").
    public var bracketsBackToBack = true
    /// With ``bracketsFromInk``, a `「` the column's ink holds above the first character its reading
    /// kept, or a `」` below its last, read as nothing, is put in
    /// (``VerticalColumn/withBracketsAtColumnEnds(_:into:height:pitch:)``): a quotation that opens or
    /// closes a column sets its bracket alone in a cell at the column's end, cut with paper only,
    /// which both readings drop; the bracket's shape inside a character's own cell is a stroke of
    /// it (`こ`), so only one more than half a pitch beyond the end character goes in
    /// (docs/engines.md, "Vertical Japanese").
    public var bracketsAtColumnEnds = true
    /// With ``bracketsFromInk``, a `﹂` of a column's ink with a thin bar across right above it is
    /// the lower stroke of `こ`, not a closing bracket: no step puts it in as one, and a `」` read
    /// nearest it is read `こ` (``VerticalColumn/withKoOverClosingBrackets(_:into:height:pitch:)``).
    /// The stroke turns up at its left end as `﹂` does, and cut from its bar by the column's foot
    /// the recognizer reads it as the bracket (docs/engines.md, "Vertical Japanese").
    public var koOverClosingBrackets = true
    /// With ``bracketsFromInk``, a hyphen read between two Latin letters or digits (`Blu-ray` lying
    /// sideways) stays a hyphen where the ink shows a bracket's shape near it
    /// (``VerticalColumn/withHyphensInWords(of:into:)``): a corner bracket never stands inside a
    /// word, and the ink of a hyphen lying sideways among letters is found as a `﹁` now and then
    /// (docs/engines.md, "Vertical Japanese").
    public var hyphensInWordsKept = true
    /// A `ー` read where the column's ink holds a thin bar across its axis, alone in its rows, is
    /// read as the kanji `一` (``VerticalColumn/withOnesFromInk(_:into:pitch:)``): set vertically,
    /// the long vowel bar stands along the column and the kanji's bar across it, but turned or cut
    /// with a neighbour the kanji reads as the horizontal line's `ー`. Not after a katakana, where
    /// the long vowel is at home, nor after a Latin letter or digit (docs/engines.md, "Vertical Japanese").
    public var onesFromInk = true
    /// The `…` a column's ink holds — three dots down its axis a cell, each too small to be kept as
    /// ink — go into the reading kept, in place of what it read of them (`・`, `:`), and under a
    /// column's foot where the detector ended its box at them (``VerticalColumn/ellipsesInInk(_:)``)
    /// (docs/engines.md, "Vertical Japanese").
    public var ellipsesFromInk = true
    /// A parenthesis set vertically (`︵︶`, an arch or a bowl across the column in a cell of its
    /// own) that the column's ink holds goes into the reading kept, where it read a bar or a wave in
    /// its place or nothing (``VerticalColumn/withParenthesesFromInk(_:into:pitch:atColumnEnds:margin:widest:overOne:)``): the
    /// recognizer drops the flat arc or reads it as what it looks like
    /// (docs/engines.md, "Vertical Japanese").
    public var parenthesesFromInk = true
    /// A colon set vertically (`：` turned: two dots side by side across the column) that the
    /// column's ink holds goes into the reading kept, where it read the dots of another mark in its
    /// place or nothing (``VerticalColumn/withColonsFromInk(_:into:pitch:uprightColons:)``)
    /// (docs/engines.md, "Vertical Japanese").
    public var colonsFromInk = true
    /// With ``colonsFromInk``, a colon some fonts set upright in vertical text (two dots one above
    /// the other on the column's axis, alone in the middle of their gap) is read too
    /// (``VerticalColumn/uprightColonsInInk(dots:ink:width:height:)``), where the recognizer
    /// takes the pair for `…` or drops it (docs/engines.md, "Vertical Japanese").
    public var uprightColonsFromInk = true
    /// How much more paper, in ems, a colon set upright may have on one side than on the other
    /// (``VerticalColumn/uprightColonsInInk(dots:ink:width:height:balance:atFoot:)``): the
    /// neighbours' ink leaves their cells unevenly, `意` to its foot, `こ` from below its head
    /// (docs/engines.md, "Vertical Japanese").
    public var uprightColonBalance = 0.25
    /// With ``uprightColonsFromInk``, a colon set upright under a column's last character, paper
    /// under it, is read too, where the recognizer read `…` for it (docs/engines.md, "Vertical Japanese").
    public var uprightColonsAtFoot = true
    /// An exclamation mark set upright that the column's ink holds (a stroke tapering down the
    /// axis, a dot under its foot) is read where the reading kept read a bar in its place
    /// (``VerticalColumn/withExclamationMarksFromInk(_:into:pitch:parted:)``)
    /// (docs/engines.md, "Vertical Japanese").
    public var exclamationMarksFromInk = true
    /// With ``exclamationMarksFromInk``, an exclamation mark is looked for in the column's darker
    /// ink too (``VerticalColumn/darkInk(of:)``), where the blur greys the paper between its
    /// stroke and its dot, or between its dot and the character under it, and the column's
    /// threshold makes one run of them (docs/engines.md, "Vertical Japanese").
    public var exclamationMarksParted = true
    /// A `、` or `。` the reading kept holds is read as the one the column's ink plainly shows in
    /// its place — a closed ring `。`, a stroke down the diagonal with no hole `、`
    /// (``VerticalColumn/withMarkKindsFromInk(_:into:height:)``): the recognizer takes one for the
    /// other in a cell the grid cut or the scan blurred (docs/engines.md, "Vertical Japanese").
    public var markKindsFromInk = true
    /// With ``markKindsFromInk``, a `、` drawn out along the diagonal less far than a large one is —
    /// small, as a Mincho `、` is beside its kana, or blurred — but solid through its middle shows
    /// its kind plainly too (``VerticalColumn/shortCommaIsPlain(ringness:amount:)``): the recognizer
    /// reads such a `、` as `。` where the ink has no ring (docs/engines.md, "Vertical Japanese").
    public var shortCommasFromInk = true
    /// With ``parenthesesFromInk``, an arch at a column's head and a bowl at its foot are taken
    /// where they stand near their neighbour, however little paper the box leaves on their other
    /// side (``VerticalColumn/standsAtColumnEnd(opening:rows:ink:height:em:)``): a column's first
    /// `︵` otherwise fails the test of standing in the foot of its cell, and is dropped
    /// (docs/engines.md, "Vertical Japanese").
    public var parenthesesAtColumnEnds = true
    /// How much longer, in ems, the paper on a parenthesis's far side must be than on the side of
    /// what it opens or closes, for ``parenthesesFromInk`` to take an arc within a column: a bar
    /// stands in the middle of its cell, a parenthesis nearer one end
    /// (``VerticalColumn/standsAgainst(opening:rows:ink:height:em:margin:)``).
    public var parenthesisMargin = 0.05
    /// With ``parenthesesFromInk``, a `一` read where the ink holds a parenthesis's arc is read as
    /// the parenthesis, as a bar there is: the arc is no kanji's stroke, alone in its cell and
    /// curved (``VerticalColumn/isLookalikeOfParenthesis(_:withOne:)``).
    public var parenthesesOverOne = true
    /// How wide, in ems, the arc of a parenthesis taken from a column's ink may be
    /// (``VerticalColumn/parenthesesInInk(_:atColumnEnds:margin:widest:)``). The em is told from
    /// the width of the column's ink, and a column of narrow kana tells it short: there `︵︶`,
    /// set the full width of the cell, span more than the em it tells
    /// (docs/engines.md, "Vertical Japanese").
    public var widestParenthesis = 1.1
    /// With ``parenthesesFromInk``, an arc that the column's threshold joins to the character it
    /// opens or closes is found in the darker half of the ink, where the faint join falls away
    /// (``VerticalColumn/darkInk(of:)``): set in the end of its cell against `分 略 ん`, whose
    /// strokes reach the foot of theirs, a blurred `︶` touches it and both readings drop it
    /// (docs/engines.md, "Vertical Japanese"). Only a bowl shaped as one is taken so, not an arch
    /// and not the foot of a stroke (``VerticalColumn/isBowlRatherThanFoot(_:width:height:)``).
    /// Off: on pages nobody tuned on, with that test as without it, the foot of `し` still parted
    /// into a false `）` more often than a lost one was found.
    public var parenthesesTouchingTheirNeighbours = false
    /// A column whose reading does not begin with `（` takes the `︵` the page holds just above its
    /// box, and one that does not end with `）` the `︶` just below it, looked for this many of the
    /// column's widths beyond the box (``VerticalColumn/parenthesisBeyondBox(_:boxRows:opening:widest:)``):
    /// the detector's box ends at the column's first and last characters, and a flat arc beyond
    /// them lies in no crop. nil: never (docs/engines.md, "Vertical Japanese").
    public var parenthesesBeyondBox: Double? = 1
    /// A `?` or `!` a column's reading holds beside Japanese is read as the full-width mark
    /// (``VerticalColumn/fullWidthMarks(_:)``): a mark in a cell of its own shows the recognizer no
    /// width, and Japanese sets `？！` full-width; one inside a Latin word or an address stays ASCII
    /// (docs/engines.md, "Vertical Japanese").
    public var fullWidthMarks = true
    /// Whichever reading of a column is kept, its full-width Latin letters and digits are read as
    /// ASCII (``VerticalColumn/halfWidthLatin(_:)``), as the cells' own reading already is: the
    /// turned reading, or the column read whole, kept over the cells, gave `ＵＳＢ` for `USB`
    /// (docs/engines.md, "Vertical Japanese").
    public var lettersInASCIIWhicheverReading = true
    /// A `.` a column's reading holds after a kana or a kanji is read as `、`
    /// (``VerticalColumn/verticalMarks(_:pointsAsCommas:)``) (docs/engines.md, "Vertical Japanese").
    public var pointsAfterJapaneseAsCommas = true
    /// A column's reading that begins with `」` before a Latin letter begins with `J`
    /// (``VerticalColumn/letterJAtHead(_:)``) (docs/engines.md, "Vertical Japanese").
    public var letterJAtColumnHead = true
    /// A bar that ends a word of ASCII letters, after a small letter, is read as `l`
    /// (``VerticalColumn/barsEndingWordsAsL(_:)``) (docs/engines.md, "Vertical Japanese").
    public var barsEndingWordsAsL = true
    /// With ``marksInGaps``, no mark goes between two Latin letters or digits of the reading: the
    /// gaps between upright small letters are theirs (docs/engines.md, "Vertical Japanese").
    public var gapMarksOutsideLatinWords = true
    /// A column whose reading ends in no mark takes the `、。` the page holds under its box, looked
    /// for this many of the column's widths below it
    /// (``VerticalColumn/markUnderFoot(_:foot:empty:remnant:longest:whole:)``): the detector's
    /// box ends at the last character, and the mark after it lies in no crop. nil: never
    /// (docs/engines.md, "Vertical Japanese").
    public var marksUnderFoot: Double? = 2
    /// Under the foot, a `、。` whose own ink is kept is taken too, not only what a scan left of one
    /// (``VerticalColumn/markInk(_:across:rows:)``): its ink is the first below the last
    /// character, or the box's last, so without this it is taken for a character's. Only with
    /// ``marksUnderFoot``.
    public var wholeMarksUnderFoot = true
    /// The gaps that are a lost mark's cell, in ems: longer than a closing bracket's half-empty cell
    /// or the space either side of `一`, shorter than the gap between tiers.
    public struct MarkGaps: Sendable, Equatable {
      public var empty = 1.05
      public var remnant = 0.75
      public var longest = 1.6
      public init() {}
    }
    /// A column kept as read in cells takes the turned reading's character where the two differ by
    /// one kana or kanji between characters both share, and the turned one is the small form of the
    /// cells' kana or was read surer by more than this (``VerticalColumn/withSurerCharacters(of:into:margin:voicingMargin:lostSurerThan:)``):
    /// cells read a small kana full size, and misread a character whose cell holds part of a
    /// neighbour. nil: never (docs/engines.md, "Vertical Japanese").
    public var charactersFromTurnedReading: Double? = 0.3
    /// A column kept as read in cells takes the hiragana or kanji its turned reading read at least
    /// `kanaAtLeast` surely where the cells read one ASCII letter less surely than `letterBelow`
    /// between characters both readings share (``VerticalColumn/withKanaOverLetters(of:into:kanaAtLeast:letterBelow:)``):
    /// in a column of upright Latin letters, the character before the word, in a cell like
    /// theirs, is read as a letter too (`る。Xcode` as `z。Xcode`). nil: never
    /// (Reports/BENCHMARKS.md, "Single columns with upright Latin: kana read as letters (issue 30)").
    public var kanaOverCellLetters: KanaOverCellLetters? = KanaOverCellLetters()
    public struct KanaOverCellLetters: Sendable, Equatable {
      /// How surely the turned reading must have read the hiragana or kanji taken.
      public var kanaAtLeast = 0.85
      /// The cells' letter is replaced only where read less surely than this.
      public var letterBelow = 0.9
      public init() {}
    }
    /// A column's cells read as a full-size kana that has a small form (`ツ ユ よ`) are read as the
    /// small one where the cell's ink lies right of the column's axis and is smaller than a
    /// full-size kana's, as a small kana's does in vertical text
    /// (``VerticalColumn/withSmallKanaFromInk(_:line:)``): a scan swells a small kana past the size
    /// the cells set small, and read alone it is read full size. In a column's first cell, where no
    /// small kana stands (kinsoku), a small kana read is read full size (docs/engines.md, "Vertical Japanese").
    public var smallKanaFromInk = true
    /// The margin of ``charactersFromTurnedReading`` where the two characters differ only by a
    /// voicing mark (`ご`/`こ`) and only the turned reading's has one: neither reading is the one
    /// that loses the mark, so a smaller margin decides; a mark the turned reading did not read may
    /// be ink it missed, and `゛` for `゜` both swap, so those take the margin of any character.
    /// nil: that margin always.
    public var voicingMarksFromTurnedReading: Double? = 0.15
    /// Where a column's two readings (in cells, turned) differ by one kana with and without a
    /// voicing mark (`こ`/`ご`), the kept reading takes the other's form where the two readings
    /// together hold it likelier by more than this: each form's probability in the reading that chose
    /// it plus its probability as the runner-up in the other
    /// (``VerticalColumn/withVoicingFromBothReadings(of:into:margin:)``). Either reading loses a
    /// mark in its cell's corner, but seldom without doubt. A mark the kept reading holds is never
    /// taken away: it may be ink the other missed. nil: never (docs/engines.md, "Vertical Japanese").
    public var voicingMarksFromBothReadings: Double? = 0
    /// A kana or kanji the cells lost between two characters both readings share (no character but
    /// marks there in the cells) goes in from the turned reading where it read it this surely or
    /// more (``VerticalColumn/withSurerCharacters(of:into:margin:voicingMargin:lostSurerThan:)``):
    /// a cell holding a mark and the head of the next character loses that character. nil: never
    /// (docs/engines.md, "Vertical Japanese").
    public var charactersTheCellsLost: Double? = 0.9
    /// The kana and kanji the turned reading holds past the last character both readings share, where
    /// the cells read as nothing the ink of as many cells at the column's foot, go in where read
    /// turned this surely or more (``VerticalColumn/withFoot(of:into:unreadCells:surerThan:)``): a
    /// character alone at a column's foot, blank paper round it, the cells now and then read as
    /// nothing. nil: never (docs/engines.md, "Vertical Japanese").
    public var footTheCellsLost: Double? = 0.35
    /// A kana that takes a voicing mark, in a column read either way, takes the `゛` or `゜` its
    /// cell's ink shows apart from its body, where both readings lost it
    /// (``VerticalColumn/withInkVoicingMarks(_:column:line:)``). Off: on the held-out sweeps it
    /// broke nearly as many pages as it mended — a speck, a stroke broken off or `゛` drawn round
    /// look the same at a scan's few pixels an em (docs/engines.md, "Vertical Japanese").
    public var voicingMarksFromInk = false
    /// Which pieces of a column the detector cut apart (upright Latin, a letter a region) are
    /// joined again before it is read in cells (``VerticalColumn/joinedPieces(_:verticalAspectRatio:joining:)``).
    public var columnPieces = ColumnPieces()
    /// Pieces stacked down one column: each no wider than ``widestPiece`` times its height (letters,
    /// a kana, a column), their centres within ``alignment`` of the wider one's width across, each
    /// starting within ``gap`` of that width below the one above.
    public struct ColumnPieces: Sendable, Equatable {
      public var widestPiece = 1.5
      public var alignment = 0.3
      public var gap = 0.5
      public init() {}
    }
    /// Two columns on one axis whose gap holds ink are read as one: the detector leaves thin letters
    /// set upright (`w i f t`) out of every region, and what lies between the two would be read by
    /// none (``VerticalColumn/bridgedGaps(_:ink:verticalAspectRatio:bridging:)``). nil: never
    /// (docs/engines.md, "Vertical Japanese").
    public var columnGaps: ColumnGaps? = ColumnGaps()
    /// A gap between two columns is bridged when their centres lie within ``alignment`` of the wider
    /// one's width across, the gap is between ``narrowest`` and ``widest`` of that width long, and
    /// at least ``inkedRows`` of its rows hold ink across the columns' width.
    public struct ColumnGaps: Sendable, Equatable {
      public var alignment = 0.3
      public var narrowest = 0.5
      public var widest = 4.0
      public var inkedRows = 0.5
      public init() {}
    }
    /// A page whose lines lie on one axis and whose ink is a column is read also as one line (the
    /// box around its ink, as `--psm 7` reads it), and that reading kept where it is likelier and
    /// holds at least ``oneColumnLeastShare`` of the characters the detected lines hold (a box
    /// around a speck and the column reads one letter, surely) and every `、。` they hold (read as
    /// one line, a column drops the mark at its foot) (docs/engines.md, "Vertical Japanese").
    public var oneColumnReadWhole = true
    public var oneColumnLeastShare = 0.8
    /// Where the detected lines of such a page are more than one (the column cut into pieces), the
    /// reading as one line is kept under the same guards even where it is not the likelier.
    public var oneColumnOverPieces = true
    /// Where the detected lines of such a page cover less than this share of its ink's length (a
    /// faint column the detector found only in part), the reading as one line is kept under the
    /// same guards even where it is not the likelier; nil: never.
    public var oneColumnOverPart: Double? = 0.85
    /// A single-line image (`--psm 7`) that is a column of vertical Japanese is read as a page of one
    /// column is, detected and whole (``oneColumnReadWhole``), not whole only
    /// (``PPOCRPipeline/oneColumnReadAsAPage(_:stoppingWhenTurned:)``; docs/engines.md, "Vertical Japanese").
    public var singleColumnAsAPage = true
    /// Letters read in cells whose capital is their small letter made larger (`o`, `O`) are read
    /// as the height of their ink says (``VerticalColumn/casedByHeight(_:line:)``;
    /// docs/engines.md, "Vertical Japanese").
    public var caseByHeight = false
    /// A run of upright letters read in cells takes the case the recognizer reads them in set
    /// across, side by side as a word, where it reads the same letters there
    /// (``PPOCRPipeline/withCaseFromWordsAcross(_:line:)``; docs/engines.md, "Vertical Japanese").
    public var caseFromWordsAcross = false
    /// With ``caseFromWordsAcross``, a word of upright letters read across may also read one
    /// letter in three as another letter, read across at least this surely and more surely than
    /// in its cell, and the cells take it (``VerticalColumn/letters(readAcross:matching:at:otherLettersSurerThan:)``);
    /// nil: the case only.
    public var lettersFromWordsAcross: Double? = nil
    /// With ``caseFromWordsAcross``, a bar or a `1` in a word of upright letters (a thin letter
    /// alone in its cell, a bare stroke) is read as the `l`, `I` or `i` the word reads across at
    /// least this surely, and as surely as that
    /// (``VerticalColumn/letters(readAcross:matching:at:otherLettersSurerThan:thinLettersSurerThan:)``;
    /// docs/engines.md, "Vertical Japanese"); nil: a bar only as an `i`.
    public var thinLettersFromWordsAcross: Double? = nil
    /// A column read mostly as Latin letters (a word set upright, with no kana or few beside it) is
    /// read again as its cells set across whole, side by side as a horizontal line, and reads so
    /// where the recognizer is at least this sure of that on the whole and surer than of the
    /// column's reading (``PPOCRPipeline/withColumnReadAcross(_:column:atLeast:)``;
    /// docs/engines.md, "Vertical Japanese"); nil: never.
    public var columnsOfLettersReadAcross: Double? = nil
    /// A tall region is cut at a gap between tiers only where another is cut, or ends or starts,
    /// within this share of the page's height (``PPOCRPipeline/splitAtTierGaps(_:regions:)``).
    public var tierAlignment = 0.04
    /// A gap between tiers at least this many ems long (the column's width of ink) is taken whole
    /// when it is looked for where other columns end, start or are cut, not its middle alone
    /// (``PPOCRPipeline/splitAtTierGaps(_:regions:)``). nil: never.
    public var wideTierGap: Double? = 3
    /// A tier of a vertical page broken where the scan lost a mark (its columns' lower pieces found
    /// as a tier of their own) is joined to the tier above it when it starts fewer than this many
    /// ems (the columns' median width) below it (``VerticalTiers/joiningBrokenTiers(_:within:)``;
    /// docs/engines.md, "Vertical Japanese"). nil: never.
    public var brokenTiersJoinedWithin: Double? = 1.5
    /// A vertical page's tiers are made by its tallest columns first, the shorter joining them, so
    /// a column's head the detector found apart does not make a tier of its own over the rest
    /// (``VerticalTiers/bands(_:joinWithin:tallestFirst:)``; docs/engines.md, "Vertical Japanese").
    public var tiersFromTallestColumns = true
    /// The band under every region of a vertical page is detected again on its own, its ink set
    /// black, for the page number the detector missed there
    /// (``PPOCRPipeline/linesUnderTheTiers(_:regions:smallest:)``; docs/engines.md, "Vertical Japanese").
    public var linesUnderTheTiers = true
    /// A page number the detector joined to the column over it (set under the column's foot, past
    /// a gap narrower than one between tiers) is cut from that column's foot and read across as a
    /// line of its own (``PPOCRPipeline/numbersCutFromColumnFeet(_:regions:cutting:)``;
    /// docs/engines.md, "Vertical Japanese"): read as the column's tail, it was lost or read as
    /// characters of the column. nil: never.
    public var numbersUnderColumnFeet: NumbersUnderColumnFeet? = NumbersUnderColumnFeet()

    /// What a column's foot must be to be cut from it as a page number.
    public struct NumbersUnderColumnFeet: Sendable, Equatable {
      /// The empty rows over the foot, in ems (the column's width of ink): more than characters in
      /// a column ever leave between them, less than a gap between tiers.
      public var leastGap = 0.6
      /// The foot's length, in ems: a number set across in a smaller size than the columns is
      /// shorter than any character of a column.
      public var longestFoot = 0.6

      public init() {}
    }
    /// `jpn_vert`'s reading: columns read in cells, the page never enlarged, a faint page where
    /// nothing was found stretched (docs/engines.md, "Vertical Japanese").
    public static var verticalColumns: Options {
      var options = Options()
      options.readColumnsInCells = true
      options.detectionMaxUpscale = 1
      options.faintInkSpread = 160
      options.paleInkSpread = 36
      options.palePageColumnsRestored = RestoredColumns(restorations: [
        RestoredColumns.Restoration(darkenedDown: 1, darkenedAcross: 1, blur: 1.0)
      ])
      options.palePrintOnWhite = PalePrint()
      options.brokenStrokes = BrokenStrokes()
      var bilevel = RestoredColumns()
      bilevel.commasFromOwnReading = true
      options.bilevelColumnsRestored = bilevel
      options.caseByHeight = true
      options.caseFromWordsAcross = true
      options.lettersFromWordsAcross = 0.9
      options.thinLettersFromWordsAcross = 0.9
      options.columnsOfLettersReadAcross = 0.9
      return options
    }
    /// A page where the detector finds nothing, whose darkest and lightest levels (its ink and its
    /// paper) lie fewer than this many levels apart, is detected and read again with its levels
    /// stretched to black and white (``RGBImage/inkStretched(below:above:paperFrom:inkShare:)``): the
    /// detector takes the levels as they are and misses faint ink. nil: never. Vertical Japanese
    /// sets it (docs/engines.md, "Vertical Japanese").
    public var faintInkSpread: Int?
    /// A page whose darkest and lightest levels lie fewer than this many levels apart (thin strokes
    /// faded and worn into the paper, far paler than a faint scan's grey ink) is read with its levels
    /// stretched to black and white (``RGBImage/inkStretched(below:above:paperFrom:inkShare:)``) even where the
    /// detector finds some of it: as it is, the detector misses whole columns and the recognizer
    /// misreads the rest. nil: never. Vertical Japanese sets it (docs/engines.md, "Vertical Japanese").
    public var paleInkSpread: Int?
    /// A pale page's columns (``paleInkSpread``), once it is stretched, are read again in restored
    /// copies of the stretched page, as a bilevel page's are (``bilevelColumnsRestored``), and each
    /// column keeps whichever reading the recognizer is surer of; nil: never. The stretch multiplies
    /// the scan's noise as much as its ink, and on ink a few levels under the paper it breaks strokes
    /// into specks that a blurred copy joins again; on other pages of such ink the blur runs a small
    /// mark into its neighbour, which only the recognizer's confidence tells apart
    /// (Reports/BENCHMARKS.md, "Pale pages' columns read again blurred, and the pages lost whole (issue 30)").
    /// Vertical Japanese sets it (docs/engines.md, "Vertical Japanese").
    public var palePageColumnsRestored: RestoredColumns?
    /// A page of white paper whose ink is pale — print faded, thin or light, its darkest levels
    /// nearer the paper than a pale page's (``paleInkSpread``) need be — is read stretched to black
    /// and white as a pale page is: as it is, the recognizer loses its `。、` and misreads its
    /// thinnest strokes. The paper must be white: a faint grey scan's noise is stretched with its
    /// ink, and such pages read no better stretched
    /// (Reports/BENCHMARKS.md, "Pages the scan damaged (issue 30)"). nil: never. Vertical Japanese
    /// sets it (docs/engines.md, "Vertical Japanese").
    public var palePrintOnWhite: PalePrint?
    /// When a page is pale print on white paper: measured on the vertical sweep's tuning seeds
    /// (Reports/BENCHMARKS.md, "Pale print on white paper stretched (issue 30)").
    public struct PalePrint: Sendable, Equatable {
      /// Its darkest and lightest levels (``RGBImage/inkStretched(below:above:paperFrom:inkShare:)``)
      /// lie fewer than this many levels apart …
      public var spread = 90
      /// … and the lightest (its paper) are at this level or lighter.
      public var paper = 250
      public init() {}
    }
    /// A bilevel page whose strokes are broken into specks (``InkStrokes``: a 1-bit scan whose
    /// threshold took a Mincho face's thin strokes away) is read blurred, and every line the detector
    /// finds in it kept, however unsure; nil: never. Vertical Japanese sets it
    /// (docs/engines.md, "Vertical Japanese").
    public var brokenStrokes: BrokenStrokes?
    /// When a page is a bilevel scan of broken strokes, and how it is read then: measured on the
    /// vertical sweep's tuning seeds (Reports/BENCHMARKS.md, "Pages the scan damaged (issue 30)").
    public struct BrokenStrokes: Sendable, Equatable {
      /// A page is bilevel below this ``InkStrokes/greyPerInk`` (between what grey scans and
      /// bilevel ones measure, far apart) …
      public var greyPerInk = 0.25
      /// … and its strokes broken below this ``InkStrokes/pieceLength`` (below what whole strokes
      /// of small print measure, above the pages that read worst) …
      public var pieceLength = 3.5
      /// … when it holds this many pixels of ink or more.
      public var leastInk = 400
      /// It is read blurred by a Gaussian of this many pixels (``RGBImage/blurred(sigma:)``): the
      /// models see grey strokes, the specks of one stroke run together.
      public var blur = 0.7
      /// Its detector's map is taken as text from this probability (``binarizationThreshold``) and
      /// its regions kept from this mean (``boxThreshold``): a column of broken strokes is found
      /// faintly, or not at all at the usual values.
      public var binarizationThreshold: Float = 0.1
      public var boxThreshold = 0.1
      /// Its lines are kept from this mean probability (``minLineProbability``): a column read
      /// unsurely costs no more edits than one dropped, and holds some of its characters right.
      public var minLineProbability = 0.0
      public init() {}

      /// Whether `strokes` are those of such a page.
      func holds(_ strokes: InkStrokes) -> Bool {
        strokes.greyPerInk < greyPerInk && strokes.pieceLength < pieceLength && strokes.inkPixels >= leastInk
      }
    }
    /// On a bilevel page (a 1-bit scan, ``InkStrokes``), every column is read again in restored
    /// copies of the page, and each column keeps whichever reading the recognizer is surer of; nil:
    /// never. Vertical Japanese sets it (docs/engines.md, "Vertical Japanese").
    public var bilevelColumnsRestored: RestoredColumns?
    /// When a page is bilevel, and how its columns' other readings are restored: measured on the
    /// vertical sweep's tuning seeds
    /// (Reports/BENCHMARKS.md, "Columns of 1-bit scans read again restored (issue 30)").
    public struct RestoredColumns: Sendable, Equatable {
      /// A page is bilevel below this ``InkStrokes/greyPerInk`` (between what grey scans and
      /// bilevel ones measure, far apart) …
      public var greyPerInk = 0.25
      /// … when it holds this many pixels of ink or more.
      public var leastInk = 400
      /// The copies, each read whole: the threshold's specks of one vertical stroke darkened together
      /// and blurred a little, or blurred more, or the page enlarged twice and blurred, so that the
      /// recognizer samples its cells from smooth strokes instead of enlarging each cell's hard,
      /// one-pixel edges itself. Each mends columns the others spoil
      /// (Reports/BENCHMARKS.md, "1-bit columns read again enlarged (issue 30)").
      public var restorations: [Restoration] = [
        Restoration(darkenedDown: 2, darkenedAcross: 1, blur: 0.7),
        Restoration(darkenedDown: 1, darkenedAcross: 1, blur: 1.0),
        Restoration(darkenedDown: 1, darkenedAcross: 1, blur: 1.4, enlarged: 2),
      ]
      /// The reading a column keeps takes the `、。「」` the column's other readings (the page's
      /// own and the restored copies') read surely (``marksFromOtherReading``) between the same
      /// neighbours (``VerticalColumn/withMarks(of:into:surerThan:)``): each copy loses some
      /// marks — a small ring run into the character beside it, or left in specks — that another
      /// reads, and the reading the recognizer is surest of is chosen by its characters, not its marks.
      public var marksFromEveryReading = true
      /// With ``marksFromEveryReading``, a mark goes in between two characters of the reading kept
      /// only where they stand this many of the reading's pitches apart or more
      /// (``VerticalColumn/hasRoomForMark(in:at:apart:)``): a mark takes a cell of its own between
      /// its neighbours, or half of one, and where two characters stand a pitch apart, what another
      /// reading read as a mark between them is a stroke or a speck inside a word. nil: wherever
      /// the readings' shared neighbours place it
      /// (Reports/BENCHMARKS.md, "Marks from every reading only where they have room (issue 30)").
      public var marksOnlyWithRoom: Double? = 1.4
      /// Where a restored copy's reading is kept, a `。` it read alone between two neighbours is the
      /// `、` the page's own reading read alone between the same neighbours, where that mark's ink
      /// on the page is a tick (``VerticalColumn/withCommas(of:into:isTick:)``,
      /// ``VerticalColumn/MarkInk/isTick``): restored, a comma's few pixels thicken into a round
      /// blob, but the threshold also breaks a `。`'s ring open into an arc the page's own reading
      /// reads `、`, and an arc leaves its middle white. Only a bilevel page's copies do so;
      /// `jpn_vert` sets it for them
      /// (Reports/BENCHMARKS.md, "1-bit commas weighed by the mark's own piece of ink (issue 30)").
      public var commasFromOwnReading = false
      public init() {}
      /// The rule with its copies restored as `restorations` say.
      public init(restorations: [Restoration]) { self.restorations = restorations }

      /// A copy of the page enlarged `enlarged` times (``RGBImage/enlarged(by:)``; its columns'
      /// boxes with it), darkened by a minimum filter over `darkenedDown` rows and `darkenedAcross`
      /// columns (``RGBImage/darkened(down:across:)``), then blurred by a Gaussian of `blur` pixels
      /// of the enlarged copy (``RGBImage/blurred(sigma:)``).
      public struct Restoration: Sendable, Equatable {
        public var darkenedDown: Int
        public var darkenedAcross: Int
        public var blur: Double
        public var enlarged: Int
        public init(darkenedDown: Int, darkenedAcross: Int, blur: Double, enlarged: Int = 1) {
          self.darkenedDown = darkenedDown
          self.darkenedAcross = darkenedAcross
          self.blur = blur
          self.enlarged = enlarged
        }

        func restored(_ image: RGBImage) -> RGBImage {
          image.enlarged(by: enlarged).darkened(down: darkenedDown, across: darkenedAcross).blurred(
            sigma: blur)
        }

        /// A box of the page as it lies in the copy.
        func inCopy(_ region: TextRegion) -> TextRegion {
          enlarged > 1 ? region.scaled(x: Double(enlarged), y: Double(enlarged)) : region
        }
      }

      /// Whether `strokes` are those of a bilevel page.
      func holds(_ strokes: InkStrokes) -> Bool {
        strokes.greyPerInk < greyPerInk && strokes.inkPixels >= leastInk
      }
    }
    /// Which lines a first recognizer's reading leaves to the recognizer (``Cascade``).
    public var cascade = Cascade()
    /// With a first recognizer (a smaller one given to the pipeline beside the recognizer), every
    /// line across is read by it first, and only the lines whose reading is doubtful are read again
    /// by the recognizer, whose reading replaces it. Doubtful: nothing read, a character below
    /// ``minCharacterProbability``, a column below ``minColumnProbability`` (``DecodedLine/leastSureColumn``:
    /// blanks included, where a space or a point was half seen), or a character from
    /// ``otherScriptsFrom`` on (CJK and beyond: the tiny recognizer has Chinese characters but no
    /// kana, and reads them on an English page only by mistake). Tall regions, and every other
    /// reading (a page's turn, the coarse pass), go to the recognizer alone, so that the
    /// probabilities they compare are one model's; with ``minCharacterProbability`` at least
    /// ``pageTurnBelow``, a line kept from the first reading never asks for the page's turn. No level
    /// gives a first recognizer: the tiny one reads some lines wrongly with every character sure (a
    /// space or a point left out), and no threshold measured read every English corpus as well as the
    /// small recognizer alone for less CPU (Reports/BENCHMARKS.md, "Recognition cascade"); these
    /// values are the measured frontier's cheapest point within a few edits of it on most corpora.
    public struct Cascade: Sendable, Equatable {
      public var minCharacterProbability: Float = 0.8
      public var minColumnProbability: Float = 0
      public var otherScriptsFrom: Unicode.Scalar = "\u{2E80}"
      public init() {}

      /// Whether the recognizer reads again the line the first recognizer read as `line`.
      func readsAgain(_ line: DecodedLine) -> Bool {
        line.characters.isEmpty || line.leastSureColumn < minColumnProbability
          || line.characters.contains {
            $0.probability < minCharacterProbability
              || $0.text.unicodeScalars.contains { $0.value >= otherScriptsFrom.value }
          }
      }
    }
    /// Detected lines whose mean character probability is below this are dropped (`drop_score`);
    /// not applied in single-line mode, where the caller knows there is a line.
    public var minLineProbability = 0.5
    /// In single-line mode, the crop is the ink's bounds (dark on light or light on dark) …
    public var singleLineInkCrop = true
    /// … with this share of the ink's thickness added on every side (within the image).
    public var singleLineMargin = 0.25

    // MARK: Reading order

    public var readingOrder = ReadingOrder()

    // MARK: Line orientation (used only with a classifier)

    public var classifierHeight = 48
    public var classifierWidth = 192
    public var classifierBatchSize = 6
    /// A crop the classifier calls upside down with at least this probability is turned
    /// (`cls_thresh`).
    public var classifierThreshold: Float = 0.9
    /// Only lines read with a mean probability below this are given to the classifier.
    public var classifierBelow = 0.8

    // MARK: The page's turn

    /// A page's turn is read from this many of its longest lines, read also the other way (half a
    /// turn for lines across, a quarter turn the other way for tall ones) …
    public var pageTurnLines = 4
    /// … and told when the likelier way is likelier by at least this mean probability: a turned
    /// line reads as confident garbage seldom, an upright one as garbage never.
    public var pageTurnMargin = 0.15
    /// Lines across the page read as detected with at least this mean probability are upright, and
    /// not read the other way.
    public var pageTurnBelow = 0.8

    public init() {}
  }

  /// Where the time went, summed over every image since the pipeline was made: seconds of the calling
  /// thread's CPU time (which, with models that run on their caller's thread, is what the image cost,
  /// however busy the machine), and of wall-clock time for the whole.
  public struct Timings: Sendable, Equatable {
    public var images = 0
    /// Inside `TensorModel.run`, per model. A model run on more than one thread (the detector:
    /// ``SharedModels/detectorOptions(workers:)``) counts only its calling thread's share, as ``total`` does.
    public var detectionInference: Double = 0
    public var classificationInference: Double = 0
    public var recognitionInference: Double = 0
    /// All of `recognize`, inference included.
    public var total: Double = 0
    /// All of `recognize` in wall-clock seconds.
    public var wallClock: Double = 0
    /// Images first detected at ``Options/coarseDetectionSide``, and those of them that ended there
    /// (no text region found: no detection at full resolution).
    public var coarseDetections = 0
    public var endedAfterCoarse = 0
    /// Regions of coarse passes read to tell text from shapes' edges
    /// (``Options/coarseReadAtMostRegions``).
    public var coarseRegionsRead = 0
    /// Images detected again by the coarse detector, their full detection having found nothing
    /// (``Options/redetectMissedText``).
    public var coarseRedetections = 0
    /// Images not detected at all: no channel spans more than ``Options/blankImageSpread``.
    public var blankImages = 0
    /// Images whose coarse pass found text read from a reduced decode (``Options/reducedReading``).
    public var reducedReadings = 0
    /// Images detected at an input scaled down to their text (``Options/detectionLineThickness``).
    public var textSizedDetections = 0
    /// Images read with ``Options/narrowPages``' settings.
    public var narrowPages = 0
    /// Images whose coarse pass was their detection (``Options/coarsePassAsDetection``).
    public var coarseDetectionsKept = 0
    /// Coarse passes whose regions read as no text but held a blob of ink
    /// (``Options/coarseBlobInkShare``): their image went on to its detection.
    public var coarseInkedBlobs = 0
    /// Images that ended at the glance before their coarse pass (``Options/coarseGlanceSide``).
    public var endedAtGlance = 0
    /// Lines read by the first recognizer, and those of them read again by the recognizer
    /// (``Options/Cascade``).
    public var linesReadFirst = 0
    public var linesReadAgain = 0
    /// Pages on their side or upside down read only as far as their longest lines, which told their
    /// turn (``PPOCRResult/readInPart``).
    public var pagesReadInPart = 0
    /// Of those, pages whose turn their reduced copy told, read not at all before they were turned
    /// (``Options/sidewaysTurnFromPreview``).
    public var pagesTurnedFromPreview = 0
    /// Of those, pages upside down, read only as far as their longest lines
    /// (``Options/upsideDownTurnFirst``).
    public var pagesUpsideDownReadInPart = 0
    /// Where the rest of the time went, in the calling thread's CPU seconds: the probability map's
    /// regions (``regions(probability:mapWidth:mapHeight:image:)``), the crops sampled for the
    /// recognizer (on helpers' threads too), and the reading order.
    public var postProcessing: Double = 0
    public var cropping: Double = 0
    public var layout: Double = 0
    /// The detector's input rows times its width, summed over its runs (bands read their overlaps
    /// twice), and the map's pixels kept: what the bands cost beyond one run.
    public var detectorInputPixels = 0
    public var detectorMapPixels = 0
    /// Pages read as bilevel scans of broken strokes (``Options/brokenStrokes``).
    public var brokenStrokePages = 0
    /// The recognizer's runs and their input's columns (batch width × crops, padding included), all
    /// of them and those of the pass that reads each detected region once (the rest is read again:
    /// the page's turn, tall regions both ways, the coarse pass's regions).
    public var recognizerRuns = 0
    public var recognizerColumns = 0
    public var recognizerColumnsFirstPass = 0

    public init() {}

    public var inference: Double { detectionInference + classificationInference + recognitionInference }

    /// The time from `earlier` to these timings.
    public func since(_ earlier: Timings) -> Timings {
      var result = Timings()
      result.images = images - earlier.images
      result.detectionInference = detectionInference - earlier.detectionInference
      result.classificationInference = classificationInference - earlier.classificationInference
      result.recognitionInference = recognitionInference - earlier.recognitionInference
      result.total = total - earlier.total
      result.wallClock = wallClock - earlier.wallClock
      result.coarseDetections = coarseDetections - earlier.coarseDetections
      result.endedAfterCoarse = endedAfterCoarse - earlier.endedAfterCoarse
      result.coarseRegionsRead = coarseRegionsRead - earlier.coarseRegionsRead
      result.coarseRedetections = coarseRedetections - earlier.coarseRedetections
      result.blankImages = blankImages - earlier.blankImages
      result.reducedReadings = reducedReadings - earlier.reducedReadings
      result.textSizedDetections = textSizedDetections - earlier.textSizedDetections
      result.narrowPages = narrowPages - earlier.narrowPages
      result.coarseDetectionsKept = coarseDetectionsKept - earlier.coarseDetectionsKept
      result.coarseInkedBlobs = coarseInkedBlobs - earlier.coarseInkedBlobs
      result.endedAtGlance = endedAtGlance - earlier.endedAtGlance
      result.linesReadFirst = linesReadFirst - earlier.linesReadFirst
      result.linesReadAgain = linesReadAgain - earlier.linesReadAgain
      result.pagesReadInPart = pagesReadInPart - earlier.pagesReadInPart
      result.pagesTurnedFromPreview = pagesTurnedFromPreview - earlier.pagesTurnedFromPreview
      result.pagesUpsideDownReadInPart = pagesUpsideDownReadInPart - earlier.pagesUpsideDownReadInPart
      result.postProcessing = postProcessing - earlier.postProcessing
      result.cropping = cropping - earlier.cropping
      result.layout = layout - earlier.layout
      result.detectorInputPixels = detectorInputPixels - earlier.detectorInputPixels
      result.detectorMapPixels = detectorMapPixels - earlier.detectorMapPixels
      result.brokenStrokePages = brokenStrokePages - earlier.brokenStrokePages
      result.recognizerRuns = recognizerRuns - earlier.recognizerRuns
      result.recognizerColumns = recognizerColumns - earlier.recognizerColumns
      result.recognizerColumnsFirstPass = recognizerColumnsFirstPass - earlier.recognizerColumnsFirstPass
      return result
    }
  }

  /// As given; ``recognize(_:singleLine:stoppingWhenTurned:)`` changes them for one page while it
  /// reads a bilevel scan of broken strokes (``Options/brokenStrokes``) or a narrow image
  /// (``Options/narrowPages``).
  public internal(set) var options: Options
  public internal(set) var timings = Timings()

  let detector: TensorModel?
  /// The detector of the coarse pass (``Options/coarseDetectionSide``), when not `detector`: the pass
  /// only asks whether a large image holds any text region, which a smaller model answers for a
  /// fraction of the cost (Reports/BENCHMARKS.md, "No text, no work").
  let coarseDetector: TensorModel?
  /// What the coarse passes run: ``coarseDetector``; or, without one, the detector's own model in a
  /// session that runs for any worker at any time (`detectorOutsideTurns`), so that a worker's small
  /// coarse pass never waits for another's turn at the detector; or the detector.
  let coarsePassDetector: TensorModel?
  let recognizer: TensorModel
  /// The smaller recognizer that reads lines first (``Options/Cascade``), and its dictionary's
  /// decoder; nil: the recognizer reads every line.
  let firstReader: (model: TensorModel, decoder: CTCDecoder)?
  let classifier: TensorModel?
  let decoder: CTCDecoder
  /// The cores other workers leave idle, shared by every pipeline of a run; nil: this pipeline reads
  /// on its own thread alone.
  let spareCores: SpareCores?
  let textMap = TextMap()
  /// The input tensor's values, reused from run to run.
  var inputValues: [Float] = []
  /// What the coarse pass over a reduced copy of the next image found
  /// (``examinePreview(preview:fullWidth:fullHeight:)``): its coarse pass is not done again.
  var foundInPreview: TextInPreview?

  /// Text a coarse pass found in a reduced copy of an image, in the pixels of the image as it is
  /// then read (at the reduction chosen).
  struct TextInPreview {
    /// The size of the image read.
    var width: Int
    var height: Int
    /// Its regions, when they are its detection (``Options/coarsePassAsDetection``).
    var regions: [TextRegion]?
    /// How thick its lines are (``Options/detectionLineThickness``).
    var line: Double?
    /// How far the page lies turned, told from the copy (``Options/sidewaysTurnFromPreview``), and
    /// how many regions the coarse pass found.
    var sidewaysTurn: (turn: PageTurn, regions: Int)?
  }

  /// - Parameters:
  ///   - detector: the DB text detector (`[1, 3, H, W]` → `[1, 1, H, W]` probabilities); `nil` for a
  ///     pipeline that only reads single lines.
  ///   - coarseDetector: a detector of the same kind for the coarse pass over large images; `nil`:
  ///     `detector`.
  ///   - detectorOutsideTurns: the detector's model again, in a session run outside `detector`'s
  ///     turns (``LimitedRuns``), for the coarse passes when there is no `coarseDetector`; `nil`:
  ///     they run `detector`.
  ///   - recognizer: the CTC recognizer (`[N, 3, 48, W]` → `[N, W / 8, classes]` probabilities).
  ///   - firstRecognizer: a smaller recognizer of the same kind and its dictionary, which reads every
  ///     line across first (``Options/Cascade``); `nil`: `recognizer` reads them.
  ///   - classifier: the optional line-orientation classifier (`[N, 3, 48, 192]` → `[N, 2]`,
  ///     upright / upside down).
  ///   - dictionary: the recognizer's characters, class 1 onwards (the blank is class 0, a space is
  ///     appended as the last class).
  ///   - spareCores: shared by the pipelines of every worker of a run, which then read lines on the
  ///     cores the others leave idle; the recognizers must then be safe to run from several threads
  ///     at once.
  public init(
    detector: TensorModel?, coarseDetector: TensorModel? = nil, detectorOutsideTurns: TensorModel? = nil,
    recognizer: TensorModel,
    firstRecognizer: (model: TensorModel, dictionary: [String])? = nil, classifier: TensorModel? = nil,
    dictionary: [String], options: Options = Options(), spareCores: SpareCores? = nil
  ) {
    self.spareCores = spareCores
    self.detector = detector
    self.coarseDetector = detector == nil ? nil : coarseDetector
    self.coarsePassDetector = detector == nil ? nil : coarseDetector ?? detectorOutsideTurns ?? detector
    self.recognizer = recognizer
    self.firstReader = firstRecognizer.map { ($0.model, CTCDecoder(dictionary: $0.dictionary)) }
    self.classifier = classifier
    self.decoder = CTCDecoder(dictionary: dictionary)
    self.options = options
  }

  /// Reads `image`. With `singleLine`, the whole image is one text line: no detection (a pipeline
  /// without a detector always works so). With `stoppingWhenTurned`, a page on its side whose
  /// longest lines tell its turn is read no further (``PPOCRResult/readInPart``).
  public func recognize(_ image: RGBImage, singleLine: Bool = false, stoppingWhenTurned: Bool = false) throws
    -> PPOCRResult
  {
    guard let spareCores else {
      return try recognizeCounted(image, singleLine: singleLine, stoppingWhenTurned: stoppingWhenTurned)
    }
    return try spareCores.busy {
      try recognizeCounted(image, singleLine: singleLine, stoppingWhenTurned: stoppingWhenTurned)
    }
  }

  /// ``recognize(_:singleLine:stoppingWhenTurned:)``, counted busy when that counts.
  private func recognizeCounted(_ image: RGBImage, singleLine: Bool, stoppingWhenTurned: Bool) throws
    -> PPOCRResult
  {
    let start = ContinuousClock.now
    let startCPU = Self.threadCPUTime()
    defer {
      timings.images += 1
      timings.total += Self.threadCPUTime() - startCPU
      timings.wallClock += Self.seconds(since: start)
    }
    var image = image
    let given = options
    defer { options = given }
    // A pale page, or pale print on white paper: the page's levels measured once for both.
    var palePage = false
    if options.paleInkSpread != nil || options.palePrintOnWhite != nil,
      let (low, high) = image.inkLevels(), high - low > max(0, options.blankImageSpread)
    {
      palePage = options.paleInkSpread.map { high - low < $0 } ?? false
      let palePrint = options.palePrintOnWhite.map { high - low < $0.spread && high >= $0.paper } ?? false
      if palePage || palePrint { image = image.stretched(from: low, to: high) }
    }
    let measured = options.brokenStrokes != nil || options.bilevelColumnsRestored != nil
    let strokes = measured ? InkStrokes(image) : nil
    // Only a bilevel page's columns are read again, restored, and a pale page's.
    if let restored = options.bilevelColumnsRestored, !(strokes.map(restored.holds) ?? false) {
      options.bilevelColumnsRestored = nil
    }
    if palePage, let restoring = options.palePageColumnsRestored {
      options.bilevelColumnsRestored = restoring
    }
    // A bilevel scan of broken strokes: read blurred, every line the detector finds in it kept.
    if let restoring = options.brokenStrokes, let strokes, restoring.holds(strokes) {
      image = image.blurred(sigma: restoring.blur)
      options.binarizationThreshold = min(options.binarizationThreshold, restoring.binarizationThreshold)
      options.boxThreshold = min(options.boxThreshold, restoring.boxThreshold)
      options.minLineProbability = min(options.minLineProbability, restoring.minLineProbability)
      timings.brokenStrokePages += 1
    }
    if !singleLine, let narrow = options.narrowPages, narrow.holds(width: image.width, height: image.height) {
      options = narrow.applied(to: options)
      timings.narrowPages += 1
    }
    let read = try readRegionsAndTurn(image, singleLine: singleLine, stoppingWhenTurned: stoppingWhenTurned)
    let layoutStart = Self.threadCPUTime()
    var result = layout(
      read.regions, imageWidth: image.width, imageHeight: image.height, singleLine: singleLine)
    timings.layout += Self.threadCPUTime() - layoutStart
    result.detectedRegions = singleLine || detector == nil ? nil : read.inPartOf ?? read.regions.count
    result.pageTurn = read.turn
    result.readInPart = read.inPartOf != nil
    return result
  }

  /// The models' part of ``recognize(_:singleLine:)``: every region found (or the whole image) and
  /// what the recognizer read in it, in the detector's order, nothing dropped.
  public func readRegions(_ image: RGBImage, singleLine: Bool = false) throws -> [PPOCRRegion] {
    try readRegionsAndTurn(image, singleLine: singleLine).regions
  }

  /// ``readRegions(_:singleLine:)`` and, for a page, how far it lies turned as its lines tell it;
  /// with `stoppingWhenTurned`, only the lines that told a page on its side turned, and how many
  /// regions were detected (`inPartOf`; nil: every region read). With `wholeOnly`, a single line
  /// that is a column of vertical Japanese is read whole only, never as a page of one column
  /// (``oneColumnReadAsAPage(_:stoppingWhenTurned:)``).
  func readRegionsAndTurn(
    _ image: RGBImage, singleLine: Bool, stoppingWhenTurned: Bool = false, wholeOnly: Bool = false
  ) throws -> (regions: [PPOCRRegion], turn: PageTurn?, inPartOf: Int?) {
    guard image.width > 0, image.height > 0 else { return ([], nil, nil) }
    // `--psm 7` on a column of vertical Japanese: the automatic reading of a page of one column
    // already reads its ink whole, as one line, and keeps that or the detected reading, whichever
    // is likelier; read whole alone, it lost the columns the detected reading has right (and those
    // whose detected lines do not lie on one axis, which the automatic reading keeps as detected).
    if singleLine && !wholeOnly,
      let page = try oneColumnReadAsAPage(image, stoppingWhenTurned: stoppingWhenTurned)
    {
      return page
    }
    var image = image
    let single = singleLine || detector == nil
    // A page on its side whose turn its reduced copy told: the caller reads it turned, and this
    // reading, of every line the wrong way round, would be kept only were that one empty.
    if stoppingWhenTurned && !single, let told = foundInPreview?.sidewaysTurn,
      foundInPreview?.width == image.width, foundInPreview?.height == image.height
    {
      foundInPreview = nil
      timings.pagesReadInPart += 1
      timings.pagesTurnedFromPreview += 1
      return ([], told.turn, told.regions)
    }
    var regions = single ? [wholeImageRegion(image)] : try detect(image)
    // A page where nothing was found may hold faint ink: found again with its levels stretched.
    // Only then: stretched, pages that did read read differently, as often worse as better.
    if regions.isEmpty, let spread = options.faintInkSpread,
      let stretched = image.inkStretched(below: spread, above: options.blankImageSpread)
    {
      image = stretched
      regions = try detect(image)
    }
    if regions.isEmpty { return ([], nil, nil) }
    if options.gutterSplit.isOn && !single { regions = splitAtGutters(image, regions: regions) }
    if options.readColumnsInCells && !single {
      if options.linesUnderTheTiers { regions += try linesUnderTheTiers(image, regions: regions) }
      regions = VerticalColumn.joinedPieces(
        regions, verticalAspectRatio: options.verticalAspectRatio, joining: options.columnPieces)
      if let bridging = options.columnGaps, let ink = InkMap(image) {
        regions = VerticalColumn.bridgedGaps(
          regions, ink: ink, verticalAspectRatio: options.verticalAspectRatio, bridging: bridging)
      }
      regions = splitAtTierGaps(image, regions: regions)
      if let cutting = options.numbersUnderColumnFeet {
        regions = try numbersCutFromColumnFeet(image, regions: regions, cutting: cutting)
      }
    }
    // A page on its side whose lines read as detected are the unlikelier way (it lies three quarter
    // turns round) is read no further: the rest, read the wrong way round, would be read again
    // turned, and those lines' reading is too unsure to be kept over it. Lying a quarter turn, its
    // lines read as detected are upright, and the caller keeps the surer of the whole page's two
    // readings (docs/engines.md, "Photos: orientation, HEIC, phone exports").
    let sideways = stoppingWhenTurned && !single ? try sidewaysTurn(image, regions: regions) : nil
    if let sideways, let turn = sideways.turn, turn.degrees == 270 {
      timings.pagesReadInPart += 1
      return (sideways.read, turn, regions.count)
    }
    // An upside-down page's longest lines, read first, tell its turn: the rest, read the wrong way
    // round, would be read again turned. Upright, its longest lines are kept as read, and the rest
    // read after them.
    var longest: (indices: [Int], lines: [DecodedLine], columns: Int, turn: PageTurn?)?
    if stoppingWhenTurned && !single && sideways == nil && options.upsideDownTurnFirst {
      longest = try longestLinesFirst(image, regions: regions)
      if let longest, longest.turn?.degrees == 180 {
        timings.pagesReadInPart += 1
        timings.pagesUpsideDownReadInPart += 1
        let read = zip(longest.indices, longest.lines).map { PPOCRRegion(region: regions[$0], line: $1) }
        return (read, longest.turn, regions.count)
      }
    }
    let columnsBefore = timings.recognizerColumns
    var decoded: [DecodedLine]
    if let longest {
      let rest = regions.indices.filter { !longest.indices.contains($0) }
      let restRead = try recognizeCascading(image, regions: rest.map { regions[$0] })
      decoded = [DecodedLine](repeating: DecodedLine(characters: [], contentColumns: 0), count: regions.count)
      for (slot, index) in rest.enumerated() { decoded[index] = restRead[slot] }
      for (slot, index) in longest.indices.enumerated() { decoded[index] = longest.lines[slot] }
      timings.recognizerColumnsFirstPass += longest.columns
    } else {
      decoded = try recognizeCascading(image, regions: regions)
    }
    timings.recognizerColumnsFirstPass += timings.recognizerColumns - columnsBefore
    let detected = regions
    if classifier != nil { try turnUpsideDownLines(image, regions: &regions, decoded: &decoded) }
    // A tall region is turned counter-clockwise, as a Japanese column is read. Where tall regions
    // are the exception (a line image, a sideways label on a horizontal page) they may as well be
    // Latin text turned the other way: each is read turned clockwise too, and the likelier kept.
    let tall = regions.indices.filter { regions[$0].isVertical }
    if options.readTallRegionsBothWays && !tall.isEmpty && (single || tall.count * 2 < regions.count) {
      let turned = tall.map { index -> TextRegion in
        var region = regions[index]
        region.quad = region.quad.turnedHalfTurn()
        return region
      }
      let again = try recognizeRegions(image, regions: turned)
      for (slot, index) in tall.enumerated() where again[slot].probability > decoded[index].probability {
        regions[index] = turned[slot]
        decoded[index] = again[slot]
      }
    }
    let turn: PageTurn? =
      if single { nil } else if let sideways { sideways.turn } else if let longest { longest.turn } else {
        try pageTurn(image, regions: regions, decoded: decoded)
      }
    if options.readColumnsInCells {
      try readColumnsInCells(image, detected: detected, regions: &regions, decoded: &decoded)
    }
    if let restoring = options.bilevelColumnsRestored {
      try readColumnsRestored(
        image, detected: detected, regions: &regions, decoded: &decoded, restoring: restoring)
    }
    let read = zip(regions, decoded).map { PPOCRRegion(region: $0, line: $1) }
    // A page of one column: the detector's boxes around it (pieces, a box off the letters, thin
    // letters in none) read it worse, now and then, than the box around its ink read as one line.
    // A column the detector cut into pieces (upright letters boxed apart, `M` and `OCKを作り、`) is
    // read whole even where the pieces were read surer: each piece is read alone, its grid and
    // its letters' case without the rest of the column. So is a faint column the detector found
    // only in part: its lines span less of the page than its ink.
    if options.readColumnsInCells && options.oneColumnReadWhole && !single,
      wholeImageRegion(image).isVertical, let column = oneColumn(read)
    {
      let whole = try readRegionsAndTurn(image, singleLine: true, wholeOnly: true).regions
      let ys = wholeImageRegion(image).quad.points.map(\.y)
      let inkLength = (ys.max() ?? 0) - (ys.min() ?? 0)
      if let line = whole.first?.decodedLine, whole.count == 1,
        line.probability > column.probability || (options.oneColumnOverPieces && column.pieces > 1)
          || (options.oneColumnOverPart.map({ column.length < $0 * inkLength }) ?? false),
        Double(line.text.count { !$0.isWhitespace }) >= options.oneColumnLeastShare
          * Double(column.characters),
        line.text.count(where: { "、。".contains($0) }) >= column.marks,
        // Nor a small kana: the whole line read turned loses it, and its mean is the higher for that.
        !options.smallKanaIntoTurnedReading
          || line.characters.count(where: { VerticalColumn.smallKana[$0.text] != nil }) >= column.smallKana
      {
        return (whole, turn, nil)
      }
    }
    return (read, turn, nil)
  }

  /// A single-line image whose ink is a column of vertical Japanese, read as the automatic reading
  /// reads such a page (detected, and whole, the likelier kept where its lines lie on one axis:
  /// ``Options/oneColumnReadWhole``; its turn as its lines tell it, for the caller's check of the
  /// page's orientation), the lines `layout` would drop on a page left out; nil where the image is
  /// no column, or nothing was read on it as a page and no turn told (then it is read whole only).
  func oneColumnReadAsAPage(_ image: RGBImage, stoppingWhenTurned: Bool = false) throws -> (
    regions: [PPOCRRegion], turn: PageTurn?, inPartOf: Int?
  )? {
    guard detector != nil, options.readColumnsInCells, options.oneColumnReadWhole,
      options.singleColumnAsAPage,
      wholeImageRegion(image).isVertical
    else { return nil }
    var page = try readRegionsAndTurn(image, singleLine: false, stoppingWhenTurned: stoppingWhenTurned)
    page.regions = page.regions.filter {
      !$0.decodedLine.text.allSatisfy(\.isWhitespace)
        && $0.decodedLine.probability >= options.minLineProbability
    }
    // Nothing kept but a turn told: the caller reads the page again turned, as it does a page.
    return page.regions.isEmpty && page.turn == nil ? nil : page
  }

  /// The regions `layout` keeps, when they lie on one axis (each overlaps every other across): their
  /// characters' mean probability, their count (whitespace left out), how many are `、。`, how
  /// many are small kana, how many regions (pieces) hold them and how long a stretch of the page's
  /// height they span; nil otherwise.
  func oneColumn(_ regions: [PPOCRRegion]) -> (
    probability: Double, characters: Int, marks: Int, smallKana: Int, pieces: Int, length: Double
  )? {
    let kept = regions.filter {
      !$0.decodedLine.text.allSatisfy(\.isWhitespace)
        && $0.decodedLine.probability >= options.minLineProbability
    }
    guard !kept.isEmpty else { return nil }
    let spans = kept.map { region in
      let xs = region.quad.points.map(\.x)
      return (xs.min() ?? 0, xs.max() ?? 0)
    }
    guard (spans.map(\.0).max() ?? 0) < (spans.map(\.1).min() ?? 0) else { return nil }
    let characters = kept.flatMap(\.decodedLine.characters).filter { !$0.text.allSatisfy(\.isWhitespace) }
    guard !characters.isEmpty else { return nil }
    let sum = characters.reduce(0.0) { $0 + Double($1.probability) }
    let ys = kept.flatMap { $0.quad.points.map(\.y) }
    return (
      sum / Double(characters.count), characters.count, characters.count { "、。".contains($0.text) },
      characters.count { VerticalColumn.smallKana[$0.text] != nil }, kept.count,
      (ys.max() ?? 0) - (ys.min() ?? 0)
    )
  }

  /// Every column of a bilevel page read again, as a whole, in copies of the page restored as
  /// `restoring` says (``Options/bilevelColumnsRestored``): each column keeps the reading whose mean
  /// character probability is highest. The threshold took a Mincho face's thin strokes and broke
  /// the rest into specks; a restoration mends some columns and spoils others (a well-read column's
  /// strokes run together), which only the recognizer's confidence tells apart. Whole pages
  /// restored lose on the well-read pages what they gain on the broken ones.
  func readColumnsRestored(
    _ image: RGBImage, detected: [TextRegion], regions: inout [TextRegion], decoded: inout [DecodedLine],
    restoring: Options.RestoredColumns
  ) throws {
    let columns = detected.indices.filter { detected[$0].isVertical && regions[$0].quad == detected[$0].quad }
    guard !columns.isEmpty else { return }
    // Only the columns are read again: a line across (a heading, a page number) keeps its first
    // reading whatever the restored copies read, so reading it there is work thrown away.
    let given = columns.map { detected[$0] }
    // Every reading of each column, the first one first, and which is kept.
    var readings = columns.map { [decoded[$0]] }
    var kept = [Int](repeating: 0, count: columns.count)
    for restoration in restoring.restorations {
      let restored = restoration.restored(image)
      let again = given.map { restoration.inCopy($0) }
      var decodedAgain = try recognizeCascading(restored, regions: again)
      var regionsAgain = again
      if options.readColumnsInCells {
        try readColumnsInCells(restored, detected: again, regions: &regionsAgain, decoded: &decodedAgain)
      }
      for (slot, index) in columns.enumerated() where regionsAgain[slot].quad == again[slot].quad {
        readings[slot].append(decodedAgain[slot])
        if decodedAgain[slot].probability > decoded[index].probability {
          decoded[index] = decodedAgain[slot]
          kept[slot] = readings[slot].count - 1
        }
      }
    }
    // The reading kept is the page's own, or it takes the page's own `、` where it read `。` and
    // the ink there is a tick.
    if restoring.commasFromOwnReading {
      for (slot, index) in columns.enumerated() where kept[slot] != 0 {
        let own = readings[slot][0]
        let column = uprightColumn(image, quad: detected[index].quad.turnedClockwise())
        let row = column.flatMap { own.rows(height: Double($0.height)) }
        readings[slot][kept[slot]] = VerticalColumn.withCommas(of: own, into: decoded[index]) { at in
          guard let column, let row else { return false }
          return VerticalColumn.markInk(in: column, near: row(own.characters[at]))?.isTick ?? false
        }
        decoded[index] = readings[slot][kept[slot]]
      }
    }
    // The reading kept takes the marks the others read between the same neighbours: a copy's
    // restoration runs a small ring into its neighbour, and the first reading's specks lose it.
    guard restoring.marksFromEveryReading, let surerThan = options.marksFromOtherReading else { return }
    for (slot, index) in columns.enumerated() {
      decoded[index] = VerticalColumn.withMarks(
        of: readings[slot], keeping: kept[slot], surerThan: surerThan, apart: restoring.marksOnlyWithRoom)
    }
  }

  /// Lines read with a mean probability under ``Options/classifierBelow`` that the line classifier
  /// finds upside down are read again turned half a turn, and the likelier reading is kept. Only
  /// those: run on every line of an upright page, the classifier turns some that were right (the
  /// English pages: docs/engines.md, "Reading order"), and a line read confidently is the right way
  /// up.
  func turnUpsideDownLines(_ image: RGBImage, regions: inout [TextRegion], decoded: inout [DecodedLine])
    throws
  {
    let doubtful = regions.indices.filter {
      !regions[$0].isVertical && decoded[$0].probability < options.classifierBelow
    }
    guard !doubtful.isEmpty else { return }
    var candidates = doubtful.map { regions[$0] }
    try classify(image, regions: &candidates)
    let turned = doubtful.indices.filter { candidates[$0].quad != regions[doubtful[$0]].quad }
    guard !turned.isEmpty else { return }
    let again = try recognizeRegions(image, regions: turned.map { candidates[$0] })
    for (slot, index) in turned.enumerated()
    where again[slot].probability > decoded[doubtful[index]].probability {
      regions[doubtful[index]] = candidates[index]
      decoded[doubtful[index]] = again[slot]
    }
  }

  /// The rest of ``recognize(_:singleLine:)``: regions without text, and detected ones read with a
  /// mean probability below ``Options/minLineProbability``, are dropped; the others become words and
  /// lines in reading order.
  public func layout(_ regions: [PPOCRRegion], imageWidth: Int, imageHeight: Int, singleLine: Bool = false)
    -> PPOCRResult
  {
    Self.layout(
      regions, imageWidth: imageWidth, imageHeight: imageHeight, singleLine: singleLine || detector == nil,
      options: options)
  }

  /// ``layout(_:imageWidth:imageHeight:singleLine:)`` with the options given (a page's regions kept
  /// from an earlier run read again without the models).
  static func layout(
    _ regions: [PPOCRRegion], imageWidth: Int, imageHeight: Int, singleLine single: Bool, options: Options
  ) -> PPOCRResult {
    var items: [Layout.Item] = []
    for region in regions {
      let line = region.decodedLine
      if line.text.allSatisfy(\.isWhitespace) { continue }
      if !single && line.probability < options.minLineProbability { continue }
      items.append(
        Layout.Item(
          quad: region.quad, isVertical: region.isVertical, line: line, imageWidth: imageWidth,
          imageHeight: imageHeight))
    }
    // Vertical Japanese in tiers: each tier read on its own, top to bottom (``VerticalTiers``).
    if options.readColumnsInCells && !single,
      let bands = VerticalTiers.bands(
        items, joinWithin: options.brokenTiersJoinedWithin, tallestFirst: options.tiersFromTallestColumns)
    {
      return VerticalTiers.joined(bands.map { Layout.result($0, parameters: options.readingOrder) })
    }
    return Layout.result(items, parameters: options.readingOrder)
  }

  /// The whole image as one region, turned if it is a vertical line. With ``Options/singleLineInkCrop``
  /// the region is the ink's bounds with a margin: a line image with wide margins would otherwise
  /// shrink its text at 48 pixels high until the recognizer has fewer columns than characters.
  func wholeImageRegion(_ image: RGBImage) -> TextRegion {
    var (x0, y0) = (0.0, 0.0)
    var (x1, y1) = (Double(image.width), Double(image.height))
    if options.singleLineInkCrop, let ink = InkBounds.find(in: image) {
      // The margins: a share of the ink's thickness (its smaller side), as a detected line has.
      let thickness = Double(min(ink.maxX - ink.minX, ink.maxY - ink.minY) + 1)
      let m = options.singleLineMargin * thickness
      x0 = max(0, Double(ink.minX) - m)
      y0 = max(0, Double(ink.minY) - m)
      x1 = min(Double(image.width), Double(ink.maxX + 1) + m)
      y1 = min(Double(image.height), Double(ink.maxY + 1) + m)
    }
    let quad = Quad(left: x0, top: y0, right: x1, bottom: y1)
    return TextRegion(pageQuad: quad, score: 1, verticalAspectRatio: options.verticalAspectRatio)
  }

  /// Runs `model` and adds the time to `keyPath`.
  func run(_ model: TensorModel, _ input: Tensor, timing keyPath: WritableKeyPath<Timings, Double>) throws
    -> Tensor
  {
    let start = Self.threadCPUTime()
    defer { timings[keyPath: keyPath] += Self.threadCPUTime() - start }
    return try model.run(input)
  }

  /// The calling thread's CPU time in seconds.
  static func threadCPUTime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
  }

  static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  /// A zeroed input of `count` floats (at least one) in the reused buffer.
  func withZeroedInput<Result>(count: Int, _ body: (UnsafeMutablePointer<Float>) -> Result) -> Result {
    Self.zeroed(&inputValues, count: count, body)
  }

  /// `values` made `count` zeros (at least one), its capacity kept, for `body` to fill.
  static func zeroed<Result>(
    _ values: inout [Float], count: Int, _ body: (UnsafeMutablePointer<Float>) -> Result
  ) -> Result {
    precondition(count > 0, "a model input holds at least one value")
    values.removeAll(keepingCapacity: true)
    values.append(contentsOf: repeatElement(0, count: count))
    return values.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { preconditionFailure("a non-empty buffer has an address") }
      return body(base)
    }
  }
}

@available(*, unavailable)
extension PPOCRPipeline: Sendable {}

/// A piece of text found on the page: its quad in reading order.
struct TextRegion: Equatable {
  /// Corners in reading order (for a vertical line, `topLeft` is the top right of the column).
  var quad: Quad
  var isVertical: Bool
  /// The detector's mean probability inside the region (1 for a whole-image line).
  var score: Double

  /// A region from a quad ordered on the page; a tall one is turned to read top to bottom.
  init(pageQuad: Quad, score: Double, verticalAspectRatio: Double) {
    let width = pageQuad.length.rounded(.down)
    let height = pageQuad.thickness.rounded(.down)
    isVertical = width > 0 && height / width >= verticalAspectRatio
    quad = isVertical ? pageQuad.turnedCounterClockwise() : pageQuad
    self.score = score
  }

  /// The region in an image scaled by `x` across and `y` down.
  func scaled(x: Double, y: Double) -> TextRegion {
    func scaled(_ point: Point) -> Point { Point(x: point.x * x, y: point.y * y) }
    var region = self
    region.quad = Quad(
      topLeft: scaled(quad.topLeft), topRight: scaled(quad.topRight), bottomRight: scaled(quad.bottomRight),
      bottomLeft: scaled(quad.bottomLeft))
    return region
  }

  /// The crop's width over its height, as PaddleOCR measures it on the cropped image.
  var aspectRatio: Double {
    max(1, quad.length.rounded(.down)) / max(1, quad.thickness.rounded(.down))
  }
}
