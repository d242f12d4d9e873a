import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import WebApp

/// The guard and its probe refer to each other; the guard breaks that cycle when it leaves the pipeline.
@Suite struct ConnectionGuardReleaseTests {
  @Test func theGuardAndItsProbeAreReleasedWhenTheConnectionCloses() throws {
    weak var released: ConnectionGuardHandler?
    weak var releasedProbe: InboundBytesProbe?
    let channel = EmbeddedChannel()
    do {
      let connectionGuard = ConnectionGuardHandler(limits: ConnectionLimits())
      let probe = connectionGuard.makeProbe()
      released = connectionGuard
      releasedProbe = probe
      try channel.pipeline.syncOperations.addHandler(probe)
      try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder()))
      try channel.pipeline.syncOperations.addHandler(connectionGuard)
    }
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n"))  // half a head: the probe reports
    #expect(released != nil)
    _ = try channel.finish(acceptAlreadyClosed: true)
    #expect(released == nil)
    #expect(releasedProbe == nil)
  }
}
