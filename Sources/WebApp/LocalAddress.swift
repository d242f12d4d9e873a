import Synchronization

/// The address this server listens on, known for sure only once it runs (port 0 picks a free port).
final class LocalAddress: Sendable {
  private let address: Mutex<(host: String, port: Int)>

  init(host: String, port: Int) {
    address = Mutex((host, port))
  }

  /// Records the address the server is bound to.
  func set(host: String?, port: Int) {
    address.withLock { address in
      address = (host ?? address.host, port)
    }
  }

  /// The public base URL when none is configured: the address bound, with `localhost` for 0.0.0.0 and `::`
  /// (which are no address a browser can open), e.g. `http://127.0.0.1:8080`.
  var defaultPublicBaseURL: String {
    let (host, port) = address.withLock { $0 }
    let publicHost = host == "0.0.0.0" || host == "::" ? "localhost" : host
    return publicHost.contains(":") ? "http://[\(publicHost)]:\(port)" : "http://\(publicHost):\(port)"
  }

  /// The base URL this server calls itself at, e.g. `http://127.0.0.1:8080`.
  var baseURL: String {
    let (host, port) = address.withLock { $0 }
    let connectHost = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
    return connectHost.contains(":") ? "http://[\(connectHost)]:\(port)" : "http://\(connectHost):\(port)"
  }
}
