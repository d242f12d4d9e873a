/// The effects a store has registered but not started yet, and whether a starter task is on its way
/// to start them.
///
/// Starting a task per effect from the sending thread would cost every keystroke a task that often
/// only wakes up to find itself cancelled (a newer username replaced the check). Instead, the
/// effects registered while a starter is running go to it in batches, and the ones cancelled in the
/// meantime never cost a task. There is no waiting and no timing: the starter stops as soon as it
/// finds nothing to start, and the next effect makes a new one.
///
/// A pure value, held under a lock by ``ReactorStorage``; the actions are carried out after unlocking.
@usableFromInline
struct EffectStarterStateMachine<Effect> {
  @usableFromInline var pending: [(effect: Effect, id: TaskID)] = []
  @usableFromInline private(set) var isStarterRunning = false
  /// The length at which effects cancelled while waiting are dropped (see ``append(_:id:keeping:)``).
  @usableFromInline var pruneAt = 16

  @usableFromInline
  enum AppendAction: Equatable {
    /// No starter is running: the caller makes one.
    case makeStarter
    /// The running starter takes the effect with its next batch.
    case none
  }

  @usableFromInline
  enum NextBatchAction {
    /// Start these (skipping the ones no longer live), then ask again.
    case start([(effect: Effect, id: TaskID)])
    /// Nothing waits: the starter ends, and the next append makes a new one.
    case stop
  }

  init() {}

  /// Queues a registered effect. Effects cancelled while waiting are dropped each time the list has
  /// doubled (amortized: it stays within twice the effects still live, however long the starter waits
  /// for a thread).
  @inlinable
  mutating func append(_ effect: Effect, id: TaskID, keeping isLive: (TaskID) -> Bool) -> AppendAction {
    if pending.count >= pruneAt {
      pending.removeAll { !isLive($0.id) }
      pruneAt = max(16, pending.count * 2)
    }
    pending.append((effect, id))
    guard isStarterRunning else {
      isStarterRunning = true
      return .makeStarter
    }
    return .none
  }

  /// For the starter: everything queued, or the end of the starter.
  @inlinable
  mutating func nextBatch() -> NextBatchAction {
    guard !pending.isEmpty else {
      isStarterRunning = false
      return .stop
    }
    defer { pending = [] }
    return .start(pending)
  }
}
