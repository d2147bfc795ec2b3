import ScanbenchSeam
import ScanbenchStore

/// The engine of a run and, when pages are checked for orientation, the detector that does it.
public struct RecognitionSetup: Sendable {
  public var backend: any EngineBackend
  public var orientation: (any OrientationBackend)?

  public init(backend: any EngineBackend, orientation: (any OrientationBackend)?) {
    self.backend = backend
    self.orientation = backend.orientationCheckBelow == nil ? nil : orientation
  }

  /// The engine's identity with the orientation detector's model and whether it runs.
  public func identity() throws -> EngineIdentity {
    var identity = try backend.identity()
    if let orientation {
      identity.models.merge(try orientation.models()) { engine, _ in engine }
      identity.settings.merge(orientation.settings) { engine, _ in engine }
    }
    identity.settings["orientation"] = orientation == nil ? "off" : "on"
    return identity
  }
}
