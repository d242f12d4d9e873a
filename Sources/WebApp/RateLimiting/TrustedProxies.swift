import HTTPTypes
import NIOCore

/// The proxies (load balancers) whose `X-Forwarded-For` the server believes, and the client address a
/// request counts as (`serve --trusted-proxy`).
///
/// **Contract:** a request counts as its peer address unless that peer is one of the trusted proxies; then it counts as
/// the *last* `X-Forwarded-For` entry, the one that proxy added itself. Every entry before it was written by someone
/// the server cannot trust (the client itself can send the header), so it is never read. A last entry that is not one
/// plain IP address (empty, a port, a name, longer than an address can be) counts as the peer: a broken or hostile
/// header never gives a client a new budget of its own.
///
/// **Limits:** only the text after the last comma of the last `X-Forwarded-For` field is read, at most
/// ``maxEntryBytes`` of it; the rest of the header is never split or parsed.
public struct TrustedProxies: Sendable, Hashable {
  /// The longest entry that can be an address: an IPv6 address in full with an IPv4 tail is 45 bytes.
  static let maxEntryBytes = 45

  /// In ``normalized(_:)`` form.
  private let addresses: Set<String>

  public static let none = TrustedProxies(normalized: [])

  /// - Throws: ``InvalidAddress`` naming the first text that is not an IP address.
  public init(_ addresses: some Sequence<String>) throws(InvalidAddress) {
    var normalized: Set<String> = []
    for text in addresses {
      guard let address = Self.normalized(text) else { throw InvalidAddress(text: text) }
      normalized.insert(address)
    }
    self.init(normalized: normalized)
  }

  private init(normalized: Set<String>) { addresses = normalized }

  public var isEmpty: Bool { addresses.isEmpty }

  func contains(_ peer: SocketAddress?) -> Bool {
    guard !addresses.isEmpty, let text = peer?.ipAddress else { return false }
    return addresses.contains(Self.mapped(text))
  }

  func clientAddress(peer: SocketAddress?, headers: HTTPFields) -> SocketAddress? {
    guard contains(peer), let field = headers[fields: .xForwardedFor].last
    else { return peer }
    return Self.lastEntry(of: field.value) ?? peer
  }

  static func lastEntry(of value: String) -> SocketAddress? {
    let utf8 = value.utf8
    let start = utf8.lastIndex(of: UInt8(ascii: ",")).map { utf8.index(after: $0) } ?? utf8.startIndex
    // Bounded before any copy: the entry is trimmed, checked and parsed only when it can be an address.
    guard utf8.distance(from: start, to: utf8.endIndex) <= maxEntryBytes + 8 else { return nil }
    let entry = value[start...].trimmingOptionalWhitespace
    guard !entry.isEmpty, entry.utf8.count <= maxEntryBytes, entry.utf8.allSatisfy(isAddressByte) else { return nil }
    return try? SocketAddress(ipAddress: String(entry), port: 0)
  }

  /// Whether `byte` may be part of an address's text: hex digits, `.` and `:`; a zone (`fe80::1%eth0`)
  /// names an interface of the proxy's machine, not a client, so it is refused.
  private static func isAddressByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"),
      UInt8(ascii: "."), UInt8(ascii: ":"):
      true
    default: false
    }
  }

  /// `text` as the connection reports an address, or `nil` when it is not one IP address.
  static func normalized(_ text: String) -> String? {
    guard text.utf8.count <= maxEntryBytes, text.utf8.allSatisfy(isAddressByte),
      let address = try? SocketAddress(ipAddress: text, port: 0),
      let normal = address.ipAddress
    else { return nil }
    return mapped(normal)
  }

  /// An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, as a dual-stack socket reports an IPv4 peer)
  /// as its IPv4 form; any other address as it is.
  private static func mapped(_ text: String) -> String {
    let lowered = text.lowercased()
    guard lowered.hasPrefix("::ffff:"), lowered.contains(".") else { return lowered }
    return String(lowered.dropFirst(7))
  }

  /// A `--trusted-proxy` value that is not an IP address.
  public struct InvalidAddress: Error, Hashable, CustomStringConvertible {
    public let text: String

    public var description: String {
      "\"\(text.prefix(60))\" is not an IP address (a trusted proxy is named by its address, such as 127.0.0.1 or ::1)"
    }
  }
}

extension HTTPField.Name {
  static let xForwardedFor = Self("x-forwarded-for")!
}
