import Synchronization

/// The address this server listens on, known for sure only once it runs (port 0 picks a free port).
final class LocalAddress: Sendable {
  private let address: Mutex<(host: String, port: Int)>

  init(host: String, port: Int) {
    address = Mutex((host, port))
  }

  func set(host: String?, port: Int) {
    address.withLock { address in
      address = (host ?? address.host, port)
    }
  }

  /// The public base URL when none is configured, e.g. `http://127.0.0.1:8080`: a browser cannot open
  /// 0.0.0.0 or `::`, so those are written `localhost`.
  var defaultPublicBaseURL: String {
    let (bound, port) = address.withLock { $0 }
    let host = bound == "0.0.0.0" || bound == "::" ? "localhost" : bound
    return host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
  }
}
