import AccountStore
import Hummingbird
import RepositoryIndex

/// `GET|HEAD /healthz` and `GET|HEAD /readyz`: whether the process is alive, and whether it should be
/// sent traffic, for a load balancer or an orchestrator.
///
/// **Contract:** `/healthz` touches no database. `/readyz` speaks for this instance: `503` while draining
/// (``DrainState``) or when a part of its own failed, named but never with a path or an error's text. An
/// outage of a database every instance shares keeps `200` with `degraded`: taking every instance out of
/// the balancer would also take the pages that work without it. Not rate-limited, as probes come often
/// from a balancer's few addresses; a probe does not renew its connection's idle deadline.
struct HealthController: Sendable {
  let accounts: AccountStore
  let index: RepositoryIndex
  let drain: DrainState

  func addRoutes(to router: some RouterMethods<AppRequestContext>) {
    router.getAndHead("/healthz") { _, _ in Self.answer(.ok, #"{"status":"ok"}"#) }
    router.getAndHead("/readyz") { _, _ in await readiness() }
  }

  private func readiness() async -> Response {
    if drain.isDraining { return Self.answer(.serviceUnavailable, #"{"status":"draining"}"#) }
    var reasons: [String] = []
    var degraded: [String] = []
    do {
      try await accounts.checkReadable()
    } catch {
      if accounts.isSharedDatabase { degraded.append("accounts database unavailable") } else {
        reasons.append("accounts database unavailable")
      }
    }
    do { try await index.checkReadable() } catch { reasons.append("repository index unavailable") }
    guard reasons.isEmpty else {
      return Self.answer(.serviceUnavailable, #"{"status":"unavailable","reasons":"# + Self.list(reasons) + "}")
    }
    if !degraded.isEmpty { return Self.answer(.ok, #"{"status":"ok","degraded":"# + Self.list(degraded) + "}") }
    return Self.answer(.ok, #"{"status":"ok"}"#)
  }

  /// Fixed texts, never user input: nothing to escape.
  private static func list(_ texts: [String]) -> String {
    "[" + texts.map { "\"\($0)\"" }.joined(separator: ",") + "]"
  }

  private static func answer(_ status: HTTPResponse.Status, _ json: String) -> Response {
    var response = JSONResponse.make(status: status, json: json)
    response.headers[.cacheControl] = "no-store"
    return response
  }
}
