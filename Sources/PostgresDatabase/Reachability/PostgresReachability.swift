import Synchronization

/// Whether a ``PostgresPool``'s server can be reached: the lock and the tasks that carry out
/// ``ReachabilityStateMachine``'s transitions.
///
/// An operation that has waited past ``PostgresPoolOptions/reachabilityCheckDelay`` asks ``check()``: one probe
/// (a connection of its own and `SELECT 1`, see `PostgresPool+Probe.swift`) answers every operation asking
/// meanwhile. When it fails (refused, reset, a login or database refused, a server shutting down), the server
/// is unreachable: operations fail at once instead of waiting for their timeout, and a recovery loop probes
/// every ``PostgresPoolOptions/reachabilityRetryInterval`` until the server answers again. A probe that gets no
/// answer in time proves nothing (a busy server is slow to start a backend): operations go on waiting.
///
/// **Contract:** the probe and the recovery run outside the lock; waiters are resumed after it is released. A
/// cancelled ``check()`` returns nil at once (its operation is over). ``close()`` answers every waiter and stops
/// the recovery loop.
final class PostgresReachability: Sendable {
  private typealias Machine = ReachabilityStateMachine<CheckedContinuation<String?, Never>>
  private let machine = Mutex(Machine())
  /// The recovery loop, and whether the pool closed (after which none starts).
  private let recovery = Mutex<(task: Task<Void, Never>?, closed: Bool)>((nil, false))
  private let probe: @Sendable () async -> ProbeOutcome
  private let clock: any Clock<Duration>
  private let retryInterval: Duration

  /// What one probe found.
  enum ProbeOutcome: Sendable, Equatable {
    /// The server answered `SELECT 1`.
    case answered
    /// The server refused, or could not be reached: why.
    case failed(String)
    /// Nothing within the probe's timeout, or a server out of connection slots: no proof of an outage.
    case noAnswer
  }

  init(clock: any Clock<Duration>, retryInterval: Duration, probe: @escaping @Sendable () async -> ProbeOutcome) {
    self.clock = clock
    self.retryInterval = retryInterval
    self.probe = probe
  }

  /// Why the server is unreachable, or nil while it is thought reachable.
  var unreachableReason: String? { machine.withLock { $0.unreachableReason } }

  /// Probes the server, or joins the probe in flight: nil when it answered, or why not (at once when already known
  /// unreachable).
  func check() async -> String? {
    // Shared by the two closures below: whichever runs second sees what the first did.
    let registration = Mutex<(id: Int?, cancelled: Bool)>((nil, false))
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let action = registration.withLock { registration -> Machine.CheckAction in
          if registration.cancelled { return .answer(nil) }
          let (id, action) = machine.withLock { $0.check(continuation) }
          registration.id = id
          return action
        }
        switch action {
        case .answer(let reason): continuation.resume(returning: reason)
        case .startProbe: startProbe()
        case .wait: break
        }
      }
    } onCancel: {
      let id = registration.withLock { registration in
        registration.cancelled = true
        return registration.id
      }
      guard let id else { return }
      machine.withLock { $0.cancel(id) }?.resume(returning: nil)
    }
  }

  /// Returns once the server is thought reachable (at once when it is, or when the pool closes).
  package func waitUntilReachable() async {
    _ = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
      if machine.withLock({ $0.waitUntilReachable(continuation) }) { continuation.resume(returning: nil) }
    }
  }

  /// Answers every waiter and stops the recovery loop.
  func close() {
    for waiter in machine.withLock({ $0.close() }) { waiter.resume(returning: nil) }
    recovery.withLock { recovery in
      recovery.closed = true
      return recovery.task
    }?.cancel()
  }

  private func startProbe() {
    Task {
      let reason: String? =
        switch await probe() {
        case .failed(let reason): reason
        case .answered, .noAnswer: nil
        }
      let finished = machine.withLock { $0.probeFinished(reason) }
      for waiter in finished.waiters { waiter.resume(returning: finished.result) }
      if finished.startsRecovery { startRecovery() }
    }
  }

  private func startRecovery() {
    recovery.withLock { recovery in
      guard !recovery.closed else { return }
      recovery.task = Task { [self] in
        while true {
          do {
            try await clock.sleep(for: retryInterval)
          } catch {
            return  // closed
          }
          guard await probe() == .answered else { continue }
          for waiter in machine.withLock({ $0.recovered() }) { waiter.resume(returning: nil) }
          return
        }
      }
    }
  }
}
