/// Floating point to integer without a trap: Swift's `Int(x)` stops the process (SIGILL) when `x`
/// is NaN, infinite or beyond the type's range, and numbers from outside (a PDF's MediaBox, an
/// engine's box, a timeout) can be any of those. `make lint` refuses the unchecked form in Sources
/// (.ci/no-unchecked-conversions).
extension FixedWidthInteger {
  /// `value` rounded toward zero, as `init(_:)` does, but clamped to the type's range; NaN is 0.
  @inlinable
  public init<Source: BinaryFloatingPoint>(saturating value: Source) {
    if value.isNaN {
      self = 0
    } else if value <= Source(Self.min) {
      self = Self.min
    } else if value >= Source(Self.max) {
      // Source(Self.max) rounds up (to 2^63 for Int64): anything there or beyond is the maximum.
      self = Self.max
    } else {
      self.init(value)  // lint: integer (in range and not NaN: checked above)
    }
  }

  /// `value` rounded toward zero, or nil when it is NaN, infinite or beyond the type's range.
  @inlinable
  public init?<Source: BinaryFloatingPoint>(checked value: Source) {
    guard value.isFinite, value > Source(Self.min) - 1, value < Source(Self.max) else { return nil }
    self.init(value)  // lint: integer (in range and finite: checked above)
  }
}
