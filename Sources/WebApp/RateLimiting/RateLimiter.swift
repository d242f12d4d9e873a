import Foundation
import HTTPTypes
import NIOCore

/// The server's per-client budgets (``RateLimits``), shared by the API routes and the live pages.
///
/// **Clients:** a client is an IPv4 address, or the /64 network of an IPv6 one (one subscriber usually
/// owns a whole /64, so counting single IPv6 addresses would give a scanner billions of budgets), as
/// ``TrustedProxies`` tells it (see `docs/threat_model.md`).
final class RateLimiter: Sendable {
  private let rateLimits: RateLimits
  private let counter: RateLimitCounter
  private let trustedProxies: TrustedProxies
  private let now: @Sendable () -> Date
  /// For `/metrics`.
  private let onRefusal: @Sendable (RateLimitResource) -> Void

  /// `now` is the wall clock: `x-ratelimit-reset` is a time of day.
  init(
    _ limits: RateLimits, counter: RateLimitCounter? = nil, trustedProxies: TrustedProxies = .none,
    now: @escaping @Sendable () -> Date = Date.init,
    onRefusal: @escaping @Sendable (RateLimitResource) -> Void = { _ in }
  ) {
    self.rateLimits = limits
    self.counter = counter ?? .inMemory()
    self.trustedProxies = trustedProxies
    self.now = now
    self.onRefusal = onRefusal
  }

  func limits(_ resource: RateLimitResource) -> Bool { rateLimits.rule(for: resource) != nil }

  /// Counts one request: `nil` when the resource is not limited.
  func take(_ resource: RateLimitResource, client: String) async throws(RateLimitCounterUnavailable)
    -> RateLimitOutcome?
  {
    guard let rule = rateLimits.rule(for: resource) else { return nil }
    let seconds = Int(now().timeIntervalSince1970)
    let decision = try await counter.take(resource, rule, client, seconds)
    if !decision.isAllowed { onRefusal(resource) }
    return RateLimitOutcome(
      resource: resource, answer: rule.answer, client: client, decision: decision,
      retryAfter: decision.retryAfter(now: seconds))
  }

  /// The figures without spending any (`GET /rate_limit`): `nil` when the resource is not limited.
  func budget(_ resource: RateLimitResource, client: String) async throws(RateLimitCounterUnavailable)
    -> RateLimitStateMachine.Decision?
  {
    guard let rule = rateLimits.rule(for: resource) else { return nil }
    return try await counter.read(resource, rule, client, Int(now().timeIntervalSince1970))
  }

  func client(peer: SocketAddress?, headers: HTTPFields) -> String {
    Self.client(of: trustedProxies.clientAddress(peer: peer, headers: headers))
  }

  /// `"unknown"` without an address.
  static func client(of address: SocketAddress?) -> String {
    guard let text = address?.ipAddress else { return "unknown" }
    guard case .v6 = address else { return text }
    return ipv6Client(text) ?? text
  }

  /// The /64 network of an IPv6 address, or the IPv4 address of an IPv4 client reaching a dual-stack
  /// socket (`::ffff:a.b.c.d`); `nil` for a form this does not expect.
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
  /// Seconds, at least one.
  let retryAfter: Int

  var isAllowed: Bool { decision.isAllowed }
}
