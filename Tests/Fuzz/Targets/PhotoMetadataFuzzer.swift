import Foundation

// libFuzzer target: the photo metadata scanbench reads itself, from strangers' bytes: a JPEG's Exif
// orientation and a HEIF file's brands and transforms. Each must give an answer or nil, never read
// outside the input, never trap; an orientation is one of the eight.

@_cdecl("LLVMFuzzerTestOneInput")
public func photoMetadataFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  if let orientation = ExifOrientation.read(fromJPEG: data) {
    if !(1...8).contains(orientation.rawValue) { fatalError("orientation \(orientation.rawValue)") }
    if orientation.steps.isEmpty != (orientation == .up) { fatalError("steps of \(orientation)") }
  }
  _ = HeifContainer.isHEIF(data)
  for transform in HeifContainer.transforms(data)
  where !transform.hasSuffix("(irot)") && !transform.hasSuffix("(imir)") {
    fatalError("transform \(transform)")
  }
  return 0
}
