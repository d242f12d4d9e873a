import Synchronization

/// Where the fixed windows of the budgets are counted: in this process, or in a database every
/// instance behind a balancer shares (``RateLimitCounter/postgres(_:)``).
///
/// **Contract:** ``take`` counts one request at `now` (seconds since 1970); one beyond the limit is
/// refused and not counted. When the count cannot be made it throws ``RateLimitCounterUnavailable``:
/// the request is refused, never let through uncounted (overloading the database must not lift limits).
struct RateLimitCounter: Sendable {
  typealias Operation =
    @Sendable (_ resource: RateLimitResource, _ rule: RateLimitRule, _ client: String, _ now: Int)
    async throws(RateLimitCounterUnavailable) -> RateLimitStateMachine.Decision

  var take: Operation
  /// The figures without counting a request (`GET /rate_limit`).
  var read: Operation

  /// Counts in this process: one ``RateLimitStateMachine`` per resource, each under its own lock.
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

  /// A class: a `Mutex` cannot be copied.
  private final class Budget: Sendable {
    let machine: Mutex<RateLimitStateMachine>

    init(_ rule: RateLimitRule, capacity: Int) {
      machine = Mutex(RateLimitStateMachine(limit: rule.limit, windowSeconds: rule.windowSeconds, capacity: capacity))
    }
  }
}

/// The rate-limit database cannot be reached: the request is answered `503`.
struct RateLimitCounterUnavailable: Error, Hashable {}
