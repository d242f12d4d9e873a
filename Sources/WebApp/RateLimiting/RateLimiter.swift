import Foundation
import NIOCore
import Synchronization

/// The server's per-client budgets (``RateLimits``), shared by the API routes and the live pages.
///
/// **Threading:** each budget is a ``RateLimitStateMachine`` under its own lock, held only for the
/// count; safe from any thread.
///
/// **Clients:** a client is its peer address as the connection reports it: an IPv4 address, or the
/// /64 network of an IPv6 one (one subscriber usually owns a whole /64, so counting single IPv6
/// addresses would give a scanner billions of budgets). `X-Forwarded-For` is not trusted: behind
/// a load balancer every client would share the balancer's budget, so that deployment must first
/// teach this type which proxies to believe (see `docs/threat_model.md`).
final class RateLimiter: Sendable {
  private let budgets: [RateLimitResource: Budget]
  private let now: @Sendable () -> Date
  /// Told of each refusal, for `/metrics`.
  private let onRefusal: @Sendable (RateLimitResource) -> Void

  private final class Budget: Sendable {
    let answer: RateLimitRule.Answer
    let machine: Mutex<RateLimitStateMachine>

    init(_ rule: RateLimitRule, capacity: Int) {
      answer = rule.answer
      machine = Mutex(RateLimitStateMachine(limit: rule.limit, windowSeconds: rule.windowSeconds, capacity: capacity))
    }
  }

  /// A limiter counting by `now` (the wall clock: `x-ratelimit-reset` is a time of day), telling
  /// `onRefusal` of each request it refuses.
  init(
    _ limits: RateLimits, now: @escaping @Sendable () -> Date = Date.init,
    onRefusal: @escaping @Sendable (RateLimitResource) -> Void = { _ in }
  ) {
    var budgets: [RateLimitResource: Budget] = [:]
    for resource in RateLimitResource.allCases {
      if let rule = limits.rule(for: resource) { budgets[resource] = Budget(rule, capacity: max(1, limits.maxClients)) }
    }
    self.budgets = budgets
    self.now = now
    self.onRefusal = onRefusal
  }

  /// Whether `resource` has a budget at all.
  func limits(_ resource: RateLimitResource) -> Bool { budgets[resource] != nil }

  /// Counts one request of `client` against `resource`: `nil` when the resource is not limited.
  func take(_ resource: RateLimitResource, client: String) -> RateLimitOutcome? {
    guard let budget = budgets[resource] else { return nil }
    let seconds = Int(now().timeIntervalSince1970)
    let decision = budget.machine.withLock { $0.take(client: client, now: seconds) }
    if !decision.isAllowed { onRefusal(resource) }
    return RateLimitOutcome(
      resource: resource, answer: budget.answer, client: client, decision: decision,
      retryAfter: decision.retryAfter(now: seconds))
  }

  /// The client key of a peer address (see the type's comment); `"unknown"` without one.
  static func client(of address: SocketAddress?) -> String {
    guard let text = address?.ipAddress else { return "unknown" }
    guard case .v6 = address else { return text }
    return ipv6Client(text) ?? text
  }

  /// The /64 network of an IPv6 address in its text form, or the IPv4 address of an IPv4 client
  /// reaching a dual-stack socket (`::ffff:a.b.c.d`); `nil` for a form this does not expect.
  static func ipv6Client(_ text: String) -> String? {
    let lowered = text.lowercased()
    if lowered.hasPrefix("::ffff:") && lowered.contains(".") { return String(lowered.dropFirst(7)) }
    guard !lowered.contains(".") else { return nil }
    let halves = lowered.components(separatedBy: "::")
    guard halves.count <= 2 else { return nil }
    func groups(_ half: String) -> [Substring] {
      half.isEmpty ? [] : half.split(separator: ":", omittingEmptySubsequences: false)
    }
    let head = groups(halves[0])
    let tail = halves.count == 2 ? groups(halves[1]) : []
    let missing = 8 - head.count - tail.count
    guard halves.count == 2 ? missing >= 1 : missing == 0 else { return nil }
    let all = head + Array(repeating: "0", count: missing) + tail
    let values = all.prefix(4).compactMap { $0.count <= 4 ? UInt16($0, radix: 16) : nil }
    guard values.count == 4 else { return nil }
    return values.map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
  }
}

/// What a budget said about one request, with everything its answer needs.
struct RateLimitOutcome: Sendable, Hashable {
  let resource: RateLimitResource
  let answer: RateLimitRule.Answer
  let client: String
  let decision: RateLimitStateMachine.Decision
  /// Seconds until the window ends, at least one.
  let retryAfter: Int

  var isAllowed: Bool { decision.isAllowed }
}
