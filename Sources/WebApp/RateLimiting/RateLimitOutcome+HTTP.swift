import HTTPTypes
import Hummingbird

extension RateLimitOutcome {
  var headers: HTTPFields { decision.headers(resource: resource) }

  /// GitHub's refusal: `403` for a primary limit, `429` with `retry-after` for a secondary one.
  var refusal: APIError {
    switch answer {
    case .primary:
      var error = APIError(status: .forbidden, message: "API rate limit exceeded for \(client).", headers: headers)
      error.documentationURL =
        "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-the-primary-rate-limit"
      return error
    case .secondary:
      var fields = headers
      fields[.retryAfter] = String(retryAfter)
      var error = APIError(
        status: .tooManyRequests,
        message: "You have exceeded a secondary rate limit. Please wait \(retryAfter) seconds before you try again.",
        headers: fields)
      error.documentationURL =
        "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"
      return error
    }
  }
}

extension RateLimitStateMachine.Decision {
  func headers(resource: RateLimitResource) -> HTTPFields {
    var fields = HTTPFields()
    fields[.rateLimitLimit] = String(limit)
    fields[.rateLimitRemaining] = String(remaining)
    fields[.rateLimitReset] = String(reset)
    fields[.rateLimitUsed] = String(used)
    fields[.rateLimitResource] = resource.rawValue
    return fields
  }
}

extension APIError {
  /// A limit that cannot be counted is not waived (see ``RateLimitCounter``).
  static let rateLimitsUnavailable = APIError(
    status: .serviceUnavailable,
    message: "The rate limits cannot be counted now (their database is unavailable): try again later",
    headers: [.retryAfter: "5"])
}

extension HTTPField.Name {
  static let rateLimitLimit = Self("x-ratelimit-limit")!
  static let rateLimitRemaining = Self("x-ratelimit-remaining")!
  static let rateLimitReset = Self("x-ratelimit-reset")!
  static let rateLimitUsed = Self("x-ratelimit-used")!
  static let rateLimitResource = Self("x-ratelimit-resource")!
}
