import Foundation
import OctoreactCore

/// Runs `body(index)` on `count` new OS threads at once (outside the cooperative pool, so a thread
/// blocked in a test cannot starve the tasks the test waits for), and returns when all have ended.
public func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
  let remaining = RuntimeLock(count)
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    for index in 0..<count {
      Thread.detachNewThread {
        body(index)
        let isLast = remaining.withLock { remaining in
          remaining -= 1
          return remaining == 0
        }
        if isLast { continuation.resume() }
      }
    }
  }
}
