import Dispatch
import Foundation
import ScanbenchRecognition
import ScanbenchStore
import ScanbenchSupport

extension BatchRunner {
  /// One image a worker took: decoded (every page, upright by EXIF or HEIF), each page through the
  /// worker's pipeline, then scored when its ground truth has come.
  func process(_ item: WorkItem, pipeline: PagePipeline, context: RunContext) {
    let sha256 = SHA256.hex(item.data)
    if context.done.contains(source: item.source, entry: item.entry, sha256: sha256, page: nil) {
      context.resumed(item.entry)
      return
    }
    var reduction = 1
    if let preview = pipeline.noTextPreview {
      switch processWithoutText(item, sha256: sha256, preview: preview, pipeline: pipeline, context: context)
      {
      case .recorded: return
      case .read(let reducedBy): reduction = reducedBy
      }
    }
    let decodeStart = DispatchTime.now()
    let decoded: ImageDecoder.Decoded
    // The whole image's upright size, when the page is read from a reduced decode: what the record
    // says, and what its boxes are scaled to.
    var fullSize: (width: Int, height: Int)?
    do {
      if reduction > 1,
        let reduced = try ImageDecoder.decodeReduced(
          item.data, maxPixels: configuration.maxPixels, reduction: reduction)
      {
        decoded = reduced.decoded
        fullSize = (reduced.fullWidth, reduced.fullHeight)
      } else {
        decoded = try ImageDecoder.decode(
          item.data, maxPixels: configuration.maxPixels, pdfResolution: configuration.pdfResolution)
      }
    } catch let error as ImageDecodeError {
      context.emitFailure(
        source: item.source, entry: item.entry, sha256: sha256, kind: error.kind.rawValue,
        message: error.message)
      return
    } catch {
      context.emitFailure(
        source: item.source, entry: item.entry, sha256: sha256, kind: "undecodable",
        message: String(describing: error))
      return
    }
    let pageCount = decoded.pageCount
    let decodeMs = PagePipeline.milliseconds(since: decodeStart) / Double(max(pageCount, 1))
    for offset in 0..<pageCount {
      // A page is the unit of work: a stop ends a 10,000-page PDF between two pages, not after all
      // of them; the pages left are redone by --resume (each page is skipped by its own record).
      if offset > 0, shouldStop {
        markLeftUndone()
        break
      }
      let page = pageCount > 1 ? offset + 1 : nil
      if page != nil,
        context.done.contains(source: item.source, entry: item.entry, sha256: sha256, page: page)
      {
        context.resumed(item.entry)
        continue
      }
      var record = newRecord(for: item, sha256: sha256, page: page, context: context)
      record.orientation = decoded.orientation
      record.capturedAt = decoded.capturedAt
      // A PDF's page is rendered now, one at a time; an image's pages are decoded already.
      let pageStart = DispatchTime.now()
      let image: Image
      do {
        image = try decoded.page(offset)
      } catch {
        let failure = error as? ImageDecodeError
        record.error = .init(
          kind: failure?.kind.rawValue ?? "undecodable",
          message: failure?.message ?? String(describing: error))
        context.emit(record)
        continue
      }
      (record.width, record.height) = fullSize ?? (image.width, image.height)
      record.ms.decode = decodeMs + PagePipeline.milliseconds(since: pageStart)
      let recognizeStart = DispatchTime.now()
      do {
        let result = try pipeline.process(
          image, name: PageName(entry: item.entry, page: page), orientation: &record.orientation)
        var recognized = result.recognized
        record.width = result.image.width
        record.height = result.image.height
        if let fullSize {
          // Turned a quarter by the orientation check, the page's sides swapped.
          let turned = (result.image.width, result.image.height) != (image.width, image.height)
          let (width, height) = turned ? (fullSize.height, fullSize.width) : fullSize
          recognized.layout = recognized.layout?.scaled(
            x: Double(width) / Double(result.image.width), y: Double(height) / Double(result.image.height),
            within: width, height: height)
          (record.width, record.height) = (width, height)
        }
        Self.apply(recognized, to: &record)
        record.ms.recognize = result.recognizeMilliseconds
        record.ms.osd = result.orientationMilliseconds
        record.barcodes = result.barcodes
        record.ms.barcodes = result.barcodeMilliseconds
        if let failure = result.barcodeFailure { record.error = .init(kind: "barcodes", message: failure) }
      } catch {
        record.ms.recognize = PagePipeline.milliseconds(since: recognizeStart)
        record.error = .init(
          kind: (error as? EngineError)?.kind ?? "recognition", message: String(describing: error))
      }
      finish(record, item: item, stem: page.map { "\(item.stem).page-\($0)" } ?? item.stem, context: context)
    }
  }

  /// What became of an image after a look at its reduced copy.
  enum PreviewOutcome: Equatable {
    /// Its record is written: the copy showed no text.
    case recorded
    /// Read it decoded at 1/`reduction` of each side (1: whole).
    case read(reduction: Int)
  }

  /// A large JPEG whose engine can tell from a reduced copy that it holds no text: when the copy
  /// shows none, its record is written from that. Otherwise the reduction to read it at, which the
  /// copy may have shown reads as well as whole (there report whatever went wrong here).
  func processWithoutText(
    _ item: WorkItem, sha256: String, preview: NoTextPreview, pipeline: PagePipeline, context: RunContext
  ) -> PreviewOutcome {
    let decodeStart = DispatchTime.now()
    guard let header = try? ImageDecoder.header(of: item.data), header.isJPEG,
      header.width.multipliedReportingOverflow(by: header.height).partialValue > preview.abovePixels,
      let reduced = try? ImageDecoder.decodeReduced(
        item.data, maxPixels: configuration.maxPixels, longSide: preview.longSide)
    else { return .read(reduction: 1) }
    let decodeMs = PagePipeline.milliseconds(since: decodeStart)
    let recognizeStart = DispatchTime.now()
    switch try? pipeline.examinePreview(reduced) {
    case .none: return .read(reduction: 1)
    case .text(let reduction): return .read(reduction: reduction)
    case .noText(let recognized):
      var record = newRecord(for: item, sha256: sha256, page: nil, context: context)
      record.orientation = reduced.orientation
      record.capturedAt = reduced.capturedAt
      record.width = reduced.fullWidth
      record.height = reduced.fullHeight
      record.ms.decode = decodeMs
      Self.apply(recognized, to: &record)
      record.ms.recognize = PagePipeline.milliseconds(since: recognizeStart)
      finish(record, item: item, stem: item.stem, context: context)
      return .recorded
    }
  }

  /// A page's record as it starts, before any reading: where the image came from and under what name.
  func newRecord(for item: WorkItem, sha256: String, page: Int?, context: RunContext) -> ResultRecord {
    var record = context.newRecord(source: item.source, entry: item.entry, sha256: sha256, page: page)
    record.entryRaw = item.rawName
    record.linkOf = item.linkOf
    return record
  }

  /// What the engine read, into the page's record.
  static func apply(_ recognized: RecognizedText, to record: inout ResultRecord) {
    record.text = recognized.text
    record.confidence = recognized.confidence
    record.chars = ResultRecord.characterCount(recognized.text)
    record.words = recognized.layout?.words
    record.lines = recognized.layout?.lines
    record.blocks = recognized.layout?.blocks
    record.ms.inference = recognized.inferenceMilliseconds
  }

  /// The page's record written: scored when its ground truth (`stem`'s) has come or comes later,
  /// unscored when it has none.
  func finish(_ record: ResultRecord, item: WorkItem, stem: String, context: RunContext) {
    guard item.index.groundTruth[stem] != nil else {
      context.emitUnscored(record)
      return
    }
    guard record.error == nil else {
      context.emit(record)
      return
    }
    if let text = context.board.text(for: record, key: GroundTruthBoard.key(input: item.ordinal, stem: stem))
    {
      context.scoreAndEmit(record, text: text)
    }
  }
}
