/// Where a store created with ``ReactorStore/init(_:events:)`` reports its ``ReactorEvent``s.
///
/// Only the drainer reports, after releasing the store's lock, as it calls observers: so the sink
/// is called one event at a time, in order, with no lock held, and may send to the store (queued, as
/// from an observer). Nothing is buffered here: the sink decides what to keep.
///
/// The hook remembers the action being processed so that a start can name it: only the drainer
/// reads or writes it, but successive drains may run on different threads, hence the lock (taken
/// only by a store that has a hook).
@usableFromInline
final class EventHook<R: Reactor>: Sendable {
  @usableFromInline let sink: @Sendable (ReactorEvent<R>) -> Void
  @usableFromInline let currentAction = RuntimeLock<R.Action?>(nil)

  init(_ sink: @escaping @Sendable (ReactorEvent<R>) -> Void) {
    self.sink = sink
  }

  @inlinable
  func actionReceived(_ action: R.Action) {
    currentAction.withLock { $0 = action }
    sink(.action(action))
  }

  @inlinable
  func effectStarted(_ task: TaskID, cancelIDs: [CancelID]) {
    guard let action = currentAction.withLock({ $0 }) else { return }
    sink(.effectStarted(EffectID(task), action: action, cancelIDs: cancelIDs))
  }

  @inlinable
  func effectsCancelled(_ tasks: [TaskID]) {
    for task in tasks { sink(.effectCancelled(EffectID(task))) }
  }
}
