import Foundation
import NIOCore
import Testing
@testable import WebApp

/// The budgets of the server: which client a request counts against, and which resources count.
struct RateLimiterTests {
  @Test func anIPv4ClientIsItsAddress() throws {
    #expect(RateLimiter.client(of: try SocketAddress(ipAddress: "203.0.113.7", port: 4000)) == "203.0.113.7")
  }

  @Test func anIPv6ClientIsItsSlash64() throws {
    let one = RateLimiter.client(of: try SocketAddress(ipAddress: "2001:db8:a:b:1:2:3:4", port: 1))
    let other = RateLimiter.client(of: try SocketAddress(ipAddress: "2001:db8:a:b:ffff:0:0:9", port: 2))
    let elsewhere = RateLimiter.client(of: try SocketAddress(ipAddress: "2001:db8:a:c::1", port: 3))
    #expect(one == "2001:db8:a:b::/64")
    #expect(one == other)
    #expect(one != elsewhere)
  }

  @Test func anIPv4ClientOnADualStackSocketIsItsIPv4Address() throws {
    #expect(RateLimiter.client(of: try SocketAddress(ipAddress: "::ffff:198.51.100.4", port: 1)) == "198.51.100.4")
  }

  @Test func ipv6TextFormsGiveTheirSlash64() {
    #expect(RateLimiter.ipv6Client("::1") == "0:0:0:0::/64")
    #expect(RateLimiter.ipv6Client("fe80::1") == "fe80:0:0:0::/64")
    #expect(RateLimiter.ipv6Client("2001:DB8:0:0A::") == "2001:db8:0:a::/64")
    #expect(RateLimiter.ipv6Client("1:2:3:4:5:6:7:8") == "1:2:3:4::/64")
    #expect(RateLimiter.ipv6Client("1:2:3") == nil)
    #expect(RateLimiter.ipv6Client("1::2::3") == nil)
    #expect(RateLimiter.ipv6Client("12345::") == nil)
  }

  @Test func noAddressIsOneUnknownClient() {
    #expect(RateLimiter.client(of: nil) == "unknown")
  }

  @Test func offCountsNothing() async throws {
    let limiter = RateLimiter(.off)
    for resource in RateLimitResource.allCases { #expect(try await limiter.take(resource, client: "a") == nil) }
  }

  @Test func eachResourceHasItsOwnBudget() async throws {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let rule = RateLimitRule(limit: 1, window: .seconds(60))
    let limiter = RateLimiter(RateLimits(core: rule, search: rule, signup: rule), now: { now })
    #expect(try await limiter.take(.core, client: "a")?.isAllowed == true)
    #expect(try await limiter.take(.core, client: "a")?.isAllowed == false)
    #expect(try await limiter.take(.search, client: "a")?.isAllowed == true)
    #expect(try await limiter.take(.signup, client: "a")?.isAllowed == true)
    let refused = try await limiter.take(.core, client: "a")
    #expect(refused?.retryAfter == 60)
    #expect(refused?.decision.reset == 1_700_000_060)
  }

  @Test func theStandardBudgetsAreOnByDefault() {
    #expect(AppConfiguration().rateLimits == .standard)
    #expect(RateLimits.standard.core?.limit == 300)
    #expect(RateLimits.standard.signup?.answer == .secondary)
  }
}
