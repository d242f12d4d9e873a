import Clocks
import OctoreactCore
import OctoreactMVVM
import SignupFeature

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
    /// Delays for the next availability requests, in order, before `delays` and `defaultDelay`.
    var callDelays: [Duration] = []
    var signupDelay: Duration = .seconds(1)
    var signupFails = false
    /// Answers even when the request was cancelled, as a server that has already sent its answer
    /// would: the runtime must be the one that drops it.
    var ignoresCancellation = true
  }

  private let configuration: RuntimeLock<Configuration>
  let events = Broadcast<[Event]>([])
  let clock: TestClock<Duration>

  init(clock: TestClock<Duration>, configure: (inout Configuration) -> Void = { _ in }) {
    var configuration = Configuration()
    configure(&configuration)
    self.configuration = RuntimeLock(configuration)
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

  /// Waits until `count` availability requests have been made.
  func waitForAvailabilityRequests(_ count: Int) async {
    for await log in events.values() {
      if log.count(where: { if case .availabilityAsked = $0 { true } else { false } }) >= count { return }
    }
  }

  /// Waits until `count` availability answers have been sent.
  func waitForAvailabilityAnswers(_ count: Int) async {
    for await log in events.values() {
      if log.count(where: { if case .availabilityAnswered = $0 { true } else { false } }) >= count { return }
    }
  }

  /// Waits until `event` has happened.
  func waitFor(_ event: Event) async {
    for await log in events.values() where log.contains(event) { return }
  }

  func setConfiguration(_ change: (inout Configuration) -> Void) {
    configuration.withLock { change(&$0) }
  }

  private func usernameAvailable(_ name: String) async throws -> Bool {
    let (config, queuedDelay) = configuration.withLock { config in
      (config, config.callDelays.isEmpty ? nil : config.callDelays.removeFirst())
    }
    let delay = queuedDelay ?? config.delays[name] ?? config.defaultDelay
    try await wait(delay, ignoringCancellation: config.ignoresCancellation, announcing: .availabilityAsked(name))
    record(.availabilityAnswered(name))
    if config.failing.contains(name) { throw FakeServerError.unreachable }
    return !config.taken.contains(name.lowercased())
  }

  private func signup(_ name: String, _ password: String) async throws -> SignupOutcome {
    let config = configuration.withLock { $0 }
    try await wait(config.signupDelay, ignoringCancellation: config.ignoresCancellation, announcing: .signupAsked(name))
    record(.signupAnswered(name))
    if config.signupFails { throw FakeServerError.unreachable }
    let created = configuration.withLock { config in config.taken.insert(name.lowercased()).inserted }
    return created ? .created(username: name) : .refused
  }

  /// Records `request`, then sleeps on the test clock until `delay` after the moment it recorded it.
  ///
  /// The deadline is fixed before the request is recorded (as in `FakeSearchServer`): a test that
  /// waits for the request and then advances the clock may do so before the sleeper reaches the
  /// clock, and the sleeper then wakes at the time the test expects, not `delay` after the advance.
  private func wait(_ delay: Duration, ignoringCancellation: Bool, announcing request: Event) async throws {
    let deadline = clock.now.advanced(by: delay)
    let sleep: @Sendable () async throws -> Void = { [self] in
      record(request)
      try await clock.sleep(until: deadline)
    }
    if ignoringCancellation {
      // An unstructured task is not cancelled with its caller: the answer arrives all the same.
      try await Task { try await sleep() }.value
    } else {
      try await sleep()
    }
  }

  private func record(_ event: Event) {
    events.update { $0.append(event) }
  }
}

enum FakeServerError: Error { case unreachable }
