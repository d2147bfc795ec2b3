import ScanbenchSeam

/// A QR code or barcode as the store keeps it: the seam's type, by the name the store's readers use.
public typealias Barcode = ScanbenchSeam.Barcode
