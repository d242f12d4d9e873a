import Foundation
import ScreenRecordings
import SignupFeature
import Testing
@testable import WebApp

/// An inspected live page on a real server, over a real socket: its events arrive beside its states, and its
/// recording, asked for as the panel's "Download recording" asks, replays as a test.
@Suite(.timeLimit(.minutes(1)))
struct LiveRecordingTests {
  /// A message the server sends a live Signup page: a state, an error, an `inspect` event or a recording.
  struct Message: Decodable, Sendable {
    let type: String
    /// An `inspect` message's events.
    struct Event: Decodable, Sendable {
      let lane: String
    }

    let message: String?
    let events: [Event]?
    let password: LiveMessage.Field?
    let repeatedPassword: LiveMessage.Field?
    let username: LiveMessage.Field?
  }

  /// The recording carried by the `recording` message among `texts`.
  static func recording(in texts: [String]) throws -> Data? {
    for text in texts {
      guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
        object["type"] as? String == "recording", let recording = object["recording"]
      else { continue }
      return try JSONSerialization.data(withJSONObject: recording)
    }
    return nil
  }

  @Test(arguments: ["reactor", "feedback"])
  func aRecordingOfTheSocketSessionReplaysOnEveryEngine(_ engine: String) async throws {
    try await withLivePage("/live/signup?engine=\(engine)&inspect", of: try TestApp(), receiving: Message.self) {
      send, inbox in
      // Typed as a person types: each field once the screen has shown the last one's state. (A recorder
      // stamps a state when it sees it; inputs sent faster than that may replay as a mismatch.)
      try await send(event("usernameChanged", "newbie"))
      await inbox.first { $0.username?.message == "Username available" }
      try await send(event("passwordChanged", "hunter2!"))
      await inbox.first { $0.password?.message == "Password acceptable" }
      try await send(event("repeatedPasswordChanged", "hunter2!"))
      await inbox.first { $0.repeatedPassword?.message == "Password repeated" }
      await inbox.first { $0.type == "inspect" && $0.events?.contains { $0.lane == "state" } == true }
      try await send(event("recording"))
      await inbox.first { $0.type == "recording" }

      let texts = inbox.texts
      #expect(!texts.contains { $0.contains("hunter2") }, "a password reached the wire")
      let recording = try SignupRecording(json: try #require(try Self.recording(in: texts)))
      #expect(recording.engine == engine)
      #expect(recording.inputs.map(\.value.event) == [.usernameChanged, .passwordChanged, .repeatedPasswordChanged])
      #expect(recording.answers.map(\.value.request) == [.usernameAvailable])
      for architecture in SignupArchitecture.allCases {
        try await recording.replay(on: architecture)
      }
    }
  }

  @Test func aPageWithoutInspectKeepsNoRecording() async throws {
    try await withLivePage("/live/signup", of: try TestApp(), receiving: Message.self) { send, inbox in
      try await send(event("recording"))
      let error = await inbox.first { $0.type == "error" }
      #expect(error?.message == "Recordings are kept only on a page opened with ?inspect")
      #expect(!inbox.texts.contains { $0.contains(#""type":"inspect""#) })
    }
  }

  @Test func aPageMayAskForItsRecordingTwiceInTenSeconds() async throws {
    try await withLivePage("/live/search?inspect", of: try TestApp(), receiving: Message.self) { send, inbox in
      for _ in 0..<3 { try await send(event("recording")) }
      let error = await inbox.first { $0.type == "error" }
      #expect(error?.message == "Recording asked for too often (at most 2 per 10 seconds)")
      await inbox.first(skipping: 1) { $0.type == "recording" }
      #expect(inbox.received.filter { $0.type == "recording" }.count == 2)
    }
  }
}
