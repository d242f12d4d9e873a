import Foundation
import HTTPTypes
import NIOCore
import PropertyBased
import Testing
@testable import WebApp

/// `X-Forwarded-For` is written by whoever sends the request: any value, from a trusted balancer's peer,
/// counts as an address that stands in its last entry, or as the peer itself; it never traps.
///
/// **Bounds:** 500 values, parsed in-process, so the suite takes well under a second.
struct ForwardedForFuzzTests {
  static let balancer = try! SocketAddress(ipAddress: "127.0.0.1", port: 40_000)

  /// Forwarded-for values: address lists with spaces and ports, zones, names, huge entries, and any text.
  static func value(using rng: inout FuzzInput.RNG) -> String {
    switch Int.random(in: 0..<5, using: &rng) {
    case 0:
      return ["203.0.113.7", " 203.0.113.7 ", "2001:db8::1", "::ffff:198.51.100.2", "fe80::1%eth0", "1.2.3.4:80",
        "unknown", "", ",", "1.2.3.4,", ", 2001:db8::2", "999.1.1.1", String(repeating: "1", count: 10_000),
      ].randomElement(using: &rng)!
    case 1:
      let count = Int.random(in: 1...6, using: &rng)
      return (0..<count).map { _ in
        "\(Int.random(in: 0...300, using: &rng)).\(Int.random(in: 0...255, using: &rng)).0.\(Int.random(in: 0...9, using: &rng))"
      }.joined(separator: Bool.random(using: &rng) ? "," : ", ")
    default: return FuzzInput.text(using: &rng, maxLength: 80)
    }
  }

  @Test func anyForwardedForCountsAsAnAddressInItsLastEntryOrAsThePeer() async throws {
    let proxies = try TrustedProxies(["127.0.0.1"])
    await propertyCheck(count: 500, input: FuzzInput.generator { rng in Self.value(using: &rng) }) { value in
      let client = proxies.clientAddress(peer: Self.balancer, headers: [.xForwardedFor: value])
      guard let client, client != Self.balancer else { return }
      // The header as sent (HTTPFields makes an illegal value legal first), its last entry, trimmed.
      let sent = HTTPFields([HTTPField(name: .xForwardedFor, value: value)])[.xForwardedFor] ?? ""
      let lastEntry = String(sent.split(separator: ",", omittingEmptySubsequences: false).last ?? "")
        .trimmingCharacters(in: .whitespaces)
      let named = try? SocketAddress(ipAddress: lastEntry, port: 0)
      #expect(named?.ipAddress == client.ipAddress, "\(String(describing: client)) counted from \(value)")
    }
  }
}
