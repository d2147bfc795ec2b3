import Foundation
import ScanbenchSeam
import Testing

@testable import ScanbenchStore

/// The orientation and the codes moved from the store into the seam (`PageOrientation`,
/// `Barcode`): a store line keeps every byte it had. The line below was written by the code
/// before the move (commit 4c7cf8f, through its `ResultRecord.Orientation` and the store's
/// `Barcode`) from the record `record()` builds.
struct SeamTypesJSONTests {
  static let lineWrittenBeforeTheMove = #"""
    {"barcodes":[{"data":"https://example.org/ä","h":90,"type":"QR-Code","w":90,"x":400,"y":300},{"data_base64":"/wCB","h":40,"type":"CODE-128","w":200,"x":5,"y":400}],"blocks":[{"h":30,"paragraphs":[{"first_line":0,"h":30,"line_count":1,"w":248,"x":10,"y":20}],"w":248,"x":10,"y":20}],"captured_at":"2024-03-01T09:00:00","chars":15,"confidence":91.5,"engine":{"models":{"rec":"ab12"},"name":"ppocr","settings":{"orientation":"on"},"version":"1.20.1"},"entry":"trip/IMG_0001.jpg","height":480,"kind":"result","lang":"eng","lines":[{"conf":91.5,"h":30,"text":"HARBOUR LANTERN","w":248,"x":10,"y":20}],"ms":{"decode":0,"recognize":0,"score":0},"orientation":{"applied":"rotate 90° clockwise (EXIF 6); rotate 180° (OSD)","exif":6,"heif":["irot 1"],"osd_applied":true,"osd_confidence":7.5,"osd_degrees":180},"page":2,"profile":"accurate","run":"2026-12-02T06-00-00Z-0001","schema":2,"sha256":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08","source":"photos.zip","text":"HARBOUR LANTERN","time":"2026-12-02T06:00:01.250Z","width":640,"words":[{"conf":93.25,"h":30,"text":"HARBOUR","w":120,"x":10,"y":20},{"conf":89.75,"h":30,"text":"LANTERN","w":118,"x":140,"y":20}]}

    """#

  static func record() -> ResultRecord {
    var record = ResultRecord(
      run: "2026-12-02T06-00-00Z-0001", time: "2026-12-02T06:00:01.250Z", source: "photos.zip",
      entry: "trip/IMG_0001.jpg", sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      page: 2, profile: "accurate", lang: "eng",
      engine: EngineIdentity(
        name: "ppocr", version: "1.20.1", models: ["rec": "ab12"], settings: ["orientation": "on"]))
    record.text = "HARBOUR LANTERN"
    record.confidence = 91.5
    record.chars = 15
    record.width = 640
    record.height = 480
    record.words = [
      TextBox(text: "HARBOUR", confidence: 93.25, x: 10, y: 20, width: 120, height: 30),
      TextBox(text: "LANTERN", confidence: 89.75, x: 140, y: 20, width: 118, height: 30),
    ]
    record.lines = [TextBox(text: "HARBOUR LANTERN", confidence: 91.5, x: 10, y: 20, width: 248, height: 30)]
    record.blocks = [
      TextBlock(
        x: 10, y: 20, width: 248, height: 30,
        paragraphs: [TextParagraph(x: 10, y: 20, width: 248, height: 30, firstLine: 0, lineCount: 1)])
    ]
    record.barcodes = [
      ScanbenchSeam.Barcode(
        symbology: "QR-Code", payload: Array("https://example.org/ä".utf8), x: 400, y: 300, width: 90,
        height: 90),
      ScanbenchSeam.Barcode(
        symbology: "CODE-128", payload: [0xff, 0x00, 0x81], x: 5, y: 400, width: 200, height: 40),
    ]
    var orientation = PageOrientation(
      exif: 6, heif: ["irot 1"], osdDegrees: 180, osdConfidence: 7.5,
      applied: "rotate 90° clockwise (EXIF 6)")
    orientation.osdApplied = true
    orientation.applied = (orientation.applied ?? "") + "; rotate 180° (OSD)"
    record.orientation = orientation
    record.capturedAt = "2024-03-01T09:00:00"
    return record
  }

  @Test func aRecordBuiltFromTheSeamsTypesIsWrittenAsBefore() throws {
    let line = try StoreWriter.line(for: Self.record())
    #expect(String(decoding: line, as: UTF8.self) == Self.lineWrittenBeforeTheMove)
  }

  @Test func theLineWrittenBeforeReadsBackAndIsWrittenByteForByte() throws {
    let data = Data(Self.lineWrittenBeforeTheMove.utf8)
    let record = try JSONDecoder().decode(ResultRecord.self, from: data)
    #expect(record.orientation?.osdApplied == true)
    #expect(record.barcodes?.map(\.dataBase64) == [nil, "/wCB"])
    #expect(try StoreWriter.line(for: record) == data)
  }
}
