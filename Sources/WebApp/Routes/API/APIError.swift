import AccountStore
import Foundation
import GitHubClient
import Hummingbird

/// An API error in GitHub's shape: `{"message": …, "errors": […], "documentation_url": …}`. It renders
/// its own response, so handlers throw it and never build error JSON.
struct APIError: HTTPResponseError {
  let status: HTTPResponse.Status
  let message: String
  var errors: [FieldError] = []
  var headers = HTTPFields()
  var documentationURL = "https://docs.github.com/rest"

  static let notFound = APIError(status: .notFound, message: "Not Found")

  static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, message: message) }

  /// The server has more work in hand than it takes on.
  static func busy(retryAfter: Duration) -> APIError {
    let seconds = max(1, Int(retryAfter.components.seconds) + (retryAfter.components.attoseconds > 0 ? 1 : 0))
    return APIError(
      status: .serviceUnavailable,
      message: "The server is busy: try again in \(seconds) seconds",
      headers: [.retryAfter: String(seconds)])
  }

  /// The body names no cause: host names and database messages stay inside.
  static let databaseUnavailable = APIError(
    status: .serviceUnavailable,
    message: "The account database is unavailable: try again later",
    headers: [.retryAfter: "5"])

  static func validationFailed(_ errors: [FieldError]) -> APIError {
    APIError(status: .unprocessableContent, message: "Validation Failed", errors: errors)
  }

  static let indexUnavailable = APIError(status: .serviceUnavailable, message: "The repository index is unavailable")

  var json: String {
    var object = JSONObjectWriter()
    object.field("message", message)
    if !errors.isEmpty {
      object.field("errors", rawJSON: "[" + errors.map(Self.json).joined(separator: ",") + "]")
    }
    object.field("documentation_url", documentationURL)
    return object.text
  }

  private static func json(_ error: FieldError) -> String {
    var object = JSONObjectWriter()
    object.field("resource", error.resource)
    object.field("field", error.field)
    object.field("code", error.code)
    object.field("message", error.message)
    return object.text
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var response = JSONResponse.make(status: status, json: json)
    response.headers.append(contentsOf: headers)
    return response
  }
}
