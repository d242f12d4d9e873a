import OctoreactCore

/// A latch that work waits on until the test opens it. Waiting ignores task cancellation, which is
/// how tests model work that does not stop when it is cancelled.
public final class Gate: Sendable {
  private struct Storage {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let storage = RuntimeLock(Storage())

  public init() {}

  /// Suspends until ``open()`` is called (returns at once if it already was), even if cancelled.
  public func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = storage.withLock { storage in
        if !storage.isOpen { storage.waiters.append(continuation) }
        return storage.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  /// Lets every present and future waiter through.
  public func open() {
    let waiters = storage.withLock { storage in
      storage.isOpen = true
      defer { storage.waiters = [] }
      return storage.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
