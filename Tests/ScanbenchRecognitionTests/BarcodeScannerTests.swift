import Foundation
import ScanbenchTestKit
import ScanbenchTestSupport
import Testing

@testable import ScanbenchRecognition
@testable import ScanbenchStore
@testable import ScanbenchSupport
@testable import ScanbenchTesseract

/// `--barcodes`: QR codes made by Debian's `qrencode`, decoded by ZBar to the exact payload.
struct BarcodeScannerTests {
  /// A QR code PNG of `payload`: `modulePixels` per module and a 4-module quiet zone.
  static func qrCode(_ payload: String, modulePixels: Int = 6) throws -> Data {
    let folder = try TestKit.temporaryFolder("scanbench-qr")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("code.png")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/qrencode")
    process.arguments = ["-o", file.path, "-s", "\(modulePixels)", "-m", "4", "--", payload]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "qrencode failed")
    return try Data(contentsOf: file)
  }

  static var hasQREncode: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/qrencode") }

  @Test(
    .enabled(if: hasQREncode, "needs Debian's qrencode (make setup installs it)"),
    arguments: [
      "https://example.org/scanbench?batch=7&page=2",
      "領収書 No. 4521 — 合計 ¥3,980",
      "WIFI:T:WPA;S:Harbour Lantern;P:c0pper-k3ttle;;",
    ])
  func qrCodeDecodesToItsExactPayload(payload: String) throws {
    let png = try Self.qrCode(payload)
    let pix = try #require(try ImageDecoder.decodePages(png, maxPixels: 10_000_000).first)
    let codes = try BarcodeScanner().scan(pix)
    #expect(codes.count == 1)
    let code = try #require(codes.first)
    #expect(code.symbology == "QR-Code")
    #expect(code.data == payload)
    #expect(code.dataBase64 == nil)
    // The code starts after the 4-module quiet zone and ends 4 modules before the edge.
    let quietZone = 4 * 6
    #expect(abs(code.x - quietZone) <= 6 && abs(code.y - quietZone) <= 6, "\(code)")
    #expect(abs((code.x + code.width) - (pix.width - quietZone)) <= 6, "\(code) in \(pix.width)")
    #expect(abs((code.y + code.height) - (pix.height - quietZone)) <= 6, "\(code) in \(pix.height)")
  }

  @Test func aPageOfTextHasNoCodes() throws {
    let pix = try #require(
      try ImageDecoder.decodePages(RenderedPage.threeLines.png, maxPixels: 10_000_000).first)
    #expect(try BarcodeScanner().scan(pix).isEmpty)
  }

  @Test(.enabled(if: hasQREncode, "needs Debian's qrencode (make setup installs it)"))
  func oneScannerServesManyImages() throws {
    let scanner = try BarcodeScanner()
    for number in 1...5 {
      let pix = try #require(
        try ImageDecoder.decodePages(try Self.qrCode("item-\(number)"), maxPixels: 10_000_000).first)
      #expect(try scanner.scan(pix).map(\.data) == ["item-\(number)"])
    }
  }

  @Test func payloadsThatAreNotTextAreKeptAsBase64() {
    let code = Barcode(symbology: "QR-Code", payload: [0xFF, 0x00, 0xFE], x: 0, y: 0, width: 1, height: 1)
    #expect(code.data == nil)
    #expect(code.dataBase64 == "/wD+")
  }
}
