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

  /// Counts in this process: one ``RateLimitStateMachine`` per resource, made at its first request from
  /// the rule the limiter passes, all under one lock.
  static func inMemory() -> RateLimitCounter {
    let machines = Machines()
    return RateLimitCounter(
      take: { resource, rule, client, now throws(RateLimitCounterUnavailable) in
        machines.lock.withLock { $0[resource, default: machine(rule)].take(client: client, now: now) }
      },
      read: { resource, rule, client, now throws(RateLimitCounterUnavailable) in
        machines.lock.withLock { $0[resource, default: machine(rule)].budget(client: client, now: now) }
      })
  }

  private static func machine(_ rule: RateLimitRule) -> RateLimitStateMachine {
    RateLimitStateMachine(limit: rule.limit, windowSeconds: rule.windowSeconds, capacity: RateLimits.maxClients)
  }

  /// A class: a `Mutex` cannot be copied into the closures.
  private final class Machines: Sendable {
    let lock = Mutex<[RateLimitResource: RateLimitStateMachine]>([:])
  }
}

/// The rate-limit database cannot be reached: the request is answered `503`.
struct RateLimitCounterUnavailable: Error, Hashable {}
