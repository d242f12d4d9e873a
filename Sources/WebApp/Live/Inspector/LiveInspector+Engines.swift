import OctoreactCore
import OctoreactFeedback
import OctoreactMVVM

/// The event hooks of each engine, reporting to an inspector: what a live screen passes as its engine's
/// `events:` when its page is inspected. `describe` writes a value as the panel shows it, so that a screen
/// can hide what must not be shown (a password).
extension LiveInspector {
  /// A reactor store's steps: lanes `action`, `mutation` (with the effect that sent it), `state` (the fields
  /// that changed since `initialState`, which a store does not report) and `effect` (each piece of work, from
  /// its start to its end or cancellation).
  func reactorEvents<R: Reactor>(
    _: R.Type, startingFrom initialState: R.State,
    describe: @escaping @Sendable (Any) -> String = { String(describing: $0) }
  ) -> @Sendable (ReactorEvent<R>) -> Void {
    let states = StateLane<R.State>(initialState)
    return { event in
      switch event {
      case .action(let action): self.report("action", describe(action))
      case .mutation(let mutation, let effect): self.report("mutation", describe(mutation) + Self.from(effect))
      case .state(let state): self.report("state", states.changes(to: state))
      case .effectStarted(let effect, let action, let cancelIDs):
        let names = cancelIDs.map { "\($0.value)" }.joined(separator: ", ")
        let text = (names.isEmpty ? "" : names + " ← ") + describe(action)
        self.report("effect", text, effect: effect.description, phase: .started)
      case .effectFinished(let effect): self.report("effect", effect.description, effect: effect.description, phase: .finished)
      case .effectCancelled(let effect):
        self.report("effect", effect.description, effect: effect.description, phase: .cancelled)
      }
    }
  }

  /// A feedback system's steps: lanes `event` (with the effect that sent it), `state` (the fields that
  /// changed; the system reports its initial state first), and one lane per feedback loop, named by `loops` in the system's order, for its effects.
  func feedbackEvents<State: Sendable, Event: Sendable>(
    loops: [String], describe: @escaping @Sendable (Any) -> String = { String(describing: $0) }
  ) -> @Sendable (FeedbackEvent<State, Event>) -> Void {
    let states = StateLane<State>(nil)
    @Sendable func lane(_ effect: FeedbackEffect) -> String {
      loops.indices.contains(effect.loop) ? loops[effect.loop] : "feedback \(effect.loop)"
    }
    return { event in
      switch event {
      case .event(let event, let effect): self.report("event", describe(event) + Self.from(effect))
      case .state(let state): self.report("state", states.changes(to: state))
      case .effectStarted(let effect, let request):
        self.report(lane(effect), describe(request), effect: effect.description, phase: .started)
      case .effectFinished(let effect):
        self.report(lane(effect), effect.description, effect: effect.description, phase: .finished)
      case .effectCancelled(let effect):
        self.report(lane(effect), effect.description, effect: effect.description, phase: .cancelled)
      }
    }
  }

  /// A view model's streams: one lane per input and per output, named as the view model names them.
  func streamEvents(describe: @escaping @Sendable (StreamEvent) -> String = { "\($0.value)" })
    -> @Sendable (StreamEvent) -> Void
  {
    { event in self.report(event.stream, describe(event)) }
  }

  private static func from(_ effect: (some CustomStringConvertible)?) -> String {
    effect.map { "  ← \($0)" } ?? ""
  }
}

/// The state lane's memory: the last state reported, to name the fields the next one changed.
private final class StateLane<State: Sendable>: Sendable {
  private let last: RuntimeLock<State?>

  init(_ initialState: State?) {
    last = RuntimeLock(initialState)
  }

  /// `username, isCheckingUsername`: the fields `state` changed; `=` when it changed none, `initial` for
  /// the first state of a lane that started from none.
  func changes(to state: State) -> String {
    let previous = last.withLock { last in
      defer { last = state }
      return last
    }
    guard let previous else { return "initial" }
    let fields = changedFields(from: previous, to: state)
    return fields.isEmpty ? "=" : fields.joined(separator: ", ")
  }
}
