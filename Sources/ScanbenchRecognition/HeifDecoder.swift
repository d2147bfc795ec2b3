import CHeif
import CLeptonica
import Foundation

/// One libheif context (`heif_context`), freed with this object.
final class HeifContext {
  let pointer: OpaquePointer

  init() throws {
    guard let pointer = heif_context_alloc() else {
      throw ImageDecodeError(kind: .undecodable, message: "libheif could not allocate a context")
    }
    self.pointer = pointer
  }

  deinit {
    heif_context_free(pointer)
  }
}

@available(*, unavailable)
extension HeifContext: Sendable {}

/// HEIF/HEIC (and AVIF) images through libheif: the primary image, decoded to 8-bit RGB with the
/// file's transforms (`irot`, `imir`, `clap`) applied, copied into a 32-bpp leptonica `PIX`.
enum HeifDecoder {
  /// libheif registers its decoder plugins once per process, before the first context; done here
  /// once rather than lazily inside whichever worker's context comes first. Never deinitialised:
  /// the plugins live as long as the process.
  static let initialized: Void = { _ = heif_init(nil) }()

  /// `data` must stay alive and unchanged while the context reads it (no copy is made).
  static func decode(_ data: Data, maxPixels: Int) throws -> Image {
    _ = initialized
    let context = try HeifContext()
    return try data.withUnsafeBytes { raw -> Image in
      try check(
        heif_context_read_from_memory_without_copy(context.pointer, raw.baseAddress, raw.count, nil),
        doing: "read the HEIF file")
      var handle: OpaquePointer?
      try check(
        heif_context_get_primary_image_handle(context.pointer, &handle), doing: "find the primary image")
      defer { heif_image_handle_release(handle) }
      // The declared size (ispe), checked before any pixel is decoded.
      let width = Int(heif_image_handle_get_width(handle))
      let height = Int(heif_image_handle_get_height(handle))
      guard width > 0, height > 0 else {
        throw ImageDecodeError(kind: .undecodable, message: "the HEIF primary image declares no size")
      }
      guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels,
        width <= Int(Int32.max) / height
      else {
        throw ImageDecodeError(
          kind: .tooManyPixels,
          message:
            "HEIF image declares \(width)×\(height) pixels, over the limit of \(maxPixels) (--max-pixels)")
      }
      var image: OpaquePointer?
      try check(
        heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil),
        doing: "decode the primary image")
      defer { heif_image_release(image) }
      return try copy(image)
    }
  }

  /// The primary image's first `Exif` metadata item (at most `limit` bytes), without decoding any
  /// pixels; nil when there is none or the file cannot be read.
  static func exif(_ data: Data, limit: Int = 1 << 20) -> Data? {
    _ = initialized
    guard let context = try? HeifContext() else { return nil }
    return data.withUnsafeBytes { raw -> Data? in
      guard
        heif_context_read_from_memory_without_copy(context.pointer, raw.baseAddress, raw.count, nil).code
          == heif_error_Ok
      else { return nil }
      var handle: OpaquePointer?
      guard heif_context_get_primary_image_handle(context.pointer, &handle).code == heif_error_Ok else {
        return nil
      }
      defer { heif_image_handle_release(handle) }
      var id = heif_item_id()
      guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
      let size = heif_image_handle_get_metadata_size(handle, id)
      guard size > 0, size <= limit else { return nil }
      var bytes = Data(count: size)
      let status = bytes.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
      return status.code == heif_error_Ok ? bytes : nil
    }
  }

  /// The interleaved RGB plane into a new 32-bpp PIX (leptonica's word is `0xRRGGBB00`).
  private static func copy(_ image: OpaquePointer?) throws -> Image {
    let width = Int(heif_image_get_width(image, heif_channel_interleaved))
    let height = Int(heif_image_get_height(image, heif_channel_interleaved))
    var stride: Int32 = 0
    guard width > 0, height > 0,
      let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
      Int(stride) >= width * 3
    else {
      throw ImageDecodeError(kind: .undecodable, message: "libheif returned no RGB plane for the image")
    }
    guard let pix = Image(owning: pixCreate(Int32(width), Int32(height), 32)),
      let words = pixGetData(pix.pointer)
    else {
      throw ImageDecodeError(
        kind: .undecodable, message: "leptonica could not allocate a \(width)×\(height) image")
    }
    let wordsPerLine = Int(pixGetWpl(pix.pointer))
    for y in 0..<height {
      let row = plane + y * Int(stride)
      let line = words + y * wordsPerLine
      for x in 0..<width {
        let red = UInt32(row[3 * x])
        let green = UInt32(row[3 * x + 1])
        let blue = UInt32(row[3 * x + 2])
        line[x] = red << 24 | green << 16 | blue << 8
      }
    }
    return pix
  }

  private static func check(_ error: heif_error, doing action: String) throws {
    guard error.code != heif_error_Ok else { return }
    let message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
    throw ImageDecodeError(kind: .undecodable, message: "libheif could not \(action): \(message)")
  }
}
