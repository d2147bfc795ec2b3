/// The pixel coordinates and sizes a box may have anywhere in scanbench — an engine's answer, a
/// store line, an overlay: what leptonica's boxes hold (`Int32`). One place, below every module that
/// checks them.
public enum PixelRange {
  public static let coordinates = -Int(Int32.max)...Int(Int32.max)
  public static let sizes = 0...Int(Int32.max)
}
