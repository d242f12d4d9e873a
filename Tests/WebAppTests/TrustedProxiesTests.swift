import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import WebApp

/// Which client a request counts as behind a load balancer: the last `X-Forwarded-For` entry, from a
/// trusted proxy only, and the peer whenever that entry is not one address.
@Suite(.timeLimit(.minutes(1)))
struct TrustedProxiesTests {
  static let balancer = try! SocketAddress(ipAddress: "10.0.0.5", port: 40_000)
  static let stranger = try! SocketAddress(ipAddress: "198.51.100.9", port: 40_001)

  static func forwarded(_ values: String...) -> HTTPFields {
    var headers = HTTPFields()
    for value in values { headers.append(HTTPField(name: .xForwardedFor, value: value)) }
    return headers
  }

  static func client(_ proxies: TrustedProxies, peer: SocketAddress?, _ headers: HTTPFields) -> String {
    RateLimiter(.standard, trustedProxies: proxies).client(peer: peer, headers: headers)
  }

  @Test func aTrustedProxysLastEntryIsTheClient() throws {
    let proxies = try TrustedProxies(["10.0.0.5"])
    #expect(Self.client(proxies, peer: Self.balancer, Self.forwarded("203.0.113.7")) == "203.0.113.7")
    // The entries before the last were written by the client itself: a forged one is never read.
    #expect(Self.client(proxies, peer: Self.balancer, Self.forwarded("1.2.3.4, 203.0.113.7")) == "203.0.113.7")
    // HAProxy's `option forwardfor` adds a field of its own after any the client sent.
    #expect(Self.client(proxies, peer: Self.balancer, Self.forwarded("1.2.3.4", " 203.0.113.8 ")) == "203.0.113.8")
    #expect(
      Self.client(proxies, peer: Self.balancer, Self.forwarded("2001:db8:a:b:1:2:3:4")) == "2001:db8:a:b::/64")
  }

  @Test func anUntrustedPeersHeaderIsIgnored() throws {
    let proxies = try TrustedProxies(["10.0.0.5"])
    #expect(Self.client(proxies, peer: Self.stranger, Self.forwarded("203.0.113.7")) == "198.51.100.9")
    #expect(Self.client(.none, peer: Self.balancer, Self.forwarded("203.0.113.7")) == "10.0.0.5")
  }

  @Test(arguments: [
    "", " ", "203.0.113.7, ", "203.0.113.7:4000", "[2001:db8::1]", "unknown", "example.com", "203.0.113", "01.2.3.4x",
    "203.0.113.7 203.0.113.8", String(repeating: "1", count: 100_000), "1.2.3.4," + String(repeating: " ", count: 60),
    "fe80::1%eth0", "::ffff:1.2.3.4.5",
  ])
  func aMalformedLastEntryIsThePeer(value: String) throws {
    let proxies = try TrustedProxies(["10.0.0.5"])
    #expect(Self.client(proxies, peer: Self.balancer, Self.forwarded(value)) == "10.0.0.5")
  }

  @Test func aTrustedProxyWithoutTheHeaderIsItself() throws {
    let proxies = try TrustedProxies(["10.0.0.5"])
    #expect(Self.client(proxies, peer: Self.balancer, [:]) == "10.0.0.5")
    #expect(Self.client(proxies, peer: nil, Self.forwarded("203.0.113.7")) == "unknown")
  }

  @Test func aProxyIsNamedByAnyFormOfItsAddress() throws {
    let mapped = try SocketAddress(ipAddress: "::ffff:127.0.0.1", port: 1)
    let loopback = try TrustedProxies(["127.0.0.1"])
    #expect(Self.client(loopback, peer: mapped, Self.forwarded("203.0.113.7")) == "203.0.113.7")
    let v6 = try TrustedProxies(["0:0:0:0:0:0:0:1"])
    let peer = try SocketAddress(ipAddress: "::1", port: 1)
    #expect(Self.client(v6, peer: peer, Self.forwarded("203.0.113.7")) == "203.0.113.7")
  }

  @Test(arguments: ["localhost", "127.0.0.1:8080", "10.0.0.0/8", "", "1.2.3.4.5"])
  func aProxyThatIsNotAnAddressIsRefused(text: String) {
    #expect(throws: TrustedProxies.InvalidAddress(text: text)) { try TrustedProxies([text]) }
  }

  /// Through a real server on loopback: behind a trusted balancer each forwarded client has its own
  /// budget; without trust they all share the balancer's.
  @Test(arguments: [true, false])
  func forwardedClientsGetTheirOwnBudgetsOnlyFromATrustedProxy(trusted: Bool) async throws {
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = RateLimits(core: RateLimitRule(limit: 1, window: .seconds(900)))
    configuration.trustedProxies = trusted ? try TrustedProxies(["127.0.0.1", "::1"]) : .none
    try await TestApp(configuration: configuration).application().test(.live) { client in
      var statuses: [HTTPResponse.Status] = []
      for address in ["203.0.113.1", "203.0.113.2", "203.0.113.1"] {
        let response = try await client.execute(
          uri: "/users/nobody", method: .get, headers: [.xForwardedFor: "192.0.2.66, \(address)"])
        statuses.append(response.status)
      }
      #expect(statuses == (trusted ? [.notFound, .notFound, .forbidden] : [.notFound, .forbidden, .forbidden]))
    }
  }
}
