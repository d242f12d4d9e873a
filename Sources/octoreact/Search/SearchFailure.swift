import Foundation
import GitHubClient

/// The one line `octoreact search` prints for a failed request.
enum SearchFailure {
  /// Where the failed request went, to name it and to suggest what to do.
  struct Target {
    /// The API root, such as `http://127.0.0.1:8080`.
    var baseURL: String
    /// Whether it is GitHub (`--github`) rather than an Octoreact server.
    var isGitHub: Bool
    /// Whether a token was sent.
    var hasToken: Bool
  }

  /// A sentence such as `rate limited: try again in 42 s`; it never contains the token (errors never do).
  static func message(for error: GitHubClientError, target: Target, now: Date) -> String {
    switch error.code {
    case .transport:
      if target.isGitHub { return "cannot reach \(target.baseURL): \(error.message ?? "no connection")" }
      return "cannot reach \(target.baseURL): is `octoreact serve` running?"
    case .tooManyRedirects:
      // Not a connection failure: the server answered, with a redirect that never ends.
      return "\(target.baseURL) redirects in a loop: too many redirects from \(error.message ?? target.baseURL)"
    case .timeout:
      return "no answer from \(target.baseURL) in time: try again later"
    case .rateLimited:
      let wait =
        switch error.retryDelay(now: now) {
        case nil: "try again later"
        case let delay? where delay <= .zero: "try again now"
        case let delay?: "try again in \(duration(delay))"
        }
      let hint =
        target.isGitHub && !target.hasToken ? " (a token raises the limit: --token or OCTOREACT_GITHUB_TOKEN)" : ""
      return "rate limited: \(wait)\(hint)"
    case .validationFailed:
      let errors = error.fieldErrors
      if !errors.isEmpty && errors.allSatisfy({ $0.message != nil && $0.field == nil && $0.code == nil }) {
        return errors.compactMap(\.message).joined(separator: "; ")
      }
      let details = errors.map(\.description).joined(separator: "; ")
      return details.isEmpty ? "Validation Failed" : "Validation Failed: \(details)"
    case .unexpectedStatus:
      let status = error.statusCode.map(String.init) ?? "?"
      if error.statusCode == 404 && !target.isGitHub {
        return "\(target.baseURL) has no search API (HTTP 404): is it an Octoreact server?"
      }
      return "\(target.baseURL) answered HTTP \(status)" + (error.message.map { ": \($0)" } ?? "")
    case .invalidResponse:
      return "unreadable answer from \(target.baseURL): \(error.message ?? "invalid response")"
    case .cancelled:
      return "cancelled"
    default:
      return error.description
    }
  }

  /// `42 s`, `3 min 5 s` or `1 h 2 min`, rounded up to the second.
  static func duration(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    // Rounded up without adding past Int64's end: a duration can come from a hostile `retry-after`.
    let total = max(0, attoseconds > 0 && seconds < .max ? seconds + 1 : seconds)
    switch total {
    case ..<60: return "\(total) s"
    case ..<3600: return total % 60 == 0 ? "\(total / 60) min" : "\(total / 60) min \(total % 60) s"
    default:
      let minutes = total / 60 + (total % 60 == 0 ? 0 : 1)
      return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
  }
}
