import Dispatch
import Foundation

/// Control over when tasks may start, for tests about what happens *before* an effect's task runs.
enum CooperativePool {
  /// Runs `body` on the calling thread of Swift's cooperative pool while every other thread of the
  /// pool is parked, so no task can start (or resume) until `body` returns.
  ///
  /// Relies on the pool being as wide as the machine has processors, as on Linux and Darwin.
  /// Returns `nil`, without running `body`, if the other threads could not all be parked. Only one
  /// test may park at a time: use it from a `.serialized` suite.
  static func whileParked<T>(_ body: () throws -> T) rethrows -> T? {
    let others = ProcessInfo.processInfo.activeProcessorCount - 1
    let parked = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    for _ in 0..<others {
      Task.detached {
        parked.signal()
        release.wait()
      }
    }
    defer { for _ in 0..<others { release.signal() } }
    for _ in 0..<others {
      // The deadline only guards against a pool narrower than the processor count.
      guard parked.wait(timeout: .now() + .seconds(10)) == .success else { return nil }
    }
    return try body()
  }
}
