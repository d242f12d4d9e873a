import Hummingbird
import SignupFeature

/// `GET /` and `GET /signup`: server-rendered HTML.
struct PagesController: Sendable {
  func addRoutes(to router: Router<some RequestContext>) {
    router.get("/") { _, _ in Self.html(HomePage().html) }
    router.get("signup") { request, _ in
      let page = try PageRequest(request)
      return Self.html(SignupPage(request: page, state: SignupScreenState()).html)
    }
  }

  static func html(_ text: String) -> Response {
    Response(
      status: .ok,
      headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text))
    )
  }
}
