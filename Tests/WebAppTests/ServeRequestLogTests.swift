import Foundation
import Testing

/// `octoreact serve` as a process, configured from its environment: `OCTOREACT_LOG_FORMAT=json` makes every
/// line on standard error a JSON object, one per request among them, at `info`; every line reaches standard
/// error by the time the process has exited (the log writer is flushed on shutdown).
@Suite(.timeLimit(.minutes(2)))
struct ServeRequestLogTests {
  @Test func jsonLinesFromTheEnvironmentWithOneLinePerRequest() async throws {
    let server = try await ServerProcess(
      arguments: ["--log-level", "info"], environment: ["OCTOREACT_LOG_FORMAT": "json"], keepStandardError: true)
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
    #expect(request["level"] == "info" && request["label"] == "octoreact")
    #expect(!text.contains("secret-token"))
  }

  @Test func everyRequestLineIsWrittenByExitInTheTextFormat() async throws {
    let server = try await ServerProcess(arguments: ["--log-level", "info"], keepStandardError: true)
    let count = 300
    try await RawConnection.with(port: server.port) { connection in
      // Pipelined on one connection; the last one closes it, so the reply ends when all are answered.
      for number in 0..<count {
        let close = number == count - 1 ? "Connection: close\r\n" : ""
        try await connection.send("GET /users/nobody\(number) HTTP/1.1\r\nHost: localhost\r\n\(close)\r\n")
      }
      let reply = await connection.readToEnd()
      #expect(reply.text.components(separatedBy: "HTTP/1.1 404").count - 1 == count)
    }
    server.signal(SIGTERM)
    #expect(await server.waitForExit(bound: .seconds(30)))

    let lines = try String(contentsOf: server.standardErrorFile, encoding: .utf8).split(separator: "\n")
    let requests = lines.filter { $0.hasSuffix("[WebApp] Request") && $0.contains(" info octoreact: ") }
    #expect(requests.count == count)
    #expect(requests.last?.contains("http.path=/users/nobody\(count - 1) ") == true)
    // Logged just before the process ends: only the log writer's flush on exit writes it.
    #expect(lines.last?.hasSuffix("[octoreact] Stopped") == true)
  }
}
