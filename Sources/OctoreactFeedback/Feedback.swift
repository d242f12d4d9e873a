public import OctoreactCore

/// A feedback loop: effects derived from the state of a ``FeedbackSystem`` (RxFeedback's `react`).
///
/// A loop reads a *request* from every state: the part of the state that says some work is wanted
/// (a username to check, a page to load). When a request appears, the loop starts its effect; when
/// it changes, the older effect is cancelled and a newer one starts; when it goes away, the effect
/// is cancelled. The effect sends events back into the system, which reduces them into the next
/// state, from which the loop reads its request again.
///
/// **Cancellation.** A cancelled effect's task is cancelled, and anything it sends afterwards is
/// dropped, even if its work ignores cancellation: an event counts only while its request is still
/// the one in the state when the system reaches the event.
///
/// For example, a username check that runs while the state has a name to check:
///
/// ```swift
/// Feedback<State, Event>.react(request: { $0.usernameToCheck }) { name, send in
///   send(.availabilityChecked(name, await api.isAvailable(name)))
/// }
/// ```
public struct Feedback<State: Sendable, Event: Sendable>: Sendable {
  @usableFromInline let loop: any FeedbackLoop<State, Event>

  /// A loop with at most one effect: the one for the request `request` reads from the state.
  ///
  /// When the request becomes non-`nil`, `effects` starts with it; when it changes, the running
  /// effect is cancelled and `effects` starts with the new one; when it becomes `nil`, the running
  /// effect is cancelled. An unchanged request keeps its effect, even one that has finished.
  public static func react<Request: Hashable & Sendable>(
    request: @escaping @Sendable (State) -> Request?,
    effects: @escaping @Sendable (Request, Send<Event>) async -> Void
  ) -> Feedback {
    Feedback(loop: RequestLoop(requests: { request($0).map { [$0] } ?? [] }, effects: effects))
  }

  /// A loop with an effect per request in the set `requests` reads from the state.
  ///
  /// Each request is started and cancelled on its own: a request that joins the set starts its
  /// effect, one that leaves it has its effect cancelled, and the others keep theirs.
  public static func react<Request: Hashable & Sendable>(
    requests: @escaping @Sendable (State) -> Set<Request>,
    effects: @escaping @Sendable (Request, Send<Event>) async -> Void
  ) -> Feedback {
    Feedback(loop: RequestLoop(requests: { Array(requests($0)) }, effects: effects))
  }
}
