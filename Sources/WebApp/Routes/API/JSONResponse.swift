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
    let data = try encoder.encode(value)
    return Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
    )
  }
}
