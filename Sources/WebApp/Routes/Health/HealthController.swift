import AccountStore
import Hummingbird
import RepositoryIndex

/// `GET|HEAD /healthz` and `GET|HEAD /readyz`: whether the process is alive, and whether it should be
/// sent traffic, for a load balancer or an orchestrator.
///
/// **Contract:** `/healthz` answers `200` `{"status":"ok"}` while the process serves HTTP at all and
/// touches no database. `/readyz` speaks for this instance: `200` `{"status":"ok"}` when the accounts
/// database answers a read and the repository index is open; `503` `{"status":"draining"}` once a graceful
/// shutdown began (``DrainState``); `503` `{"status":"unavailable","reasons":[…]}` naming the parts of its
/// own that failed (the index, an account file of its own), never a path or an error's text. An outage of a
/// database every instance shares (PostgreSQL) is named but keeps `200`: `{"status":"ok","degraded":[…]}`, since
/// taking every instance out of the balancer at once would also take the pages and search that work without
/// it; the routes needing it answer `503` at once meanwhile (the pool fails fast). Both are JSON,
/// `cache-control: no-store`, and not rate-limited: probes come often, from the balancer's few addresses.
/// Nor do they hold a connection: a probe does not renew its connection's idle deadline
/// (`ConnectionGuardStateMachine`), so a client cannot keep a connection open with one a minute.
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

  /// A JSON array of fixed texts (never user input, so nothing to escape).
  private static func list(_ texts: [String]) -> String {
    "[" + texts.map { "\"\($0)\"" }.joined(separator: ",") + "]"
  }

  private static func answer(_ status: HTTPResponse.Status, _ json: String) -> Response {
    var response = JSONResponse.make(status: status, json: json)
    response.headers[.cacheControl] = "no-store"
    return response
  }
}
