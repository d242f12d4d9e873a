/// One event of a screen's session as an inspector draws it: a marble on the lane `lane`, or, with
/// `effect` and `phase`, the start or end of a piece of asynchronous work drawn as a bar.
///
/// ``EngineEvents`` turns each engine's event hook into these; a front end stamps them with the time
/// and draws them (the web application's `?inspect` panel).
public struct InspectedEvent: Sendable, Equatable {
  public enum Phase: String, Sendable {
    case started, finished, cancelled
  }

  /// The stream: `action`, `mutation`, `state`, `effect` for a reactor; a view model's stream name; a
  /// feedback loop's name.
  public var lane: String
  /// The value as the panel shows it.
  public var text: String
  /// The work's identifier (`#3` for a reactor's, `1.2` for a feedback loop's), with ``phase``.
  public var effect: String?
  public var phase: Phase?

  public init(lane: String, text: String, effect: String? = nil, phase: Phase? = nil) {
    self.lane = lane
    self.text = text
    self.effect = effect
    self.phase = phase
  }
}

/// Where a screen's inspected events go, from whatever thread its engine reports on: it must not wait.
public typealias InspectorSink = @Sendable (InspectedEvent) -> Void
