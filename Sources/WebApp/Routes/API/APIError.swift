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
  var json: String {
    var object = JSONObjectWriter()
    object.field("message", message)
    if !errors.isEmpty {
      object.field("errors", rawJSON: "[" + errors.map(Self.json).joined(separator: ",") + "]")
    }
    object.field("documentation_url", "https://docs.github.com/rest")
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
