import NIOCore
import NIOPosix
import Synchronization

/// What a raw connection received before it ended.
struct RawReply {
  /// Every byte the server sent, as text.
  var text: String
  /// Every byte the server sent.
  var bytes: [UInt8]
  /// The server closed (or reset) the connection; `false` when the test's safety bound closed it instead.
  var closedByServer: Bool
  /// From before the connection was opened to its end: at least as long as any deadline the server
  /// armed on it (a deadline starts at the accept or later), however late this client was scheduled.
  var elapsed: Duration

  /// The status code of the first response, or `nil` when nothing was answered.
  var firstStatus: Int? {
    guard text.hasPrefix("HTTP/1.1 "), text.utf8.count >= 12 else { return nil }
    return Int(text.dropFirst(9).prefix(3))
  }

  /// The status codes of every response in the reply, in order.
  var statuses: [Int] {
    text.split(separator: "HTTP/1.1 ", omittingEmptySubsequences: true).compactMap { Int($0.prefix(3)) }
  }
}

/// A TCP connection to a server on loopback that sends bytes exactly as given: the test client for
/// the HTTP parser and the connection timeouts, which a well-behaved HTTP client cannot exercise.
final class RawConnection {
  let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
  let channel: any Channel
  /// When the test began to connect.
  private let opened: ContinuousClock.Instant
  private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
  private var ended = false
  /// Everything received so far.
  private(set) var received = ByteBuffer()

  private init(
    inbound: NIOAsyncChannelInboundStream<ByteBuffer>, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
    channel: any Channel, opened: ContinuousClock.Instant
  ) {
    self.opened = opened
    self.inbound = inbound.makeAsyncIterator()
    self.outbound = outbound
    self.channel = channel
  }

  /// Runs `body` with a fresh connection to `127.0.0.1:port`, closed afterwards.
  static func with<T: Sendable>(
    port: Int, _ body: (RawConnection) async throws -> T
  ) async throws -> T {
    let opened = ContinuousClock.now
    let asyncChannel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .channelOption(.allowRemoteHalfClosure, value: true)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
    return try await asyncChannel.executeThenClose { inbound, outbound in
      try await body(RawConnection(inbound: inbound, outbound: outbound, channel: asyncChannel.channel, opened: opened))
    }
  }

  func send(_ text: String) async throws {
    try await outbound.write(ByteBuffer(string: text))
  }

  func send(bytes: [UInt8]) async throws {
    try await outbound.write(ByteBuffer(bytes: bytes))
  }

  /// Reads until what was received contains `text`; `false` if the connection ended first.
  func read(until text: String) async -> Bool {
    while !String(buffer: received).contains(text) {
      guard await readMore() else { return false }
    }
    return true
  }

  /// Reads until the server ends the connection. `bound` is a safety net so that a server that never
  /// closes fails the test instead of hanging it; it is not the timing under test.
  func readToEnd(bound: Duration = .seconds(10)) async -> RawReply {
    let boundHit = Mutex(false)
    let channel = self.channel
    let watchdog = Task {
      try await Task.sleep(for: bound)
      boundHit.withLock { $0 = true }
      channel.close(promise: nil)
    }
    while await readMore() {}
    watchdog.cancel()
    return RawReply(
      text: String(buffer: received), bytes: Array(received.readableBytesView), closedByServer: !boundHit.withLock { $0 }, elapsed: ContinuousClock.now - opened)
  }

  /// Appends the next read to `received`; `false` once the connection has ended (closed or reset).
  private func readMore() async -> Bool {
    guard !ended else { return false }
    do {
      if var buffer = try await inbound.next() {
        received.writeBuffer(&buffer)
        return true
      }
    } catch {
      // A reset is an end too.
    }
    ended = true
    return false
  }
}
