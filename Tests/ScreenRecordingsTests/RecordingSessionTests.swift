import Clocks
import Foundation
import ScreenRecordings
import SearchFeature
import SignupFeature
import Testing

/// The sessions of `Recordings/`, recorded afresh: each replays on every engine, the recorded
/// answers and passwords are what the session had, and `OCTOREACT_WRITE_RECORDINGS=1` writes them
/// to the folder (how its files were made).
@Suite(.timeLimit(.minutes(1)))
struct RecordingSessionTests {
  static let writes = ProcessInfo.processInfo.environment["OCTOREACT_WRITE_RECORDINGS"] == "1"

  @Test(arguments: SignupArchitecture.allCases)
  func aSignupSessionWithASupersededCheckReplaysOnEveryEngine(recordedOn engine: SignupArchitecture) async throws {
    let recording = await SessionScripts.signupWithSupersededCheck(engine)

    let checks = recording.answers.filter { $0.value.request == .usernameAvailable }.map(\.value.username)
    #expect(checks.sorted() == ["oc", "octo"])
    // Times are milliseconds of the screen's clock since the session began.
    #expect(recording.inputs.map(\.at) == [0, 100, 300, 400, 500, 600, 2100])
    #expect(recording.answers.first { $0.value.username == "octo" }?.at == 300)
    #expect(recording.states.last?.value.accountToOpen == "octo")
    for replayEngine in SignupArchitecture.allCases {
      try await recording.replay(on: replayEngine)
    }
    try write(recording, as: "signup-superseded-check", if: engine == .reactor)
  }

  @Test(arguments: SignupArchitecture.allCases)
  func aSignupSessionWithErrorsReplaysOnEveryEngine(recordedOn engine: SignupArchitecture) async throws {
    let recording = await SessionScripts.signupWithErrors(engine)

    #expect(recording.answers.contains { $0.value.error == .unreachable && $0.value.request == .usernameAvailable })
    #expect(recording.answers.contains { $0.value.error == .unreachable && $0.value.request == .signup })
    #expect(recording.states.contains { $0.value.alert == SignupMessages().signup(.failed) })
    for replayEngine in SignupArchitecture.allCases {
      try await recording.replay(on: replayEngine)
    }
    try write(recording, as: "signup-errors", if: engine == .reactor)
  }

  @Test(arguments: SearchArchitecture.allCases)
  func searchSessionsReplayOnBothEngines(recordedOn engine: SearchArchitecture) async throws {
    let superseded = await SessionScripts.searchWithSupersededQuery(engine)
    let failing = await SessionScripts.searchWithError(engine)

    #expect(superseded.states.last?.value.repos.count == 6)
    #expect(failing.states.contains { $0.value.failure == .unavailable && $0.value.failedPage == 1 })
    for replayEngine in SearchArchitecture.allCases {
      try await superseded.replay(on: replayEngine)
      try await failing.replay(on: replayEngine)
    }
    try write(superseded, as: "search-superseded-query", if: engine == .reactor)
    try write(failing, as: "search-error", if: engine == .reactor)
  }

  @Test func noPasswordReachesTheFileAndPlaceholdersKeepLengthAndEquality() async throws {
    let recordings = [
      await SessionScripts.signupWithSupersededCheck(.reactor), await SessionScripts.signupWithErrors(.mvvm),
    ]
    for recording in recordings {
      let json = String(decoding: try recording.encoded(), as: UTF8.self)
      for password in SessionScripts.passwords {
        #expect(!json.contains(password))
      }
      let typed = recording.inputs.filter { $0.value.event != .usernameChanged }.compactMap(\.value.text)
      #expect(typed.allSatisfy { $0.count == SessionScripts.passwords[0].count })
    }
    // The superseded-check session types the first password, a different one, then the first again.
    let typed = recordings[0].inputs.compactMap { $0.value.event == .usernameChanged ? nil : $0.value.text }
    #expect(typed.count == 3)
    #expect(typed[0] == typed[2])
    #expect(typed[0] != typed[1])
  }

  @Test func aRecorderStopsAtItsLimitAndMarksTheRecordingIncomplete() async {
    let screen = await RecordingSignupScreen(
      .reactor, validation: ValidationService(api: ScriptedServer(clock: TestClock()).signupAPI()), clock: TestClock(),
      limit: 3)

    for text in ["a b", "c d", "e f", "g h"] { screen.send(.usernameChanged(text)) }

    let recording = screen.recording
    #expect(recording.states.count + recording.inputs.count + recording.answers.count == 3)
    #expect(!recording.isComplete)
  }

  private func write<Screen>(_ recording: ScreenRecording<Screen>, as name: String, if condition: Bool) throws {
    guard Self.writes, condition else { return }
    try recording.encoded().write(to: RecordingFolderTests.folder.appending(path: "\(name).json"))
  }
}
