import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOEmbedded
import Testing
@testable import WebApp

/// The write deadline: its handler in virtual time, and a real server whose client has a tiny receive
/// buffer, asks for megabytes and never reads. The rule alone is in `WriteDeadlineStateMachineTests`.
@Suite(.timeLimit(.minutes(2)))
struct WriteDeadlineTests {
  /// Pipelined searches of 100 results (21 KB) each: 8 MB of responses, more than the kernel's buffers
  /// (a send buffer grows to 4 MB) and NIO's 64 KiB high-water mark hold, for 30 KB of requests.
  static let requestCount = 400

  @Test func theHandlerClosesAChannelStuckForTheTimeoutAndNotOneThatDrainedMeanwhile() throws {
    let channel = EmbeddedChannel(handler: WriteDeadlineHandler(timeout: .seconds(30)))
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    func stuck(_ isStuck: Bool) {
      channel.isWritable = !isStuck
      channel.pipeline.fireChannelWritabilityChanged()
    }
    stuck(true)
    channel.embeddedEventLoop.advanceTime(by: .seconds(29))
    stuck(false)  // the client read some
    channel.embeddedEventLoop.advanceTime(by: .seconds(60))
    #expect(channel.isActive)

    stuck(true)
    channel.embeddedEventLoop.advanceTime(by: .seconds(29))
    #expect(channel.isActive)
    channel.embeddedEventLoop.advanceTime(by: .seconds(1))
    #expect(!channel.isActive)
  }

  @Test func aClientThatStopsReadingIsClosedAfterTheWriteTimeout() async throws {
    var configuration = AppConfiguration.testDefault
    // The idle and head deadlines are far beyond the test's bound, so only the write deadline can close.
    configuration.connectionLimits = ConnectionLimits(
      idleTimeout: .seconds(60), headTimeout: .seconds(60), bodyTimeout: .seconds(60),
      writeTimeout: .milliseconds(200))
    // One connection per client: a second one is served only once the server has closed the first.
    configuration.rateLimits.connectionsPerClient = 1
    let app = try await TestApp.withRepositories(
      (1...100).map { "owner\($0)/swift-\($0)" }, configuration: configuration)
    try await app.application().test(.live) { client in
      let port = try #require(client.port)
      let stuck = try await onOwnThread {
        let socket = try BlockingSocket(port: port, source: "127.0.0.4", receiveBuffer: 4096)
        try socket.write(
          String(
            repeating: "GET /search/repositories?q=swift&per_page=100 HTTP/1.1\r\nHost: localhost\r\n\r\n",
            count: Self.requestCount))
        // Answered, so admitted: no probe below can take its place.
        guard socket.waitUntilReadable(bound: .seconds(30)) else { throw SocketError(operation: "answer", code: 0) }
        return SendableSockets([socket])
      }
      // Not reading until the server has given up: however slow the server is to stall, the client never
      // drains it early. The bound is the test's safety net: without the deadline nothing closes for 60 s.
      var closedFirst = false
      let giveUp = ContinuousClock.now + .seconds(50)
      while !closedFirst && ContinuousClock.now < giveUp {
        closedFirst = try await onOwnThread {
          let probe = try BlockingSocket(port: port, source: "127.0.0.4")
          try? probe.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
          return probe.readToEnd(bound: .seconds(10)).text.hasPrefix("HTTP/1.1 200")
        }
        if !closedFirst { try await Task.sleep(for: .milliseconds(50)) }
      }
      #expect(closedFirst, "the stuck connection was still open after 50 s")
      // What the kernel had taken before the close, then the end.
      let reply = try await onOwnThread { stuck.sockets[0].readToEnd(bound: .seconds(20)) }
      let statuses = reply.text.components(separatedBy: "HTTP/1.1 200").count - 1
      #expect(reply.closedByServer)  // not the reply itself: megabytes in a failure message
      #expect(statuses >= 1 && statuses < Self.requestCount, "\(statuses) responses: all, or none")
    }
  }
}
