import Foundation
import Hummingbird

/// JSON responses encoded the way GitHub's API encodes them: snake_case keys, ISO 8601 dates.
enum JSONResponse {
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  static func make(status: HTTPResponse.Status, _ value: some Encodable) throws -> Response {
    make(status: status, body: ByteBuffer(bytes: try encoder.encode(value)))
  }

  /// A response whose body is already JSON, such as a ``JSONObjectWriter``'s text.
  static func make(status: HTTPResponse.Status, json: String) -> Response {
    make(status: status, body: ByteBuffer(string: json))
  }

  /// A response whose body is JSON bytes already rendered.
  static func make(status: HTTPResponse.Status, body: ByteBuffer) -> Response {
    Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
  }

  /// Made once: a header's value is checked for forbidden bytes whenever a field is made.
  private static let headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
}
