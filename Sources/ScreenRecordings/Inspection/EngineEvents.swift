public import OctoreactCore
public import OctoreactFeedback
public import OctoreactMVVM

/// The event hooks of each engine, reporting to an inspector (``InspectorSink``): what a screen passes as
/// its engine's `events:` when its session is inspected. `describe` writes a value as the panel shows it,
/// so that a screen can hide what must not be shown (``SignupInspection`` replaces passwords).
public enum EngineEvents {
  /// A reactor store's steps: lanes `action`, `mutation` (with the effect that sent it), `state` (the fields
  /// that changed since `initialState`, which a store does not report) and `effect` (each piece of work, from
  /// its start to its end or cancellation).
  public static func reactor<R: Reactor>(
    _: R.Type, startingFrom initialState: R.State,
    describe: @escaping @Sendable (Any) -> String = { String(describing: $0) }, to report: @escaping InspectorSink
  ) -> @Sendable (ReactorEvent<R>) -> Void {
    let states = StateLane<R.State>(initialState)
    return { event in
      switch event {
      case .action(let action): report(InspectedEvent(lane: "action", text: describe(action)))
      case .mutation(let mutation, let effect):
        report(InspectedEvent(lane: "mutation", text: describe(mutation) + from(effect)))
      case .state(let state): report(InspectedEvent(lane: "state", text: states.changes(to: state)))
      case .effectStarted(let effect, let action, let cancelIDs):
        let names = cancelIDs.map { "\($0.value)" }.joined(separator: ", ")
        let text = (names.isEmpty ? "" : names + " ← ") + describe(action)
        report(InspectedEvent(lane: "effect", text: text, effect: effect.description, phase: .started))
      case .effectFinished(let effect):
        report(InspectedEvent(lane: "effect", text: effect.description, effect: effect.description, phase: .finished))
      case .effectCancelled(let effect):
        report(InspectedEvent(lane: "effect", text: effect.description, effect: effect.description, phase: .cancelled))
      }
    }
  }

  /// A feedback system's steps: lanes `event` (with the effect that sent it), `state` (the fields that
  /// changed; the system reports its initial state first), and one lane per feedback loop, named by `loops`
  /// in the system's order, for its effects.
  public static func feedback<State: Sendable, Event: Sendable>(
    loops: [String], describe: @escaping @Sendable (Any) -> String = { String(describing: $0) },
    to report: @escaping InspectorSink
  ) -> @Sendable (FeedbackEvent<State, Event>) -> Void {
    let states = StateLane<State>(nil)
    @Sendable func bar(_ effect: FeedbackEffect, _ text: String, _ phase: InspectedEvent.Phase) -> InspectedEvent {
      let lane = loops.indices.contains(effect.loop) ? loops[effect.loop] : "feedback \(effect.loop)"
      return InspectedEvent(lane: lane, text: text, effect: effect.description, phase: phase)
    }
    return { event in
      switch event {
      case .event(let event, let effect): report(InspectedEvent(lane: "event", text: describe(event) + from(effect)))
      case .state(let state): report(InspectedEvent(lane: "state", text: states.changes(to: state)))
      case .effectStarted(let effect, let request): report(bar(effect, describe(request), .started))
      case .effectFinished(let effect): report(bar(effect, effect.description, .finished))
      case .effectCancelled(let effect): report(bar(effect, effect.description, .cancelled))
      }
    }
  }

  /// A view model's streams: one lane per input and per output, named as the view model names them.
  public static func streams(
    describe: @escaping @Sendable (StreamEvent) -> String = { "\($0.value)" }, to report: @escaping InspectorSink
  ) -> @Sendable (StreamEvent) -> Void {
    { event in report(InspectedEvent(lane: event.stream, text: describe(event))) }
  }

  private static func from(_ effect: (some CustomStringConvertible)?) -> String {
    effect.map { "  ← \($0)" } ?? ""
  }
}

/// The state lane's memory: the last state reported, described, to name the fields the next one changed.
private final class StateLane<State: Sendable>: Sendable {
  private let last: RuntimeLock<DescribedFields?>

  init(_ initialState: State?) {
    last = RuntimeLock(initialState.map(DescribedFields.init))
  }

  /// `username, isCheckingUsername`: the fields `state` changed; `=` when it changed none, `initial` for
  /// the first state of a lane that started from none.
  func changes(to state: State) -> String {
    let fields = DescribedFields(state)
    let previous = last.withLock { last in
      defer { last = fields }
      return last
    }
    guard let previous else { return "initial" }
    let changed = fields.changed(from: previous)
    return changed.isEmpty ? "=" : changed.joined(separator: ", ")
  }
}
