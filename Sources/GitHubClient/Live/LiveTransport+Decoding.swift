import Foundation
import NIOCore

extension LiveTransport.Response {
  /// GitHub's JSON error body: `{"message": …, "errors": […], "documentation_url": …}`.
  private struct ErrorBody: Decodable {
    var message: String?
    var errors: [GitHubFieldError]?
  }

  /// Decodes a success body, or fails with `.invalidResponse`.
  func decode<Value: Decodable>(_ type: Value.Type) throws(GitHubClientError) -> Value {
    do {
      return try JSONDecoder().decode(Value.self, from: Data(body.readableBytesView))
    } catch {
      throw .invalidResponse("could not decode \(Value.self): \(Self.describe(error))")
    }
  }

  /// The error a non-success response means: a rate limit, a validation failure, or an unexpected status.
  ///
  /// A 403 whose message names a secondary rate limit is one even without `retry-after` or `x-ratelimit-remaining: 0`.
  ///
  /// Endpoint-specific statuses (404 for a missing user, 409 for a taken username) are handled by the caller first.
  func failure(redacting redact: (String) -> String) -> GitHubClientError {
    if let rateLimit = RateLimit.error(status: status, headers: headers) {
      return rateLimit
    }
    let errorBody = try? JSONDecoder().decode(ErrorBody.self, from: Data(body.readableBytesView))
    if status == 403, let text = errorBody?.message, text.localizedCaseInsensitiveContains("secondary rate limit") {
      // GitHub's docs: a secondary limit without `retry-after` means waiting at least one minute.
      return .rateLimited(resetAt: nil, retryAfter: RateLimit.secondaryLimitDefaultWait)
    }
    let message = errorBody?.message.map { redact(Self.truncate($0)) }
    if status == 422 {
      if let errors = errorBody?.errors, !errors.isEmpty { return .validationFailed(errors) }
      return .validationFailed(message.map { [GitHubFieldError(message: $0)] } ?? [])
    }
    return .unexpectedStatus(status, message: message)
  }

  private static func truncate(_ text: String) -> String {
    text.count > 500 ? String(text.prefix(500)) + "…" : text
  }

  /// A one-line reason for a decoding failure, such as `missing key "login"`.
  private static func describe(_ error: any Error) -> String {
    (error as? DecodingError)?.reason() ?? "not JSON"
  }
}
