import ScanbenchSeam

/// The engine of a run and, when pages are checked for orientation, the detector that does it.
public struct RecognitionSetup: Sendable {
  public var backend: any EngineBackend
  public var orientation: (any OrientationBackend)?
  /// Pages read with a mean confidence under this are checked for orientation (the engine's
  /// `EngineEntry.orientationCheckBelow`); nil: never.
  public var orientationCheckBelow: Double?
  /// The libraries the run uses and their versions, for its summary.
  public var libraryVersions: [String: String] = [:]
  /// What the user should know before the run starts (a model that is missing, so a check is off).
  public var warnings: [String] = []

  public init(
    backend: any EngineBackend, orientation: (any OrientationBackend)?, orientationCheckBelow: Double?
  ) {
    self.backend = backend
    self.orientationCheckBelow = orientationCheckBelow
    self.orientation = orientationCheckBelow == nil ? nil : orientation
  }

  /// The engine's identity with the orientation detector's model and whether it runs.
  public func identity() throws -> EngineIdentity {
    var identity = try backend.identity()
    if let orientation {
      identity.models.merge(try orientation.models()) { engine, _ in engine }
      identity.settings.merge(orientation.settings) { engine, _ in engine }
    }
    identity.settings["orientation"] =
      orientation != nil ? "on" : orientationCheckBelow != nil ? "by reading" : "off"
    return identity
  }
}
