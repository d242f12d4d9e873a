public import OctoreactCore

/// One feedback loop of a running system: its request rule, its effects and its ``RequestTable``.
///
/// An existential, so that the system keeps loops whose requests are of different types side by side.
@usableFromInline
protocol FeedbackLoop<State, Event>: Sendable {
  associatedtype State: Sendable
  associatedtype Event: Sendable

  /// Updates the running requests for `state`: what to cancel and what to start.
  mutating func reconcile(with state: State) -> [LoopCommand<Event>]

  /// True while the effect of `generation` may still deliver.
  func isLive(_ generation: UInt64) -> Bool

  /// The request the effect of `generation` runs for, while it runs (for ``FeedbackEvent``).
  func request(of generation: UInt64) -> (any Hashable & Sendable)?
}

/// What a loop asks the runtime to do after a new state.
@usableFromInline
enum LoopCommand<Event: Sendable>: Sendable {
  case cancel(generation: UInt64)
  case start(generation: UInt64, work: @Sendable (Send<Event>) async -> Void)
}

/// The loop of ``Feedback/react(requests:effects:)`` (and of ``Feedback/react(request:effects:)``,
/// whose requests are zero or one).
struct RequestLoop<State: Sendable, Event: Sendable, Request: Hashable & Sendable>: FeedbackLoop {
  let requests: @Sendable (State) -> [Request]
  let effects: @Sendable (Request, Send<Event>) async -> Void
  var table = RequestTable<Request>()

  mutating func reconcile(with state: State) -> [LoopCommand<Event>] {
    let changes = table.update(to: requests(state))
    if changes.isEmpty { return [] }
    let effects = self.effects
    return changes.cancelled.map { .cancel(generation: $0) }
      + changes.started.map { start in
        .start(generation: start.generation, work: { send in await effects(start.request, send) })
      }
  }

  func isLive(_ generation: UInt64) -> Bool { table.isLive(generation) }

  func request(of generation: UInt64) -> (any Hashable & Sendable)? {
    table.running.first { $0.value == generation }?.key
  }
}
