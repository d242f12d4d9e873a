#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WebApp

/// The process's open-file limit, which bounds how many connections the server can hold.
///
/// Every connection is a descriptor; when they run out, accepting fails. The server raises its soft
/// limit to the hard one at start (as Go's runtime does), and by default admits no more connections than
/// that limit less a reserve kept for the databases, logs and outgoing HTTP.
enum DescriptorLimit {
  /// Descriptors kept out of the connection limit for everything else the process opens: 128, or a
  /// quarter of a smaller limit but never under 32 (the process holds about 25 before any connection).
  static func reserve(forLimit limit: Int) -> Int { min(128, max(32, limit / 4)) }

  /// Raises the soft limit to the hard limit (best effort) and returns the soft limit now in force.
  @discardableResult
  static func raise() -> Int? {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return nil }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      #if canImport(Darwin)
      // Darwin refuses a soft limit over OPEN_MAX with setrlimit even when the hard limit is infinite.
      raised.rlim_cur = min(raised.rlim_cur, rlim_t(OPEN_MAX))
      #endif
      if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
  }

  /// ``ConnectionLimits/defaultMaxConnections`` (room for 10,000 live pages and their HTTP requests), or
  /// the soft limit less its reserve when that is lower (at least 1).
  static func defaultMaxConnections() -> Int {
    let preferred = ConnectionLimits.defaultMaxConnections
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(preferred + 128) else { return preferred }
    let soft = Int(limit.rlim_cur)
    return max(1, soft - reserve(forLimit: soft))
  }

  #if canImport(Glibc)
  private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
  private static let resource = RLIMIT_NOFILE
  #endif
}
