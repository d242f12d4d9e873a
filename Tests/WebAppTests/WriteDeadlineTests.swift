import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

/// The write deadline on a real server: a client with a tiny receive buffer asks for megabytes and
/// never reads. The rule itself is tested in virtual time in `WriteDeadlineStateMachineTests`.
@Suite(.timeLimit(.minutes(1)))
struct WriteDeadlineTests {
  /// Pipelined searches of 100 results (21 KB) each: 8 MB of responses, more than the kernel's buffers
  /// (a send buffer grows to 4 MB) and NIO's 64 KiB high-water mark hold, for 30 KB of requests.
  static let requestCount = 400

  @Test func aClientThatStopsReadingIsClosedAfterTheWriteTimeout() async throws {
    var configuration = AppConfiguration.testDefault
    // The idle and head deadlines are far beyond the test's bound, so only the write deadline can close.
    configuration.connectionLimits = ConnectionLimits(
      idleTimeout: .seconds(60), headTimeout: .seconds(60), bodyTimeout: .seconds(60),
      writeTimeout: .milliseconds(200))
    let app = try await TestApp.withRepositories(
      (1...100).map { "owner\($0)/swift-\($0)" }, configuration: configuration)
    try await app.application().test(.live) { client in
      let socket = try BlockingSocket(port: try #require(client.port), receiveBuffer: 4096)
      try socket.write(
        String(
          repeating: "GET /search/repositories?q=swift&per_page=100 HTTP/1.1\r\nHost: localhost\r\n\r\n",
          count: Self.requestCount))
      // The server has started answering; the rest backs up behind a receive window of a few KiB.
      #expect(socket.waitUntilReadable(bound: .seconds(20)))
      // Not reading for ten times the write timeout; the deadline fires once the server's writes stall.
      try await Task.sleep(for: .seconds(2))
      // What the kernel still delivers after the close, then the end. The bound is the test's safety net:
      // without the write deadline every response arrives once this reads, then nothing closes for 60 s.
      let reply = socket.readToEnd(bound: .seconds(20))
      let statuses = reply.text.components(separatedBy: "HTTP/1.1 200").count - 1
      let closedByServer = reply.closedByServer  // not the reply itself: megabytes in a failure message
      #expect(closedByServer, "the connection was still open after \(statuses) responses")
      #expect(statuses < Self.requestCount, "all \(statuses) responses were written: the server never gave up")
    }
  }
}
