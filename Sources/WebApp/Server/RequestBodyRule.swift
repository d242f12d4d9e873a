import NIOHTTP1

/// Which request bodies are refused with `413` and a close at the head, before a byte is read, so a
/// client cannot make the server read a body it will never use: a body on `GET` or `HEAD` (no route
/// reads one), and any declared body longer than the longest a route accepts.
struct RequestBodyRule: Sendable, Equatable {
  /// `POST /users`'s limit.
  let maxBytes: Int

  /// The status to answer `head` with at once, or `nil` to let it through.
  func refusal(of head: HTTPRequestHead) -> Int? {
    let declaredLength = head.headers.first(name: "content-length").flatMap { Int($0) }
    switch head.method {
    case .GET, .HEAD:
      let hasBody = (declaredLength ?? 0) > 0 || head.headers.contains(name: "transfer-encoding")
      return hasBody ? 413 : nil
    default:
      return (declaredLength ?? 0) > maxBytes ? 413 : nil
    }
  }
}
