import Foundation

/// Where this server is reached from outside: the base of every absolute URL it writes (`html_url`,
/// `Link`) and the origins whose pages may open its live WebSockets.
///
/// **Contract:** the request's `Host` header is never used, so a client cannot make the server write
/// links to another site. Without a configured base URL, the base is the address actually bound
/// (read at each use: port 0 is known only once the server runs).
public struct PublicAddress: Sendable {
  let configuredBaseURL: String?
  let configuredOrigins: [String]
  let localAddress: LocalAddress

  init(_ configuration: AppConfiguration, localAddress: LocalAddress) {
    configuredBaseURL = configuration.publicBaseURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    configuredOrigins = configuration.allowedOrigins
    self.localAddress = localAddress
  }

  /// Why `text` cannot be the public base URL (`--public-url`), or nil when it can. Every link is the base
  /// followed by a path, so a query or fragment would break each one, and credentials would leak into all.
  public static func problem(withBaseURL text: String) -> String? {
    guard let url = URLComponents(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else { return "must be an http:// or https:// URL with a host, such as https://octoreact.example" }
    if url.user != nil || url.password != nil {
      return "must not carry a user name or password: every link would show it"
    }
    if url.query != nil {
      return "must not have a query (?…): links are written as the URL followed by a path"
    }
    if url.fragment != nil {
      return "must not have a fragment (#…): links are written as the URL followed by a path"
    }
    return nil
  }

  /// Without a trailing slash.
  var baseURL: String { configuredBaseURL ?? localAddress.defaultPublicBaseURL }

  /// Whether a page whose `Origin` header is `origin` may open a live socket.
  ///
  /// A browser adds the header to every WebSocket handshake and no page can forge it, so a request without
  /// it, or with a `ws(s):` origin (which client libraries send and a browser never does), is no browser
  /// page and is let through. A browser's `null` (an opaque origin) is refused.
  func allowsOrigin(_ origin: String?) -> Bool {
    guard let origin else { return true }
    let scheme = URLComponents(string: origin.trimmingCharacters(in: .whitespaces))?.scheme?.lowercased()
    if scheme == "ws" || scheme == "wss" { return true }
    guard let candidate = WebOrigin(origin) else { return false }
    if !configuredOrigins.isEmpty { return configuredOrigins.compactMap(WebOrigin.init).contains(candidate) }
    return WebOrigin(baseURL).map { $0.withLoopbackAliases.contains(candidate) } ?? false
  }
}

/// A web origin (RFC 6454): scheme, host and port, compared case-insensitively with default ports filled in.
struct WebOrigin: Hashable, Sendable {
  let scheme: String
  let host: String
  let port: Int

  /// Reads an origin or any http(s) URL (whose path is ignored); nil for `null`, other schemes or no host.
  init?(_ text: String) {
    guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host?.lowercased(), !host.isEmpty
    else { return nil }
    self.scheme = scheme
    // Foundation keeps the brackets of an IPv6 host on some platforms and not on others.
    self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    port = components.port ?? (scheme == "https" ? 443 : 80)
  }

  private init(scheme: String, host: String, port: Int) {
    self.scheme = scheme
    self.host = host
    self.port = port
  }

  private static let loopbackNames = ["localhost", "127.0.0.1", "::1"]

  /// This origin, and under the other loopback names when it is a loopback one: a page opened at
  /// `http://localhost:8080` talks to the server bound to `127.0.0.1:8080`.
  var withLoopbackAliases: [WebOrigin] {
    guard Self.loopbackNames.contains(host) else { return [self] }
    return Self.loopbackNames.map { WebOrigin(scheme: scheme, host: $0, port: port) }
  }
}
