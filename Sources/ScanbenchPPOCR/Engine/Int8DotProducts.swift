import Foundation

/// Whether this machine's processor multiplies int8 by int8 into int32 in one instruction, as ONNX
/// Runtime's int8 kernels assume to be exact. Without it (x86 with AVX2 but neither AVX-512 VNNI nor
/// AVX-VNNI), the kernels add pairs of products into 16 bits, which saturate: the int8 detector
/// then finds no line on some pages that the float one reads whole
/// (Reports/BENCHMARKS.md, "The int8 detector on a processor without VNNI (issue 29)").
public enum Int8DotProducts {
  /// This machine's answer, read once from `/proc/cpuinfo`; true where that file says nothing
  /// of x86 (another architecture, or no such file), whose int8 kernels do not saturate so.
  public static let available: Bool = {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return true }
    return available(cpuinfo: info)
  }()

  /// What `cpuinfo` (the text of `/proc/cpuinfo`) says: an x86 processor (its `flags` line names
  /// `sse2`) has them when it names `avx512_vnni` or `avx_vnni`; any other has them.
  public static func available(cpuinfo: String) -> Bool {
    guard
      let flagsLine = cpuinfo.split(separator: "\n").first(where: {
        $0.hasPrefix("flags") && $0.contains(":")
      })
    else { return true }
    let flags = Set(flagsLine.split(separator: ":", maxSplits: 1)[1].split(separator: " ").map(String.init))
    guard flags.contains("sse2") else { return true }
    return flags.contains("avx512_vnni") || flags.contains("avx_vnni")
  }
}
