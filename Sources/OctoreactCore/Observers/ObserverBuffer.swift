
/// One observer's values that it has not taken yet, and the observer itself while it waits.
///
/// The observer takes everything buffered in one step (``take(into:isolation:)``), so a fast
/// producer costs it one lock per batch, not one per value; the two arrays are swapped, never
/// reallocated, once they have grown.
@usableFromInline
package final class ObserverBuffer<Element: Sendable>: Sendable {
  struct State {
    var pending: [Element] = []
    var waiter: UnsafeContinuation<Void, Never>?
    /// No more values will come; what is pending is still taken.
    var isFinished = false
    /// The observer stopped (its task was cancelled or its sequence dropped): nothing more is taken.
    var isCancelled = false

    init() {}
  }

  let state = RuntimeLock(State())
  let keepsOnlyLatest: Bool

  package init(keepsOnlyLatest: Bool) { self.keepsOnlyLatest = keepsOnlyLatest }

  /// Adds a value and wakes the observer if it waits; returns `false` once the observer is gone.
  @usableFromInline
  package func append(_ value: Element) -> Bool {
    let (isWanted, waiter) = state.withLock { state -> (Bool, UnsafeContinuation<Void, Never>?) in
      guard !state.isFinished else { return (!state.isCancelled, nil) }
      if keepsOnlyLatest { state.pending.removeAll(keepingCapacity: true) }
      state.pending.append(value)
      defer { state.waiter = nil }
      return (true, state.waiter)
    }
    waiter?.resume()
    return isWanted
  }

  /// True once the observer is gone.
  @usableFromInline
  package var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// No more values will be appended.
  package func finish() {
    state.withLock { state -> UnsafeContinuation<Void, Never>? in
      state.isFinished = true
      defer { state.waiter = nil }
      return state.waiter
    }?.resume()
  }

  /// The observer is gone: drop what is pending and end its wait.
  package func cancel() {
    state.withLock { state -> UnsafeContinuation<Void, Never>? in
      state.isFinished = true
      state.isCancelled = true
      state.pending = []
      defer { state.waiter = nil }
      return state.waiter
    }?.resume()
  }

  /// Replaces `batch` with every pending value, waiting for one if there is none. Returns `false`
  /// when the sequence has ended: finished with nothing pending, or cancelled.
  ///
  /// `batch` must be empty; its capacity is handed back to the buffer for the next values.
  package func take(into batch: inout [Element], isolation: isolated (any Actor)? = #isolation) async -> Bool {
    while true {
      if Task.isCancelled {
        cancel()
        return false
      }
      let hasEnded = state.withLock { state -> Bool? in
        if state.isCancelled { return true }
        if !state.pending.isEmpty {
          swap(&state.pending, &batch)
          return false
        }
        return state.isFinished ? true : nil
      }
      if let hasEnded { return !hasEnded }
      await withTaskCancellationHandler(
        operation: {
          await withUnsafeContinuation(isolation: isolation) { (waiter: UnsafeContinuation<Void, Never>) in
            let isReady = state.withLock { state -> Bool in
              if state.isFinished || !state.pending.isEmpty { return true }
              state.waiter = waiter
              return false
            }
            if isReady { waiter.resume() }
          }
        },
        onCancel: { cancel() },
        isolation: isolation
      )
    }
  }
}
