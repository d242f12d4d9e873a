import Foundation
import Testing

/// `octoreact serve` as a process, configured from its environment: `OCTOREACT_LOG_FORMAT=json` makes every
/// line on standard error a JSON object, one per request among them.
@Suite(.timeLimit(.minutes(2)))
struct ServeRequestLogTests {
  @Test func jsonLinesFromTheEnvironmentWithOneLinePerRequest() async throws {
    let server = try await ServerProcess(
      arguments: ["--log-level", "debug"], environment: ["OCTOREACT_LOG_FORMAT": "json"], keepStandardError: true)
    try await RawConnection.with(port: server.port) { connection in
      try await connection.send("GET /users/nobody?access_token=secret-token HTTP/1.1\r\nHost: localhost\r\n\r\n")
      #expect(await connection.read(until: "Not Found"))
    }
    server.signal(SIGTERM)
    #expect(await server.waitForExit(bound: .seconds(30)))

    let text = try String(contentsOf: server.standardErrorFile, encoding: .utf8)
    let objects = try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String], "\($0)")
    }
    #expect(objects.contains { $0["message"] == "Starting" })
    let requests = objects.filter { $0["message"] == "Request" }
    #expect(requests.count == 1)
    let request = try #require(requests.first)
    #expect(request["http.method"] == "GET")
    #expect(request["http.path"] == "/users/nobody")
    #expect(request["http.status"] == "404")
    #expect(request["hb.request.id"]?.isEmpty == false)
    #expect(request["duration_ms"].flatMap(Double.init) != nil)
    #expect(request["level"] == "debug" && request["label"] == "octoreact")
    #expect(!text.contains("secret-token"))
  }
}
