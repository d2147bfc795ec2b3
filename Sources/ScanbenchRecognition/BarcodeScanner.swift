import CLeptonica
import CZBar
import Foundation
import ScanbenchSeam

public struct BarcodeScanError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }
}

/// One ZBar image scanner, reused for every image a worker takes; like `Engine`, not thread-safe.
public final class BarcodeScanner {
  private let handle: OpaquePointer

  public init() throws {
    guard let handle = zbar_image_scanner_create() else {
      throw BarcodeScanError(message: "ZBar could not create an image scanner")
    }
    self.handle = handle
    // Every symbology ZBar knows, QR codes included; position data is on by default.
    zbar_image_scanner_set_config(handle, ZBAR_NONE, ZBAR_CFG_ENABLE, 1)
  }

  deinit {
    zbar_image_scanner_destroy(handle)
  }

  /// Every code ZBar decodes in the image, in the order it reports them.
  public func scan(_ pix: Image) throws -> [Barcode] {
    guard let grey = Image(owning: pixConvertTo8(pix.pointer, 0)) else {
      throw BarcodeScanError(message: "could not convert the image to grey for ZBar")
    }
    let width = grey.width
    let height = grey.height
    var bytes = [UInt8](repeating: 0, count: width * height)
    bytes.withUnsafeMutableBufferPointer { scanbench_pix_grey_bytes(grey.pointer, $0.baseAddress) }
    guard let image = zbar_image_create() else {
      throw BarcodeScanError(message: "ZBar could not create an image")
    }
    defer { zbar_image_destroy(image) }
    zbar_image_set_format(image, scanbench_zbar_grey_format())
    zbar_image_set_size(image, UInt32(width), UInt32(height))
    return try bytes.withUnsafeBufferPointer { buffer -> [Barcode] in
      // No cleanup handler: the buffer is ours and outlives the scan.
      zbar_image_set_data(image, buffer.baseAddress, UInt(buffer.count), nil)
      guard zbar_scan_image(handle, image) >= 0 else {
        throw BarcodeScanError(message: "ZBar failed to scan the image")
      }
      var found: [Barcode] = []
      var symbol = zbar_image_first_symbol(image)
      while let current = symbol {
        found.append(Self.barcode(from: current))
        symbol = zbar_symbol_next(current)
      }
      return found
    }
  }

  private static func barcode(from symbol: OpaquePointer) -> Barcode {
    let type = zbar_symbol_get_type(symbol)
    let name = zbar_get_symbol_name(type).map { String(cString: $0) } ?? "unknown"
    let length = Int(zbar_symbol_get_data_length(symbol))
    let payload =
      zbar_symbol_get_data(symbol).map {
        Array(UnsafeRawBufferPointer(start: $0, count: length).bindMemory(to: UInt8.self))
      } ?? []
    let points = (0..<zbar_symbol_get_loc_size(symbol)).map {
      (x: Int(zbar_symbol_get_loc_x(symbol, $0)), y: Int(zbar_symbol_get_loc_y(symbol, $0)))
    }
    let left = points.map(\.x).min() ?? 0
    let top = points.map(\.y).min() ?? 0
    return Barcode(
      symbology: name, payload: payload, x: left, y: top,
      width: (points.map(\.x).max() ?? 0) - left + 1, height: (points.map(\.y).max() ?? 0) - top + 1)
  }
}

@available(*, unavailable)
extension BarcodeScanner: Sendable {}
