import Synchronization

/// Where the fixed windows of the budgets are counted: in this process, or in a database every
/// instance behind a balancer shares (``RateLimitCounter/postgres(_:)``).
///
/// A struct of closures: ``RateLimiter`` asks it to count one request and gets the window's figures
/// back, whatever keeps them.
///
/// **Contract:** ``take`` counts one request of `client` against `resource` at `now` (seconds since
/// 1970) under `rule`: a window starts at a client's first request and lasts `rule.windowSeconds`; a
/// request within the limit is counted, one beyond it is refused and not counted. It throws
/// ``RateLimitCounterUnavailable`` when the count cannot be made (the database is down): the request
/// is then refused as the storage error it is, never let through uncounted.
struct RateLimitCounter: Sendable {
  typealias Operation =
    @Sendable (_ resource: RateLimitResource, _ rule: RateLimitRule, _ client: String, _ now: Int)
    async throws(RateLimitCounterUnavailable) -> RateLimitStateMachine.Decision

  var take: Operation
  /// The figures of `client`'s window at `now` without counting a request (`GET /rate_limit`): a
  /// client without a running window has the whole budget, its window ending a window from `now`.
  var read: Operation

  /// Counts in this process: one ``RateLimitStateMachine`` per resource of `limits`, each under its own
  /// lock, held only for the count; at most `limits.maxClients` clients remembered per resource.
  static func inMemory(_ limits: RateLimits) -> RateLimitCounter {
    var budgets: [RateLimitResource: Budget] = [:]
    for resource in RateLimitResource.allCases {
      if let rule = limits.rule(for: resource) { budgets[resource] = Budget(rule, capacity: max(1, limits.maxClients)) }
    }
    // Only the limiter calls, and only for a resource of the same `limits`: a missing budget is a bug.
    let budget: @Sendable (RateLimitResource) -> Budget = { [budgets] resource in
      guard let budget = budgets[resource] else { preconditionFailure("no in-memory budget for \(resource)") }
      return budget
    }
    return RateLimitCounter(
      take: { resource, _, client, now throws(RateLimitCounterUnavailable) in
        budget(resource).machine.withLock { $0.take(client: client, now: now) }
      },
      read: { resource, _, client, now throws(RateLimitCounterUnavailable) in
        budget(resource).machine.withLock { $0.budget(client: client, now: now) }
      })
  }

  /// One resource's machine under its lock (a class: a `Mutex` cannot be copied).
  private final class Budget: Sendable {
    let machine: Mutex<RateLimitStateMachine>

    init(_ rule: RateLimitRule, capacity: Int) {
      machine = Mutex(RateLimitStateMachine(limit: rule.limit, windowSeconds: rule.windowSeconds, capacity: capacity))
    }
  }
}

/// The rate-limit windows cannot be counted now (their database cannot be reached): the request is
/// answered as a storage error (`503`), not let through.
struct RateLimitCounterUnavailable: Error, Hashable {}
