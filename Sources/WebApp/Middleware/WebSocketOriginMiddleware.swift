import Hummingbird

/// Refuses a WebSocket upgrade from a page of another site with `403`, before the upgrade.
///
/// **On the wire:** hummingbird-websocket (2.8.1) answers every upgrade its router refuses with a bare
/// `400` and `Connection: close`, whatever the router's response; the `403` and its message are seen
/// only through the router (tests). The socket is refused either way, before any WebSocket exists.
///
/// Browsers send `Origin` with every WebSocket handshake and let any page open a socket to any server,
/// so without this check another site's page could drive a visitor's signup. Requests without a
/// browser's `Origin` pass; see ``PublicAddress/allowsOrigin(_:)``.
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
