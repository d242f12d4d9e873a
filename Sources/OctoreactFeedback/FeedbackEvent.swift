import OctoreactCore

/// One step of a running ``FeedbackSystem``, as a system created with
/// ``FeedbackSystem/init(initialState:reduce:feedback:events:)`` reports it: what an inspector draws
/// as a timeline of events, states and each loop's requests and effects.
///
/// For one event, a system reports the ``event(_:from:)``, the ``state(_:)`` it was reduced into,
/// then, for each loop in order, the ``effectCancelled(_:)`` of the requests that state no longer
/// wants and the ``effectStarted(_:request:)`` of the ones that appeared. An effect that returns while
/// its request is still wanted reports ``effectFinished(_:)``; a cancelled one reports nothing more,
/// and the events it sends afterwards are dropped, never reported.
public enum FeedbackEvent<State: Sendable, Event: Sendable>: Sendable {
  /// An event about to be reduced: sent to the system when `effect` is `nil`, otherwise by that effect.
  case event(Event, from: FeedbackEffect?)
  /// The state after an event (or the initial state, when the system starts), as observers get it.
  case state(State)
  /// Loop `effect.loop` started an effect for `request`, a value its request rule read from the state.
  case effectStarted(FeedbackEffect, request: any Hashable & Sendable)
  /// The effect's work returned while its request was still wanted.
  case effectFinished(FeedbackEffect)
  /// The effect's request went away or changed: nothing it sends from now on is reduced.
  case effectCancelled(FeedbackEffect)
}

/// One effect of a feedback system: the loop that started it (its index in the system's feedback
/// list) and the generation of its request in that loop (1 for the loop's first effect, and so on).
public struct FeedbackEffect: Hashable, Sendable, CustomStringConvertible {
  /// The index of the loop in the list the system was made with.
  public let loop: Int
  /// The effect's number in its loop, from 1.
  public let generation: UInt64

  @inlinable
  init(loop: Int, generation: UInt64) {
    self.loop = loop
    self.generation = generation
  }

  /// `loop.generation`: `0.3` is the third effect of the first loop.
  public var description: String { "\(loop).\(generation)" }
}
