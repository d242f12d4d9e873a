import AsyncHTTPClient
import Hummingbird
import HummingbirdWSClient
import Logging
import NIOWebSocket
import ServiceLifecycle
import Testing
@testable import WebApp

/// A graceful shutdown, as SIGTERM starts it, drains the server (issue 14, item 4): live pages are
/// closed with `1001` (going away), so that they reconnect elsewhere, and `/readyz` answers `503`.
@Suite(.timeLimit(.minutes(1)))
struct DrainShutdownTests {
  @Test(arguments: ["/live/signup", "/live/search"])
  func aLivePageIsSentAwayWith1001(_ path: String) async throws {
    let app = try TestApp()
    let drain = DrainState()
    let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
    let application = buildApplication(
      app.configuration, accounts: app.accounts, index: app.index, httpClient: .shared, drain: drain,
      logger: TestApp.quietLogger, onServerRunning: { portSink.yield($0) })
    let group = ServiceGroup(
      configuration: type(of: application).serviceGroupConfiguration(
        application, shutdownGrace: .seconds(30), cancellationBound: .seconds(5), drain: drain, signals: [],
        logger: TestApp.quietLogger))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      var portIterator = ports.makeAsyncIterator()
      let port = try #require(await portIterator.next())
      let close = try await WebSocketClient.connect(url: "ws://localhost:\(port)\(path)", logger: TestApp.quietLogger) {
        inbound, _, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        // The first state proves the page's session runs; then SIGTERM, as far as the group can tell.
        _ = try await messages.next()
        await group.triggerGracefulShutdown()
        while try await messages.next() != nil {}
      }
      #expect(close?.closeCode == .goingAway)
      #expect(drain.isDraining)
      // The rest of the shutdown goes on as before: the group ends well within its grace period.
      try await tasks.waitForAll()
    }
  }
}
