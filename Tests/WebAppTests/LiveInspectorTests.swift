import AccountRules
import Clocks
import Foundation
import ScreenRecordings
import SignupFeature
import Testing
@testable import WebApp

/// The inspector of a live page (`?inspect`): what each engine reports, that passwords never show, and the
/// bounds of what a session keeps.
@Suite(.timeLimit(.minutes(1)))
struct LiveInspectorTests {
  /// One event of an `inspect` message, as `inspector.js` reads it.
  struct Marble: Decodable, Sendable {
    let t: Int
    let lane: String
    let text: String
    let effect: String?
    let phase: String?
  }

  /// An `inspect` message: the events that waited since the last one.
  struct Message: Decodable, Sendable {
    let type: String
    let events: [Marble]
  }

  /// An API whose checks answer only when cancelled, so that a second name always supersedes the first.
  static func pendingAPI(_ clock: TestClock<Duration>) -> SignupAPI {
    SignupAPI(
      usernameAvailable: { _ in
        try await clock.sleep(for: .seconds(3600))
        return true
      },
      signup: { _, _ in .failed })
  }

  /// The events `inspector` sends, read message by message until `done` says enough arrived.
  static func marbles(of inspector: LiveInspector, until done: ([Marble]) -> Bool) async throws -> [Marble] {
    var marbles: [Marble] = []
    let (wakeUps, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    inspector.whenEventsWait { wake.yield() }
    for await _ in wakeUps {
      guard let text = inspector.takeMessage() else { continue }
      let message = try JSONDecoder().decode(Message.self, from: Data(text.utf8))
      #expect(message.type == "inspect")
      marbles += message.events
      if done(marbles) { break }
    }
    return marbles
  }

  /// The lanes each engine must draw for the session the tests type, and whether it draws the superseded
  /// check as a cancelled effect (the view models have no effects to report).
  static let expected: [SignupArchitecture: (lanes: Set<String>, cancels: Bool)] = [
    .reactor: (["action", "mutation", "state", "effect"], true),
    .mvvm: (["username", "validatedUsername", "password", "repeatedPassword", "validatedPasswordRepeated"], false),
    .driver: (["username", "validatedUsername", "password", "repeatedPassword", "validatedPasswordRepeated"], false),
    .feedback: (["event", "state", "availability"], true),
  ]

  @Test(arguments: SignupArchitecture.allCases)
  func everyEngineReportsItsStreamsAndNeverAPassword(_ engine: SignupArchitecture) async throws {
    let clock = TestClock()
    let inspector = LiveInspector(clock: clock)
    let validation = ValidationService(api: Self.pendingAPI(clock), messages: SignupMessages(.english))
    let screen = await SignupInspection().makeScreen(engine, validation: validation, report: inspector.report)
    screen.send(.usernameChanged("octo"))
    screen.send(.usernameChanged("octocat"))
    screen.send(.passwordChanged("hunter2!"))
    screen.send(.repeatedPasswordChanged("hunter2?"))
    let (lanes, cancels) = try #require(Self.expected[engine])

    let marbles = try await Self.marbles(of: inspector) { marbles in
      let drawn = Set(marbles.map(\.lane))
      return lanes.isSubset(of: drawn) && (!cancels || marbles.contains { $0.phase == "cancelled" })
        && marbles.contains { $0.text.contains("baaaaaaa") }
    }

    #expect(!marbles.contains { $0.text.contains("hunter2") })
    // Each password is its placeholder, the same length; two different passwords, two placeholders.
    #expect(marbles.contains { $0.text.contains(#""aaaaaaaa""#) })
    #expect(marbles.contains { $0.text.contains(#""baaaaaaa""#) })
    if cancels {
      let cancelled = try #require(marbles.first { $0.phase == "cancelled" })
      let started = marbles.first { $0.phase == "started" && $0.effect == cancelled.effect }
      #expect(started?.text.contains("octo") == true && started?.text.contains("octocat") == false)
    }
  }

  @Test func aReactorsStateMarbleNamesTheFieldsThatChanged() async throws {
    let clock = TestClock()
    let inspector = LiveInspector(clock: clock)
    let validation = ValidationService(api: Self.pendingAPI(clock), messages: SignupMessages(.english))
    let screen = await SignupInspection().makeScreen(.reactor, validation: validation, report: inspector.report)
    screen.send(.passwordChanged("abc"))
    let marbles = try await Self.marbles(of: inspector) { $0.contains { $0.lane == "state" } }
    // The first state is named against the reactor's initial state, which the store never reports.
    #expect(marbles.first { $0.lane == "state" }?.text == "password, passwordResult")
  }

  @Test func timesAreMillisecondsOnTheServersClock() async throws {
    let clock = TestClock()
    let inspector = LiveInspector(clock: clock)
    inspector.report(InspectedEvent(lane: "action", text: "first"))
    await clock.advance(by: .milliseconds(1_234))
    inspector.report(InspectedEvent(lane: "action", text: "second", effect: "#1", phase: .started))
    let marbles = try await Self.marbles(of: inspector) { $0.count == 2 }
    #expect(marbles.map(\.t) == [0, 1_234])
    #expect(marbles[1].effect == "#1" && marbles[1].phase == "started")
  }

  @Test func aSlowPageMissesTheOldestEventsAndATextIsCut() async throws {
    let inspector = LiveInspector(clock: TestClock())
    for number in 0..<(LiveInspector.maxPending + 100) {
      inspector.report(InspectedEvent(lane: "action", text: "event \(number)"))
    }
    inspector.report(InspectedEvent(lane: "action", text: String(repeating: "x", count: 1_000)))
    // All that waited goes in one message; nothing is left for a second one.
    let marbles = try await Self.marbles(of: inspector) { _ in true }
    #expect(inspector.takeMessage() == nil)
    #expect(marbles.count == LiveInspector.maxPending)
    #expect(marbles.first?.text == "event 101")
    #expect(marbles.last?.text == String(repeating: "x", count: LiveInspector.maxTextCharacters) + "…")
  }

  @Test func typesAreNamedWithoutTheirModule() {
    #expect(
      LiveInspector.withoutModuleNames("setUsername(\"a\", result: SignupFeature.ValidationResult.ok(message: \"é\"))")
        == "setUsername(\"a\", result: ValidationResult.ok(message: \"é\"))")
    // What the user typed is quoted and stays whole, escaped quotes included.
    #expect(
      LiveInspector.withoutModuleNames(#"MySignupFeature.x, [AccountRules.Language.english], "a \" SearchFeature.x""#)
        == #"MySignupFeature.x, [Language.english], "a \" SearchFeature.x""#)
    #expect(LiveInspector.withoutModuleNames("usernameChanged(\"octocat\")") == "usernameChanged(\"octocat\")")
  }
}
