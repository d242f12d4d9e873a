import Clocks
import OctoreactTesting

extension StateRecorder {
  /// `first(where:)` that also ends, with `nil`, when the waiting task is cancelled.
  ///
  /// `StateRecorder.first(where:)` ignores cancellation, so a suite's `.timeLimit` records its issue
  /// but cannot end a test stuck in it, and the whole run hangs (see `StateRecorderTests`).
  @discardableResult
  func waitFor(_ predicate: @escaping @Sendable (Value) -> Bool) async -> Value? {
    let (answer, continuation) = AsyncStream.makeStream(of: Value?.self)
    Task {
      continuation.yield(await first(where: predicate))
      continuation.finish()
    }
    for await value in answer { return value }
    return nil
  }
}

/// Yields until `condition` holds, for state that has no notification (such as
/// `ReactorStore.runningTaskCount`), or until the task is cancelled.
func yieldUntil(_ condition: () -> Bool) async {
  while !condition(), !Task.isCancelled { await Task.yield() }
}
