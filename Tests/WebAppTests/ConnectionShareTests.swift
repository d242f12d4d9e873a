import Foundation
import HummingbirdTesting
import NIOCore
import Testing
@testable import WebApp

/// Each client's share of the connections: a pure table, and a real server on loopback where clients are
/// distinct loopback addresses.
struct ConnectionShareTableTests {
  @Test func aClientGetsItsShareAndNoMoreWhileOthersGetTheirs() {
    var table = ConnectionShareTable(share: 2)
    let opened = [table.open("a"), table.open("a"), table.open("a"), table.open("b")]
    #expect(opened == [true, true, false, true])
    table.close("a")
    let again = table.open("a")
    #expect(again)
  }

  @Test func aClientWithNoConnectionLeavesNoEntry() {
    var table = ConnectionShareTable(share: 3)
    _ = table.open("a")
    table.close("a")
    table.close("a")
    #expect(table.open.isEmpty)
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ConnectionShareTests {
  /// One client holding its share of idle connections gets its next one closed unread; another client
  /// is served meanwhile, and the first is served again once it lets one go.
  @Test func aClientOverItsShareIsClosedAndOthersAreServed() async throws {
    var configuration = try TestApp().configuration
    configuration.rateLimits.connectionsPerClient = 3
    try await TestApp(configuration: configuration).application().test(.live) { client in
      let port = try #require(client.port)
      let request = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"
      let lastRequest = "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
      // The three are accepted and counted before the fourth: each answers a request, then stays open.
      let held = try await onOwnThread {
        let held = try (0..<3).map { _ in try BlockingSocket(port: port, source: "127.0.0.2") }
        for socket in held {
          try socket.write(request)
          guard socket.waitUntilReadable(bound: .seconds(10)) else { throw SocketError(operation: "answer", code: 0) }
        }
        return SendableSockets(held)
      }
      let refused = try await onOwnThread {
        let over = try BlockingSocket(port: port, source: "127.0.0.2")
        try? over.write(request)
        return over.readToEnd(bound: .seconds(10))
      }
      #expect(refused.closedByServer && refused.text.isEmpty, "got \(refused.text.prefix(80))")

      let other = try await onOwnThread {
        let other = try BlockingSocket(port: port, source: "127.0.0.3")
        try other.write(lastRequest)
        return other.readToEnd(bound: .seconds(10)).text
      }
      #expect(other.hasPrefix("HTTP/1.1 200"))

      held.sockets.last?.disconnect()
      // The server counts the closed connection off when it sees the close: the next one may race it.
      var served = false
      for _ in 0..<50 where !served {
        served = try await onOwnThread {
          let again = try BlockingSocket(port: port, source: "127.0.0.2")
          try? again.write(lastRequest)
          return again.readToEnd(bound: .seconds(10)).text.hasPrefix("HTTP/1.1 200")
        }
        if !served { try await Task.sleep(for: .milliseconds(20)) }
      }
      #expect(served)
      held.sockets.forEach { $0.disconnect() }
    }
  }
}
