import Foundation
import Testing

/// `octoreact serve` as a process: SIGTERM ends it within its grace period whatever clients do.
@Suite(.timeLimit(.minutes(2)))
struct ServeShutdownTests {
  @Test func sigtermEndsTheProcessWithinTheGracePeriodWhileAClientHoldsHalfARequest() async throws {
    let server = try await ServerProcess(arguments: ["--shutdown-grace", "1"])
    try await RawConnection.with(port: server.port) { held in
      // One write: a request whose answer proves the server is reading this connection, then a
      // request whose body never comes (its deadline, 30 s, is far beyond the grace period).
      try await held.send(
        "GET /users/nobody HTTP/1.1\r\nHost: localhost\r\n\r\n"
          + "POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
          + "Content-Length: 100\r\n\r\n{\"us"
      )
      #expect(await held.read(until: "Not Found"))
      try await RawConnection.with(port: server.port) { halfHead in
        try await halfHead.send("GET /users/nobody HTTP/1.1\r\nHo")
        let clock = ContinuousClock()
        let start = clock.now
        server.signal(SIGTERM)
        // The bound is the test's safety net; before this was fixed the process never exited here.
        #expect(await server.waitForExit(bound: .seconds(30)))
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(1) + .seconds(9), "exit took \(elapsed)")
        #expect(server.exitStatus == 0)
        #expect(await halfHead.readToEnd(bound: .seconds(5)).closedByServer)
      }
      #expect(await held.readToEnd(bound: .seconds(5)).closedByServer)
    }
  }
}
