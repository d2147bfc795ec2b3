import Foundation

/// Run identifiers: the start time in base 36 and 32 random bits, e.g. `tkz3mf-9c1e44a0`: short,
/// sortable by start time, and unique across the shards of one job started in the same second.
public enum RunID {
  public static func make() -> String {
    let time = Int(saturating: Date().timeIntervalSince1970)
    let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    return "\(String(time, radix: 36))-\(random)"
  }
}
