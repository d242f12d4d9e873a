import Hummingbird

/// Refuses a WebSocket upgrade from a page of another site (``PublicAddress/allowsOrigin(_:)``): a browser lets any
/// page open a socket to any server, so another site's page could drive a visitor's signup. hummingbird-websocket 2.8.1
/// answers any refused upgrade with a bare `400` on the wire; the `403` shows only through the router (tests).
struct WebSocketOriginMiddleware<Context: RequestContext>: RouterMiddleware {
  let publicAddress: PublicAddress

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    let isUpgrade = request.headers[values: .upgrade].contains { $0.lowercased().contains("websocket") }
    // Every `Origin` given must be allowed (a browser sends one; a client library may add its own).
    guard isUpgrade, !request.headers[values: .origin].allSatisfy({ publicAddress.allowsOrigin($0) }) else {
      return try await next(request, context)
    }
    throw APIError(status: .forbidden, message: "Cross-site WebSocket refused: this origin may not open live pages")
  }
}
