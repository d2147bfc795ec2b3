import Foundation

// libFuzzer target: the photo metadata scanbench reads itself, from strangers' bytes: a JPEG's Exif
// orientation and capture date, a HEIF file's brands and transforms, a HEIF Exif item's date. Each
// must give an answer or nil, never read outside the input, never trap; an orientation is one of the
// eight, a capture date one that CaptureDate accepts.

@_cdecl("LLVMFuzzerTestOneInput")
public func photoMetadataFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  if let orientation = ExifOrientation.read(fromJPEG: data) {
    if !(1...8).contains(orientation.rawValue) { fatalError("orientation \(orientation.rawValue)") }
    if orientation.steps.isEmpty != (orientation == .up) { fatalError("steps of \(orientation)") }
  }
  for date in [ExifCaptureDate.read(fromJPEG: data), ExifCaptureDate.read(fromHEIFExifItem: data)] {
    if let date, CaptureDate.validated(date) != date { fatalError("capture date \(date)") }
  }
  _ = HeifContainer.isHEIF(data)
  for transform in HeifContainer.transforms(data)
  where !transform.hasSuffix("(irot)") && !transform.hasSuffix("(imir)") {
    fatalError("transform \(transform)")
  }
  return 0
}
