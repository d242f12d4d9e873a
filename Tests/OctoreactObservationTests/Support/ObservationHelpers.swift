import Foundation
import Observation
import OctoreactCore

/// How many times an observation's `onChange` fired.
final class ChangeCount: Sendable {
  private let count = RuntimeLock(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

/// Tracks what `read` reads, once (as SwiftUI does for one render): the returned count goes to 1 at
/// the first change of any of it.
@MainActor
func trackOnce(_ read: () -> Void) -> ChangeCount {
  let changes = ChangeCount()
  withObservationTracking(read, onChange: { changes.increment() })
  return changes
}

/// Waits for the next change of what `read` reads; the change is applied when this returns.
@MainActor
func nextChange(_ read: () -> Void) async {
  await withCheckedContinuation { continuation in
    withObservationTracking(read, onChange: { continuation.resume() })
  }
}

/// Runs `body` on a thread of its own and blocks the caller until it ends: with the main thread
/// blocked, nothing the body hands to the main actor can run before this returns.
func runOnAnotherThreadBlockingThisOne(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.start()
  done.wait()
}
