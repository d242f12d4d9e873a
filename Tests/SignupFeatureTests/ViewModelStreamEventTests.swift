import Clocks
import OctoreactMVVM
import OctoreactTesting
import SignupFeature
import Synchronization
import Testing

/// The view-model screens report each value of their input and output streams, by RxExample's names.
@Suite(.timeLimit(.minutes(1)))
struct ViewModelStreamEventTests {
  /// Every event reported, as text.
  final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    func record(_ event: StreamEvent) { lines.withLock { $0.append(event.description) } }
    var all: [String] { lines.withLock { $0 } }

    /// Waits until `line` has been reported.
    func waitFor(_ line: String) async {
      while !all.contains(line), !Task.isCancelled { await Task.yield() }
    }
  }

  static func validation(_ clock: TestClock<Duration>) -> ValidationService {
    ValidationService(
      api: SignupAPI(
        usernameAvailable: { _ in
          try await clock.sleep(for: .milliseconds(200))
          return true
        },
        signup: { name, _ in .created(username: name) }
      ))
  }

  @Test(arguments: [SignupArchitecture.mvvm, .driver])
  func aUsernameIsAnInputThenValidatingThenAvailableOnValidatedUsername(engine: SignupArchitecture) async {
    let clock = TestClock()
    let log = Log()
    let screen: any SignupScreen =
      engine == .mvvm
      ? StreamSignupScreen(validation: Self.validation(clock), events: log.record)
      : await DriverSignupScreen(validation: Self.validation(clock), events: log.record)

    await log.waitFor("output signupEnabled: false")
    screen.send(.usernameChanged("octo"))
    await clock.waitForSleeper()
    await clock.advance(by: .milliseconds(200))
    await log.waitFor(#"output validatedUsername: ok(message: "Username available")"#)

    let lines = log.all
    let input = lines.firstIndex(of: "input username: octo")
    let validating = lines.firstIndex(of: "output validatedUsername: validating")
    let available = lines.firstIndex(of: #"output validatedUsername: ok(message: "Username available")"#)
    #expect(input != nil && validating != nil && available != nil)
    #expect((input ?? 0) < (validating ?? 0) && (validating ?? 0) < (available ?? 0))
    #expect(lines.contains("output checkingUsername: true"))
    #expect(lines.contains("output signingIn: false"))
    _ = screen
  }

  @Test func aTapIsReportedOnSignupTaps() {
    let log = Log()
    let screen = StreamSignupScreen(validation: Self.validation(TestClock()), events: log.record)

    screen.send(.signup)

    #expect(log.all.contains("input signupTaps: ()"))
  }
}
