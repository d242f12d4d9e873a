import Hummingbird
import NIOCore

/// JSON responses with GitHub's content type.
enum JSONResponse {
  static func make(status: HTTPResponse.Status, json: String) -> Response {
    make(status: status, body: ByteBuffer(string: json))
  }

  static func make(status: HTTPResponse.Status, body: ByteBuffer) -> Response {
    Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
  }

  /// Made once: a header's value is checked for forbidden bytes whenever a field is made.
  private static let headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
}
