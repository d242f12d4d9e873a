import AccountStore
import Clocks
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import RepositoryIndex
import Synchronization
import Testing
@testable import WebApp

/// What a live connection costs a hostile or careless client, on a real server: a flood of bad
/// frames is closed and its log bounded, and a closed connection leaves nothing behind.
@Suite(.timeLimit(.minutes(1)))
struct LiveConnectionLimitsTests {
  @Test(arguments: ["/live/signup", "/live/search"])
  func aFloodOfBadFramesIsClosedWithAPolicyViolationAndItsLogIsBounded(_ path: String) async throws {
    let log = CapturedLog()
    let clock = TestClock()
    var configuration = try TestApp().configuration
    configuration.liveMessageRefusals = WindowLimit(20, per: .seconds(60))
    configuration.logLineLimit = WindowLimit(10, per: .seconds(60))
    let app = try TestApp(configuration: configuration)
    let application = app.application(clock: clock, logger: log.logger(level: .info))
    let received = Mutex<[String]>([])
    try await application.test(.live) { client in
      let close = try await client.ws(path) { inbound, outbound, _ in
        // Far more bad frames than the limit, without waiting for the answers.
        for _ in 0..<500 { try await outbound.write(.text("not json")) }
        for try await message in inbound.messages(maxSize: 1 << 20) {
          if case .text(let text) = message { received.withLock { $0.append(text) } }
        }
      }
      #expect(close?.closeCode == .policyViolation)
    }
    let messages = received.withLock { $0 }
    #expect(messages.last?.contains("Too many refused messages (more than 20 per 60 seconds)") == true)
    #expect(messages.filter { $0.contains("not a JSON object") }.count <= 20)
    // 20 refusals and the close, of which the log wrote 10 and the close line.
    #expect(log.lines(saying: "Refused a live page message").count == 10)
    #expect(log.lines(saying: "Closed a live page that sent too many refused messages").count == 1)
    await clock.advance(by: .seconds(60))
    await log.first { $0.message == "Suppressed 10 similar log lines" }
    #expect(Dictionary(grouping: log.lines, by: \.message).values.allSatisfy { $0.count <= 10 })
  }

  @Test func refusalsUnderTheLimitLeaveTheConnectionOpen() async throws {
    var configuration = try TestApp().configuration
    configuration.liveMessageRefusals = WindowLimit(3, per: .seconds(60))
    try await withLivePage("/live/signup", of: try TestApp(configuration: configuration), receiving: LiveMessage.self) {
      send, inbox in
      for _ in 0..<3 { try await send("not json") }
      try await send(event("passwordChanged", "abcdef"))
      await inbox.first { $0.password?.message == "Password acceptable" }
      #expect(inbox.received.filter(\.isError).count == 3)
    }
  }
}

extension LiveConnectionLimitsTests {
  /// A page that sends faster than its session's rate has the rest dropped, unanswered and counted; the
  /// messages within the rate are served. The clock stands still, so the burst is all there is.
  @Test func messagesBeyondASessionsRateAreDroppedAndCounted() async throws {
    var configuration = try TestApp().configuration
    configuration.rateLimits.liveMessages = TokenBucketLimit(burst: 5, perSecond: 1)
    let app = try TestApp(configuration: configuration)
    try await app.application(clock: TestClock()).test(.live) { client in
      _ = try await client.ws("/live/signup?engine=mvvm") { inbound, outbound, _ in
        // Five that the bucket takes, then fifteen it drops (fewer than the 20 refusals that close the
        // socket); the last of the five is the one shown.
        for length in 1...5 { try await outbound.write(.text(event("passwordChanged", String(repeating: "x", count: length)))) }
        for _ in 0..<15 { try await outbound.write(.text("not json")) }
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .text(let text) = message else { continue }
          #expect(!text.contains("\"error\""), "a dropped message is not answered")
          if text.contains("Password acceptable") { break }
        }
        var metrics = try await MetricsTests.scrape(client)
        // The drops happen after the five were served: wait for the counter to reach them all.
        for _ in 0..<500 where metrics.value("live_messages_dropped_total", ["screen": "signup", "engine": "mvvm"]) != 15 {
          try await Task.sleep(for: .milliseconds(10))
          metrics = try await MetricsTests.scrape(client)
        }
        #expect(metrics.value("live_messages_dropped_total", ["screen": "signup", "engine": "mvvm"]) == 15)
        #expect(metrics.value("live_actions_total", ["screen": "signup", "engine": "mvvm"]) == 5)
      }
    }
  }
}

extension LiveConnectionLimitsTests {
  /// A client that keeps outrunning the bucket is not a page: its drops count as refused messages, and
  /// past the refusal limit the socket is closed with 1008. The clock stands still.
  @Test func aFloodBeyondTheRateIsClosedAtTheRefusalLimit() async throws {
    var configuration = try TestApp().configuration
    configuration.rateLimits.liveMessages = TokenBucketLimit(burst: 5, perSecond: 1)
    configuration.liveMessageRefusals = WindowLimit(20, per: .seconds(60))
    let app = try TestApp(configuration: configuration)
    try await app.application(clock: TestClock()).test(.live) { client in
      let close = try await client.ws("/live/signup") { inbound, outbound, _ in
        for _ in 0..<500 { try await outbound.write(.text(event("passwordChanged", "abcdef"))) }
        for try await _ in inbound.messages(maxSize: 1 << 20) {}
      }
      #expect(close?.closeCode == .policyViolation)
    }
  }

  /// RFC 6455 §8.1: a text message that is not UTF-8 fails the connection with 1007; it used to be
  /// repaired into U+FFFD and read.
  @Test(arguments: ["/live/signup", "/live/search"])
  func aTextMessageThatIsNotUTF8ClosesTheConnectionWith1007(_ path: String) async throws {
    try await TestApp().application().test(.live) { client in
      let close = try await client.ws(path) { inbound, outbound, _ in
        let bytes = Array(#"{"type":"query","value":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: bytes))))
        for try await _ in inbound.messages(maxSize: 1 << 20) {}
      }
      #expect(close?.closeCode == .dataInconsistentWithMessage)
    }
  }
}
