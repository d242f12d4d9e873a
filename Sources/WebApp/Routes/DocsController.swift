import Foundation
import Hummingbird
import Logging

/// `GET|HEAD /docs/…`: the runtime's DocC documentation, when `scripts/build-docs` has built it.
///
/// **Contract:** the archive is looked for once, under the current directory (the repository root for
/// `swift run octoreact`); without it `/docs` is the ordinary 404 page. Nothing outside the archive is
/// reachable: `FileMiddleware` refuses paths that climb out of its folder.
struct DocsController: Sendable {
  /// Where `scripts/build-docs` writes the archive.
  var archive = FileManager.default.currentDirectoryPath + "/.build-docs/Octoreact.doccarchive"
  let logger: Logger

  func addRoutes(to router: Router<AppRequestContext>) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: archive, isDirectory: &isFolder), isFolder.boolValue else { return }
    logger.info("Serving the documentation at /docs", metadata: ["archive": "\(archive)"])
    router.group("docs")
      .add(middleware: BasePathRedirectMiddleware())
      .add(middleware: FileMiddleware(archive, urlBasePath: "/docs", searchForIndexHtml: true, logger: logger))
      .on("**", method: .get) { _, _ -> Response in throw HTTPError(.notFound) }
      .on("**", method: .head) { _, _ -> Response in throw HTTPError(.notFound) }
    router.on("/docs", method: .get) { _, _ in Response.redirect(to: "/docs/documentation/", type: .normal) }
  }
}

/// Puts `/docs` back in front of `FileMiddleware`'s redirects to a folder's trailing slash (DocC's own
/// links lack it), which it forms from the path below its base path.
private struct BasePathRedirectMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    var response = try await next(request, context)
    if response.status == .movedPermanently, let location = response.headers[.location], location.hasPrefix("/"),
      !location.hasPrefix("/docs/")
    {
      response.headers[.location] = "/docs" + location
    }
    return response
  }
}
