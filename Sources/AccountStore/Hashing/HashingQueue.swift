internal import Dispatch
internal import Foundation
internal import Synchronization

/// How much password hashing an ``AccountStore`` takes on at once.
///
/// Bcrypt keeps a core busy for about 250 ms a hash (cost 12) and cannot be interrupted. Without a
/// bound, 40 concurrent signups kept both cores of a 2-core server busy and a `GET` waited 2 s
/// behind them. With one: at most ``maxConcurrent`` hashes run, at most ``maxWaiting`` wait in line,
/// and any more is refused at once with ``AccountStoreError/busy(retryAfter:)`` (the API's `503`).
public struct HashingLimits: Sendable, Hashable {
  /// Hashes running at once.
  public var maxConcurrent: Int
  /// Hashes waiting for a place; more are refused.
  public var maxWaiting: Int

  /// - Precondition: `maxConcurrent` is at least 1 and `maxWaiting` at least 0.
  public init(maxConcurrent: Int, maxWaiting: Int) {
    precondition(maxConcurrent >= 1 && maxWaiting >= 0, "hashing needs at least one place and a non-negative line")
    self.maxConcurrent = maxConcurrent
    self.maxWaiting = maxWaiting
  }

  /// One core fewer than the machine has (at least one), so the event loops and Swift's pool always
  /// keep a core for the requests that do not hash; a line of 8 hashes per place, about 2 s of work
  /// at cost 12, whatever the number of cores.
  public static var standard: HashingLimits {
    let places = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    return HashingLimits(maxConcurrent: places, maxWaiting: 8 * places)
  }
}

/// Runs password hashes off Swift's cooperative pool, a bounded number at once, with a bounded
/// line behind them (``HashingLimits``).
///
/// **Threading:** the work runs on GCD threads, never on the cooperative pool or an event loop:
/// bcrypt does not suspend, and two hashes on the pool's threads would stall every other task of
/// a 2-core server. The caller suspends meanwhile. The lock guards only the
/// ``HashAdmissionStateMachine`` and the waiting continuations; they are resumed after unlocking.
///
/// **Cancellation:** a caller cancelled while waiting leaves the line at once with
/// `CancellationError`; running work always finishes.
final class HashingQueue: Sendable {
  private struct State {
    var machine: HashAdmissionStateMachine
    var continuations: [Int: CheckedContinuation<Void, any Error>] = [:]
    var nextID = 0
  }

  private let state: Mutex<State>
  private let clock = ContinuousClock()

  /// Where the work runs. A concurrent queue (not overcommitting): the admission above decides
  /// how many run, so GCD never needs to add threads for a burst.
  private static let queue = DispatchQueue(
    label: "octoreact.account-store.password-hashing", qos: .userInitiated, attributes: .concurrent)

  init(_ limits: HashingLimits) {
    let machine = HashAdmissionStateMachine(maxRunning: limits.maxConcurrent, maxWaiting: limits.maxWaiting)
    state = Mutex(State(machine: machine))
  }

  /// How many hashes run and wait now (for tests and metrics).
  var load: (running: Int, waiting: Int) {
    state.withLock { ($0.machine.running, $0.machine.waiting.count) }
  }

  /// Runs `work` on a GCD thread once a place is free, and returns its result.
  ///
  /// - Throws: ``AccountStoreError/busy(retryAfter:)`` when the line is full, `CancellationError`
  ///   when the caller is cancelled while waiting.
  func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
    try await admit()
    let start = clock.now
    let result = await withCheckedContinuation { continuation in
      Self.queue.async { continuation.resume(returning: work()) }
    }
    let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      state.machine.finished(took: clock.now - start).flatMap { state.continuations.removeValue(forKey: $0) }
    }
    next?.resume()
    return result
  }

  private func admit() async throws {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let action = state.withLock { state -> HashAdmissionStateMachine.AdmitAction? in
          // Cancelled before the handler below could find it waiting: never join the line.
          if Task.isCancelled { return nil }
          let action = state.machine.admit(id)
          if action == .wait { state.continuations[id] = continuation }
          return action
        }
        switch action {
        case nil: continuation.resume(throwing: CancellationError())
        case .run: continuation.resume()
        case .wait: break
        case .reject(let retryAfter): continuation.resume(throwing: AccountStoreError.busy(retryAfter: retryAfter))
        }
      }
    } onCancel: {
      let withdrawn = state.withLock { state in
        state.machine.cancelled(id) ? state.continuations.removeValue(forKey: id) : nil
      }
      withdrawn?.resume(throwing: CancellationError())
    }
  }
}
