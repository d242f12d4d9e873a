import AccountStore
import Foundation
import Hummingbird

/// An API error in GitHub's shape: `{"message": …, "errors": […], "documentation_url": …}`.
///
/// Renders its own response (`HTTPResponseError`), so handlers throw it and never build error JSON.
struct APIError: HTTPResponseError {
  let status: HTTPResponse.Status
  let message: String
  var errors: [FieldError] = []
  /// Headers the answer carries besides its JSON body, such as a rate limit's `x-ratelimit-*`.
  var headers = HTTPFields()

  static let notFound = APIError(status: .notFound, message: "Not Found")

  static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, message: message) }

  static func validationFailed(_ errors: [FieldError]) -> APIError {
    APIError(status: .unprocessableContent, message: "Validation Failed", errors: errors)
  }

  /// The JSON body GitHub sends with an error.
  private struct Body: Encodable {
    let message: String
    let errors: [FieldError]?
    let documentationURL: String

    enum CodingKeys: String, CodingKey {
      case message, errors
      case documentationURL = "documentation_url"
    }
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    let body = Body(
      message: message,
      errors: errors.isEmpty ? nil : errors,
      documentationURL: "https://docs.github.com/rest"
    )
    var response = try JSONResponse.make(status: status, body)
    response.headers.append(contentsOf: headers)
    return response
  }
}
