import Foundation

/// A QR code or barcode found in an image (`--barcodes`).
public struct Barcode: Codable, Sendable, Equatable {
  /// ZBar's name of the symbology: `QR-Code`, `EAN-13`, `CODE-128`, …
  public var symbology: String
  /// The payload when it is UTF-8 text (what almost every code carries).
  public var data: String?
  /// The payload, base64, when it is not UTF-8 text.
  public var dataBase64: String?
  /// The smallest upright rectangle around the code's corner points, in image pixels.
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(symbology: String, payload: [UInt8], x: Int, y: Int, width: Int, height: Int) {
    self.symbology = symbology
    if let text = String(validating: payload, as: UTF8.self) {
      data = text
    } else {
      dataBase64 = Data(payload).base64EncodedString()
    }
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  enum CodingKeys: String, CodingKey {
    case symbology = "type"
    case data
    case dataBase64 = "data_base64"
    case x, y
    case width = "w"
    case height = "h"
  }
}
