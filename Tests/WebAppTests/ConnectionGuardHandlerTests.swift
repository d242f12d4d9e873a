import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import WebApp

/// The guard between NIO's decoder and the application: which deadline each read burst leaves armed, and
/// its release with the connection. The deadlines' expiries are tested in virtual time in
/// `ConnectionGuardStateMachineTests` and on a real server in `ConnectionGuardTests`.
@Suite struct ConnectionGuardHandlerTests {
  /// A channel with NIO's encoder and decoder in front of a guard, connected.
  func makeChannel(_ connectionGuard: ConnectionGuardHandler) throws -> EmbeddedChannel {
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandler(HTTPResponseEncoder())
    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder()))
    try channel.pipeline.syncOperations.addHandler(connectionGuard)
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    return channel
  }

  @Test func aBurstWithHalfAHeadStartsTheHeadDeadline() throws {
    let connectionGuard = ConnectionGuardHandler(limits: ConnectionLimits(), bodyRule: RequestBodyRule(maxBytes: 1024))
    let channel = try makeChannel(connectionGuard)
    #expect(connectionGuard.armedDeadline == .idle)

    try channel.writeInbound(ByteBuffer(string: "GET /users/octocat HTTP/1.1\r\nHost: loc"))

    #expect(connectionGuard.armedDeadline == .head)
    _ = try? channel.finish(acceptAlreadyClosed: true)
  }

  @Test func aRequestArrivingWholeIsAnsweredWithoutADeadline() throws {
    let connectionGuard = ConnectionGuardHandler(limits: ConnectionLimits(), bodyRule: RequestBodyRule(maxBytes: 1024))
    let channel = try makeChannel(connectionGuard)

    try channel.writeInbound(ByteBuffer(string: "GET /users/octocat HTTP/1.1\r\nHost: localhost\r\n\r\n"))

    #expect(connectionGuard.armedDeadline == nil)  // being answered: no read to time
    _ = try? channel.finish(acceptAlreadyClosed: true)
  }

  @Test func theBurstEndingARequestAnsweredBeforeItsBodyLeavesTheIdleDeadline() throws {
    let connectionGuard = ConnectionGuardHandler(limits: ConnectionLimits(), bodyRule: RequestBodyRule(maxBytes: 1024))
    let channel = try makeChannel(connectionGuard)
    try channel.writeInbound(ByteBuffer(string: "POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\n"))
    // Answered before its body was read, as a route that ignores the body answers.
    try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .notFound)))
    try channel.writeOutbound(HTTPServerResponsePart.end(nil))

    try channel.writeInbound(ByteBuffer(string: "hello"))

    // Those bytes were the answered request's, not the next one's first: its head is not being timed.
    #expect(connectionGuard.armedDeadline == .idle)
    _ = try? channel.finish(acceptAlreadyClosed: true)
  }

  @Test func theGuardIsReleasedWhenTheConnectionCloses() throws {
    weak var released: ConnectionGuardHandler?
    let channel: EmbeddedChannel
    do {
      let connectionGuard = ConnectionGuardHandler(limits: ConnectionLimits(), bodyRule: RequestBodyRule(maxBytes: 1024))
      released = connectionGuard
      channel = try makeChannel(connectionGuard)
    }
    try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n"))  // half a head: a deadline is armed
    #expect(released != nil)
    _ = try channel.finish(acceptAlreadyClosed: true)
    #expect(released == nil)
  }
}
