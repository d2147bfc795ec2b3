import ScanbenchRecognition

extension ExternalBackend {
  /// A program of the user's in the engine catalog: `--engine command:'PROGRAM ARGS…'`.
  public static let entry = EngineEntry(
    name: "command",
    summary: "a program of yours, over a JSON-lines protocol (docs/engines.md, \"External engines\")",
    languages: [], argument: "'PROGRAM ARGS…'", profile: "external",
    // External engines' confidences say nothing scanbench can trust about a page's orientation.
    orientationCheckBelow: nil, timeout: defaultTimeout, make: { try ExternalBackend($0) })
}
