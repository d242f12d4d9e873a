import Foundation
import ScreenRecordings
import SignupFeature
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ReplayMismatchTests {
  @Test func aStateTheScreenNeverShowsFailsWithTheFirstDifference() async throws {
    var recording = await SessionScripts.signupWithSupersededCheck(.reactor)
    // What the screen shows once "octo" is found available, changed to "taken".
    let index = try #require(recording.states.firstIndex { $0.value.username == .ok(message: "Username available") })
    let time = recording.states[index].at
    for index in recording.states.indices where recording.states[index].at == time {
      recording.states[index].value.username = .failed(message: "Username already taken")
    }

    let mismatch = await #expect(throws: ReplayMismatch.self) { try await recording.replay() }

    #expect(mismatch?.at == time)
    #expect(mismatch?.field == "username")
    #expect(mismatch?.expected == #"{"failed":{"message":"Username already taken"}}"#)
    #expect(mismatch?.got == #"{"ok":{"message":"Username available"}}"#)
  }

  @Test func aRequestTheRecordingNeverAnsweredFailsNamingIt() async throws {
    var recording = await SessionScripts.signupWithSupersededCheck(.reactor)
    recording.answers.removeAll { $0.value.username == "octo" && $0.value.request == .usernameAvailable }

    let mismatch = await #expect(throws: ReplayMismatch.self) { try await recording.replay() }

    #expect(mismatch?.field == "request")
    #expect(mismatch?.got == #"SignupAPI.usernameAvailable("octo")"#)
  }

  @Test func anotherFormatVersionOrScreenIsRefusedClearly() throws {
    let recording = SignupRecording(engine: "reactor")
    var json = try JSONSerialization.jsonObject(with: recording.encoded()) as! [String: Any]
    json["formatVersion"] = 2
    let newer = try JSONSerialization.data(withJSONObject: json)

    #expect(throws: RecordingError.unsupportedFormatVersion(2, supported: 1)) { try SignupRecording(json: newer) }
    #expect(throws: RecordingError.wrongScreen("signup", expected: .search)) {
      try SearchRecording(json: recording.encoded())
    }
    #expect(throws: RecordingError.self) { try SignupRecording(json: Data("[]".utf8)) }
  }

  @Test func anIncompleteRecordingIsNotReplayed() async throws {
    let recording = SignupRecording(engine: "reactor", isComplete: false)

    await #expect(throws: RecordingError.incomplete) { try await recording.replay() }
  }
}
