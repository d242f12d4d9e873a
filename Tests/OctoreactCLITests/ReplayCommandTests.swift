import Foundation
import Testing

/// `octoreact replay`: a recording that still holds passes, one that no longer does fails with its first
/// difference, and a file that is not a recording is refused clearly.
@Suite("octoreact replay")
struct ReplayCommandTests {
  /// A Signup recording of the suite's, made by `RecordingSessionTests`.
  static let recording = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "ScreenRecordingsTests/Recordings/signup-errors.json")

  @Test func aRecordingThatStillHoldsPassesOnAnotherEngine() async throws {
    try await withTemporaryFolder { folder in
      let run = try await CommandRun(["replay", "--engine", "feedback", Self.recording.path], in: folder)
      #expect(run.status == 0, "\(run.standardError)")
      #expect(run.standardOutput.contains("signup on feedback, 7 inputs: states match"))
    }
  }

  @Test func aChangedRecordingFailsWithItsFirstDifference() async throws {
    try await withTemporaryFolder { folder in
      // The screen never says "Username taken" for this session: the last state's message is changed.
      var text = try String(contentsOf: Self.recording, encoding: .utf8)
      let shown = try #require(text.range(of: "Username available", options: .backwards))
      text.replaceSubrange(shown, with: "Username gone")
      let changed = folder.appending(path: "changed.json")
      try Data(text.utf8).write(to: changed)
      let run = try await CommandRun(["replay", changed.path], in: folder)
      #expect(run.status == 1)
      #expect(run.standardError.contains("changed.json: the replay differs: At "))
      #expect(run.standardError.contains("expected {\"ok\":{\"message\":\"Username gone\"}}"))
    }
  }

  @Test func aFileThatIsNotARecordingIsRefused() async throws {
    try await withTemporaryFolder { folder in
      let other = folder.appending(path: "other.json")
      try Data(#"{"screen": "checkout", "formatVersion": 1}"#.utf8).write(to: other)
      let run = try await CommandRun(["replay", other.path, folder.appending(path: "missing.json").path], in: folder)
      #expect(run.status == 1)
      #expect(run.standardError.contains("other.json: Not a screen recording"))
      #expect(run.standardError.contains("missing.json: no such file"))
    }
  }
}
