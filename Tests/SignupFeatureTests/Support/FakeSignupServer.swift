import Clocks
import ReactorCore
import SignupFeature
import Synchronization

/// A signup server that answers in virtual time: the test decides which names are taken, how long
/// each answer takes, and which requests fail.
final class FakeSignupServer: Sendable {
  enum Event: Sendable, Hashable {
    case availabilityAsked(String)
    case availabilityAnswered(String)
    case signupAsked(String)
    case signupAnswered(String)
  }

  struct Configuration: Sendable {
    var taken: Set<String> = ["octocat", "torvalds"]
    var failing: Set<String> = []
    var delays: [String: Duration] = [:]
    var defaultDelay: Duration = .milliseconds(200)
    var signupDelay: Duration = .seconds(1)
    var signupFails = false
    /// Answers even when the request was cancelled, as a server that has already sent its answer
    /// would: the runtime must be the one that drops it.
    var ignoresCancellation = true
  }

  private let configuration: Mutex<Configuration>
  let events = Broadcast<[Event]>([])
  let clock: TestClock<Duration>

  init(clock: TestClock<Duration>, configure: (inout Configuration) -> Void = { _ in }) {
    var configuration = Configuration()
    configure(&configuration)
    self.configuration = Mutex(configuration)
    self.clock = clock
  }

  var api: SignupAPI {
    SignupAPI(
      usernameAvailable: { [self] name in try await usernameAvailable(name) },
      signup: { [self] name, password in try await signup(name, password) }
    )
  }

  /// Every request the screen made so far.
  var askedNames: [String] {
    events.value.compactMap { if case .availabilityAsked(let name) = $0 { name } else { nil } }
  }

  /// Waits until `event` has happened.
  func waitFor(_ event: Event) async {
    for await log in events.values() where log.contains(event) { return }
  }

  func setConfiguration(_ change: (inout Configuration) -> Void) {
    configuration.withLock { change(&$0) }
  }

  private func usernameAvailable(_ name: String) async throws -> Bool {
    let config = configuration.withLock { $0 }
    record(.availabilityAsked(name))
    try await wait(config.delays[name] ?? config.defaultDelay, ignoringCancellation: config.ignoresCancellation)
    record(.availabilityAnswered(name))
    if config.failing.contains(name) { throw FakeServerError.unreachable }
    return !config.taken.contains(name.lowercased())
  }

  private func signup(_ name: String, _ password: String) async throws -> SignupOutcome {
    let config = configuration.withLock { $0 }
    record(.signupAsked(name))
    try await wait(config.signupDelay, ignoringCancellation: config.ignoresCancellation)
    record(.signupAnswered(name))
    if config.signupFails { throw FakeServerError.unreachable }
    let created = configuration.withLock { config in config.taken.insert(name.lowercased()).inserted }
    return created ? .created(username: name) : .refused
  }

  private func wait(_ delay: Duration, ignoringCancellation: Bool) async throws {
    if ignoringCancellation {
      // An unstructured task is not cancelled with its caller: the answer arrives all the same.
      try await Task { [clock] in try await clock.sleep(for: delay) }.value
    } else {
      try await clock.sleep(for: delay)
    }
  }

  private func record(_ event: Event) {
    events.update { $0.append(event) }
  }
}

enum FakeServerError: Error { case unreachable }
