import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOWebSocket
import Synchronization
import Testing
@testable import WebApp

/// RFC 6455's rules on a real server: a client's frame must be masked, and a live page that says nothing
/// for the idle timeout is closed, however many pings keep its socket alive.
///
/// The idle tests use real timers with a short timeout and assert only what a timer guarantees: the close
/// comes, with its code, and not before the timeout (the rule itself is in `SilenceDeadlineTests`).
@Suite(.timeLimit(.minutes(1)))
struct WebSocketFrameRulesTests {
  static let upgrade =
    "GET /live/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

  func configuration(liveIdleTimeout: Duration = .seconds(300)) -> AppConfiguration {
    var configuration = AppConfiguration(port: 0, usernameThrottle: .zero, queryThrottle: .zero)
    configuration.connectionLimits.liveIdleTimeout = liveIdleTimeout
    return configuration
  }

  /// A text frame as a client must not send it: without a mask.
  static func unmaskedText(_ text: String) -> [UInt8] {
    let payload = Array(text.utf8)
    return [0x81, UInt8(payload.count)] + payload
  }

  @Test func anUnmaskedFrameClosesTheSocketWithAProtocolError() async throws {
    try await TestApp(configuration: configuration()).application().test(.live) { client in
      let port = try #require(client.port)
      let reply = try await RawConnection.with(port: port) { connection in
        try await connection.send(Self.upgrade)
        #expect(await connection.read(until: "\r\n\r\n"))
        try await connection.send(bytes: Self.unmaskedText(event("usernameChanged", "octocat")))
        return await connection.readToEnd()
      }
      #expect(reply.firstStatus == 101)
      // A close frame (0x88) of two bytes: 1002, protocol error.
      let closeFrame: [UInt8] = [0x88, 0x02, 0x03, 0xEA]
      #expect(reply.bytes.indices.contains { reply.bytes[$0...].starts(with: closeFrame) })
      #expect(reply.closedByServer)
    }
  }

  @Test func aSilentLivePageIsClosedAfterTheIdleTimeout() async throws {
    let timeout = Duration.milliseconds(500)
    try await TestApp(configuration: configuration(liveIdleTimeout: timeout)).application().test(.live) { client in
      let opened = ContinuousClock.now
      let close = try await client.ws("/live/signup") { inbound, _, _ in
        for try await _ in inbound.messages(maxSize: 1 << 20) {}
      }
      #expect(close?.closeCode == .normalClosure)
      #expect(close?.reason?.contains("No message") == true)
      #expect(ContinuousClock.now - opened >= timeout)
    }
  }

  /// The keep-alive is sent as soon as the socket opens (not after the first state, which a busy server
  /// may send late), so it reaches the server long before the deadline that runs from the opening.
  @Test func aMessageFromThePageMovesTheIdleDeadline() async throws {
    let timeout = Duration.seconds(2)
    try await TestApp(configuration: configuration(liveIdleTimeout: timeout)).application().test(.live) { client in
      let sent = LastSent(.now)
      let close = try await client.ws("/live/signup") { inbound, outbound, _ in
        try await outbound.write(.text(#"{"type":"keepAlive"}"#))
        sent.mark()
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .text(let text) = message else { continue }
          #expect(!text.contains("\"error\""), "the keep-alive is refused: \(text)")
        }
      }
      #expect(close?.closeCode == .normalClosure)
      #expect(ContinuousClock.now - sent.instant >= timeout)
    }
  }
}

/// When the test last sent a message.
private final class LastSent: Sendable {
  private let stored: Mutex<ContinuousClock.Instant>
  init(_ instant: ContinuousClock.Instant) { stored = Mutex(instant) }
  func mark() { stored.withLock { $0 = .now } }
  var instant: ContinuousClock.Instant { stored.withLock { $0 } }
}
