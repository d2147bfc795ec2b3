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
    let decodeStart = DispatchTime.now()
    let pages: [Image]
    let orientation: ResultRecord.Orientation?
    do {
      let decoded = try ImageDecoder.decode(item.data, maxPixels: configuration.maxPixels)
      (pages, orientation) = (decoded.pages, decoded.orientation)
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
    let decodeMs = PagePipeline.milliseconds(since: decodeStart) / Double(pages.count)
    for (offset, image) in pages.enumerated() {
      let page = pages.count > 1 ? offset + 1 : nil
      if page != nil,
        context.done.contains(source: item.source, entry: item.entry, sha256: sha256, page: page)
      {
        context.resumed(item.entry)
        continue
      }
      var record = context.newRecord(source: item.source, entry: item.entry, sha256: sha256, page: page)
      record.entryRaw = item.rawName
      record.linkOf = item.linkOf
      record.orientation = orientation
      record.width = image.width
      record.height = image.height
      record.ms.decode = decodeMs
      let recognizeStart = DispatchTime.now()
      do {
        let result = try pipeline.process(
          image, name: PageName(entry: item.entry, page: page), orientation: &record.orientation)
        record.text = result.recognized.text
        record.confidence = result.recognized.confidence
        record.chars = ResultRecord.characterCount(result.recognized.text)
        record.words = result.recognized.layout?.words
        record.lines = result.recognized.layout?.lines
        record.blocks = result.recognized.layout?.blocks
        record.width = result.image.width
        record.height = result.image.height
        record.ms.recognize = result.recognizeMilliseconds
        record.ms.inference = result.recognized.inferenceMilliseconds
        record.ms.osd = result.orientationMilliseconds
        record.barcodes = result.barcodes
        record.ms.barcodes = result.barcodeMilliseconds
        if let failure = result.barcodeFailure { record.error = .init(kind: "barcodes", message: failure) }
      } catch {
        record.ms.recognize = PagePipeline.milliseconds(since: recognizeStart)
        record.error = .init(
          kind: (error as? EngineError)?.kind ?? "recognition", message: String(describing: error))
      }
      let stem = page.map { "\(item.stem).page-\($0)" } ?? item.stem
      guard item.index.groundTruth[stem] != nil else {
        context.emitUnscored(record)
        continue
      }
      guard record.error == nil else {
        context.emit(record)
        continue
      }
      if let text = context.board.text(
        for: record, key: GroundTruthBoard.key(input: item.ordinal, stem: stem))
      {
        context.scoreAndEmit(record, text: text)
      }
    }
  }
}
