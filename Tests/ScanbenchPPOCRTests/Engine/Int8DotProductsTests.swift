import Testing

@testable import ScanbenchPPOCR

/// Which processors ONNX Runtime's int8 kernels read right on: x86 with VNNI, and any other.
struct Int8DotProductsTests {
  static func cpuinfo(flags: String) -> String {
    "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC\nflags\t\t: \(flags)\nbugs\t\t:\n"
  }

  @Test func x86NeedsVNNI() {
    #expect(!Int8DotProducts.available(cpuinfo: Self.cpuinfo(flags: "fpu sse sse2 ssse3 fma avx avx2")))
    #expect(
      Int8DotProducts.available(cpuinfo: Self.cpuinfo(flags: "sse2 avx2 avx512f avx512_vnni avx512_bf16")))
    #expect(Int8DotProducts.available(cpuinfo: Self.cpuinfo(flags: "sse2 avx2 avx_vnni")))
    // A flag whose name only holds the word is not the flag.
    #expect(!Int8DotProducts.available(cpuinfo: Self.cpuinfo(flags: "sse2 avx2 avx512_vnni_x")))
  }

  @Test func otherProcessorsAndNoFlagsHaveThem() {
    #expect(Int8DotProducts.available(cpuinfo: "processor\t: 0\nFeatures\t: fp asimd asimddp\n"))
    #expect(Int8DotProducts.available(cpuinfo: ""))
  }
}
