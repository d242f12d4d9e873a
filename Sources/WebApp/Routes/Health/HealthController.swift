import AccountStore
import Hummingbird
import RepositoryIndex

/// `GET|HEAD /healthz` and `GET|HEAD /readyz`: whether the process is alive, and whether it should be
/// sent traffic, for a load balancer or an orchestrator.
///
/// **Contract:** `/healthz` answers `200` `{"status":"ok"}` while the process serves HTTP at all and
/// touches no database. `/readyz` answers `200` `{"status":"ok"}` when the accounts database answers
/// a read and the repository index is open; `503` `{"status":"draining"}` once a graceful shutdown
/// began (``DrainState``); otherwise `503` `{"status":"unavailable","reasons":[…]}` naming the parts
/// that failed, never a path or an error's text. Both are JSON, `cache-control: no-store`, and not
/// rate-limited: probes come often, from the balancer's few addresses.
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
    do { try await accounts.checkReadable() } catch { reasons.append("accounts database unavailable") }
    do { try await index.checkReadable() } catch { reasons.append("repository index unavailable") }
    guard reasons.isEmpty else {
      let list = reasons.map { "\"\($0)\"" }.joined(separator: ",")
      return Self.answer(.serviceUnavailable, #"{"status":"unavailable","reasons":["# + list + "]}")
    }
    return Self.answer(.ok, #"{"status":"ok"}"#)
  }

  private static func answer(_ status: HTTPResponse.Status, _ json: String) -> Response {
    var response = JSONResponse.make(status: status, json: json)
    response.headers[.cacheControl] = "no-store"
    return response
  }
}
