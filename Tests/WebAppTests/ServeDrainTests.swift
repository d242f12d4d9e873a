import Foundation
import HummingbirdWSClient
import Logging
import NIOWebSocket
import Testing

/// `octoreact serve` as a process: SIGTERM drains it before it stops (issue 14, item 4).
@Suite(.timeLimit(.minutes(2)))
struct ServeDrainTests {
  /// The live page gets `1001` (going away), not Hummingbird's `1000`, then the process exits cleanly.
  ///
  /// `/readyz` answering `draining` is shown over HTTP in `HealthTests`, and that a shutdown starts the
  /// drain in `DrainShutdownTests`. Not here: the window between the drain and the end of accepting is
  /// too short to probe without a race, and a request whose head is incomplete at the signal is closed
  /// (`ServeShutdownTests`).
  @Test func sigtermSendsLivePagesAwayWith1001() async throws {
    let server = try await ServerProcess(arguments: ["--shutdown-grace", "5"])
    var logger = Logger(label: "octoreact-test")
    logger.logLevel = .warning
    let close = try await WebSocketClient.connect(url: "ws://127.0.0.1:\(server.port)/live/signup", logger: logger) {
      inbound, _, _ in
      var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
      // The first state proves the page's session runs.
      _ = try await messages.next()
      server.signal(SIGTERM)
      while try await messages.next() != nil {}
    }
    #expect(close?.closeCode == .goingAway)
    #expect(await server.waitForExit(bound: .seconds(30)))
    #expect(server.exitStatus == 0)
  }
}
