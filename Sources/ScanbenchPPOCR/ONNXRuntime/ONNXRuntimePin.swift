extension ONNXRuntime {
  // The one place ONNX Runtime's version and its library's SHA-256 are written: the Makefile reads
  // these two lines (ORT_VERSION, ORT_LIBRARY_SHA256) to fetch and check the library at setup, and
  // scanbench checks the file against the same digest before loading it.

  /// The version this binding was written against (and `make setup` installs).
  public static let pinnedVersion = "1.32.0"
  /// The SHA-256 of `libonnxruntime.so.<pinnedVersion>` in the pinned PyPI wheel.
  public static let pinnedLibrarySHA256 = "6c1585d1bbf45b0712ea4a21b705c5fcb4ba04ff2e30f1fbf81a49faf658638f"
}
