import Dispatch
import Foundation
@testable import ReactorCore

/// An OS thread outside Swift's cooperative pool that runs a closure, then stays alive (so its
/// identity cannot be reused by another thread) until ``unpark()``.
final class ParkedThread: Sendable {
  private let parking = DispatchSemaphore(value: 0)

  private init() {}

  /// Starts a thread and returns it with its identity.
  static func start() async -> (ParkedThread, ThreadIdentity) {
    let thread = ParkedThread()
    let identity = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: ThreadIdentity.current)
        thread.parking.wait()
      }
    }
    return (thread, identity)
  }

  /// Lets the thread end.
  func unpark() { parking.signal() }
}
