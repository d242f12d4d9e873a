import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import WebApp

/// The register of open connections that a shutdown whose grace ran out closes.
struct OpenConnectionsTests {
  @Test func aConnectionLeavesTheRegisterWhenItClosesAndItsCallbackRuns() throws {
    let connections = OpenConnections()
    let closed = Mutex(0)
    let first = EmbeddedChannel()
    let second = EmbeddedChannel()
    connections.add(first) { closed.withLock { $0 += 1 } }
    connections.add(second) { closed.withLock { $0 += 1 } }
    #expect(connections.count == 2)

    try first.close().wait()
    first.embeddedEventLoop.run()
    #expect(connections.count == 1)
    #expect(closed.withLock { $0 } == 1)
    _ = try second.finish(acceptAlreadyClosed: true)
  }

  @Test func closeAllClosesEveryConnectionStillOpen() throws {
    let connections = OpenConnections()
    let channels = [EmbeddedChannel(), EmbeddedChannel(), EmbeddedChannel()]
    for channel in channels {
      try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
      connections.add(channel) {}
    }
    #expect(channels.allSatisfy { $0.isActive })

    connections.closeAll()
    for channel in channels { channel.embeddedEventLoop.run() }

    #expect(channels.allSatisfy { !$0.isActive })
    #expect(connections.count == 0)
  }
}
