/// One step of a running ``ReactorStore``, as a store created with
/// ``ReactorStore/init(_:events:)`` reports it: what an inspector draws as a marble timeline, or a
/// log prints.
///
/// For one action, a store reports the ``action(_:)``, then what its effect does, in the effect's
/// order: each synchronous ``mutation(_:effect:)`` followed by the ``state(_:)`` it produced, the
/// ``effectCancelled(_:)`` of each piece of work it cancels, the ``effectStarted(_:action:cancelIDs:)`` of each
/// it starts. Later, each mutation a task sends is reported with its task's
/// ``EffectID``, followed by its state, and the task ends with ``effectFinished(_:)`` or, when
/// something cancelled it first, ``effectCancelled(_:)`` (its later mutations are dropped, so never
/// reported). For example, typing `ab` then `abc` into a Signup screen whose check of `ab` is still
/// in flight:
///
/// ```
/// action(usernameChanged("ab"))   mutation(setUsername("ab", validating), effect: nil)   state(…)
/// effectStarted(#0, action: usernameChanged("ab"), cancelIDs: [usernameCheck])
/// action(usernameChanged("abc"))  effectCancelled(#0)   mutation(setUsername("abc", validating), effect: nil)
/// state(…)  effectStarted(#1, action: usernameChanged("abc"), cancelIDs: [usernameCheck])
/// mutation(setUsernameResult(ok), effect: #1)   state(…)   effectFinished(#1)
/// ```
///
/// The action is the one ``Reactor/mutate(action:state:)`` sees (after
/// ``Reactor/transform(action:)``), the mutation the one ``Reactor/reduce(state:mutation:)`` sees
/// (after ``Reactor/transform(mutation:)``), and the state the one observers get (after
/// ``Reactor/transform(state:)``). Releasing the store cancels its tasks without reporting them.
public enum ReactorEvent<R: Reactor>: Sendable {
  /// An action reached ``Reactor/mutate(action:state:)``.
  case action(R.Action)
  /// A mutation about to be reduced: from the current action's synchronous effects when `effect`
  /// is `nil`, otherwise sent by that effect's task.
  case mutation(R.Mutation, effect: EffectID?)
  /// The state after a mutation (or one set by a stub), as observers get it.
  case state(R.State)
  /// The action being processed started asynchronous work (``Effect/run(_:)``, ``Effect/task(_:)``,
  /// or the rest of a ``Effect/concat(_:)-(Effect...)`` from its first asynchronous step on), under
  /// the cancellation identifiers of its ``Effect/cancellable(id:cancelInFlight:)``s (``CancelID/value``
  /// names it: `usernameCheck`), outermost first.
  case effectStarted(EffectID, action: R.Action, cancelIDs: [CancelID])
  /// The work's body returned while it was live: everything it sent has been reported.
  case effectFinished(EffectID)
  /// The work was cancelled (by ``Effect/cancel(id:)`` or by a newer
  /// ``Effect/cancellable(id:cancelInFlight:)``): nothing it sends from now on reaches the state.
  case effectCancelled(EffectID)
}

/// Identifies one piece of asynchronous work a store started, in ``ReactorEvent``: numbers are
/// handed out in the order the work started, from 0, per store.
public struct EffectID: Hashable, Sendable, CustomStringConvertible {
  /// The work's number in its store.
  public let number: UInt64

  @inlinable
  init(_ task: TaskID) { number = task.raw }

  /// `#` and the number: `#0`, `#1`, …
  public var description: String { "#\(number)" }
}
