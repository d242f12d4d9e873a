import HTTPTypes
import Hummingbird

extension RateLimitOutcome {
  /// The `x-ratelimit-*` headers GitHub sends with every response of a limited resource.
  var headers: HTTPFields {
    var fields = HTTPFields()
    fields[.rateLimitLimit] = String(decision.limit)
    fields[.rateLimitRemaining] = String(decision.remaining)
    fields[.rateLimitReset] = String(decision.reset)
    fields[.rateLimitUsed] = String(decision.used)
    fields[.rateLimitResource] = resource.rawValue
    return fields
  }

  /// The refusal GitHub answers a request over its budget with: `403` for a primary limit, `429`
  /// with `retry-after` for a secondary one, each with GitHub's message and documentation link.
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

extension HTTPField.Name {
  static let rateLimitLimit = Self("x-ratelimit-limit")!
  static let rateLimitRemaining = Self("x-ratelimit-remaining")!
  static let rateLimitReset = Self("x-ratelimit-reset")!
  static let rateLimitUsed = Self("x-ratelimit-used")!
  static let rateLimitResource = Self("x-ratelimit-resource")!
}
