import Clocks
import OctoreactCore
import OctoreactTesting
import SignupFeature
import Testing

/// The screen's activity flags (issue 15): `isCheckingUsername`, `isSigningUp` and their union
/// `isNetworkActive`, with the count semantics of RxExample's `ActivityIndicator` (on while at least
/// one request runs, off when the last ends, never below zero), in virtual time, in all four
/// architectures.
@Suite(.timeLimit(.minutes(1)))
struct SignupActivityTests {
  /// The activity part of a screen state, with the username row it belongs to.
  struct Activity: Equatable, CustomStringConvertible {
    var username: ValidationResult
    var checking: Bool
    var signingUp: Bool
    var network: Bool

    init(_ state: SignupScreenState) {
      username = state.username
      checking = state.isCheckingUsername
      signingUp = state.isSigningUp
      network = state.isNetworkActive
    }

    var description: String { "\(username) checking=\(checking) signingUp=\(signingUp) network=\(network)" }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func aCheckIsNetworkActivityUntilItsAnswer(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.expectScreen { !$0.isNetworkActive && !$0.isCheckingUsername }
    fixture.screen.typeUsername("newbie")
    await fixture.expectScreen { $0.username == .validating && $0.isCheckingUsername && $0.isNetworkActive }
    await fixture.server.waitFor(.availabilityAsked("newbie"))
    await fixture.clock.advance(by: .milliseconds(199))
    #expect(fixture.recorder.latest?.isNetworkActive == true)
    await fixture.clock.advance(by: .milliseconds(1))
    // The view models publish `checkingUsername` and `networkActive` as two outputs, so a screen may see
    // one turn off a moment before the other (as two Rx observables would): wait until both have.
    let answered = await fixture.expectScreen { !$0.isNetworkActive && !$0.isCheckingUsername }
    #expect(answered.username == .ok(message: "Username available"))
    #expect(!answered.isSigningUp)
  }

  @Test(arguments: SignupArchitecture.allCases)
  func aCheckDuringTheSignupKeepsNetworkActivityOnUntilBothEnd(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.fillValidForm(username: "newbie")
    await fixture.expectScreen { !$0.isNetworkActive }
    fixture.screen.tapSignup()
    await fixture.expectScreen { $0.isSigningUp && $0.isNetworkActive && !$0.isCheckingUsername }
    await fixture.server.waitFor(.signupAsked("newbie"))

    // A check starts while the signup (1 s) is in flight, and ends first (200 ms).
    fixture.screen.typeUsername("octocat")
    await fixture.expectScreen { $0.isCheckingUsername && $0.isSigningUp && $0.isNetworkActive }
    await fixture.server.waitFor(.availabilityAsked("octocat"))
    await fixture.clock.advance(by: .milliseconds(200))
    await fixture.expectScreen {
      $0.username == .failed(message: "Username already taken") && !$0.isCheckingUsername && $0.isSigningUp
    }
    #expect(fixture.recorder.latest?.isNetworkActive == true)

    // The signup ends: nothing is in flight any more.
    await fixture.clock.advance(by: .milliseconds(800))
    let done = await fixture.expectScreen { $0.alert != nil && !$0.isSigningUp && !$0.isNetworkActive }
    #expect(done.alert == "Signed up as newbie.")
    #expect(!done.isCheckingUsername)
  }

  @Test(arguments: SignupArchitecture.allCases)
  func aCancelledCheckStopsCountingAndNeverGoesBelowZero(_ architecture: SignupArchitecture) async {
    // An API that stops when cancelled, as every real one does.
    let fixture = await SignupFixture(architecture) {
      $0.ignoresCancellation = false
      $0.delays = ["slowpoke": .milliseconds(500), "octocat": .milliseconds(100)]
    }
    fixture.screen.typeUsername("slowpoke")
    await fixture.expectScreen { $0.isCheckingUsername && $0.isNetworkActive }
    await fixture.server.waitFor(.availabilityAsked("slowpoke"))

    // A newer name cancels the check in flight; the newer check keeps the indicator on.
    fixture.screen.typeUsername("octocat")
    await fixture.server.waitFor(.availabilityAsked("octocat"))
    await fixture.expectScreen { $0.username == .validating && $0.isCheckingUsername && $0.isNetworkActive }
    await fixture.clock.advance(by: .milliseconds(100))
    await fixture.expectScreen { $0.username == .failed(message: "Username already taken") && !$0.isNetworkActive }

    // A malformed name cancels a check without starting one: off at once.
    fixture.screen.typeUsername("newbie")
    await fixture.server.waitFor(.availabilityAsked("newbie"))
    await fixture.expectScreen { $0.isNetworkActive }
    fixture.screen.typeUsername("new_bie")
    await fixture.expectScreen { !$0.isCheckingUsername && !$0.isNetworkActive && !$0.username.isValid }
    await fixture.clock.advance(by: .seconds(1))
    await fixture.clock.advance(by: .zero)
    #expect(fixture.recorder.latest?.isNetworkActive == false)

    // Had a cancellation been counted twice, the next check would leave the count at zero and the
    // indicator off.
    fixture.screen.typeUsername("newbie2")
    await fixture.expectScreen { $0.isCheckingUsername && $0.isNetworkActive }
    await fixture.server.waitFor(.availabilityAsked("newbie2"))
    await fixture.clock.advance(by: .milliseconds(200))
    await fixture.expectScreen { $0.username == .ok(message: "Username available") && !$0.isNetworkActive }
  }

  /// An API that answers even when cancelled: the view models' trackers count its request until it
  /// returns (it is still on the network, two checks overlap), the reactor's state stops counting the
  /// cancelled check at once. Both end off, and both count the next check from one.
  @Test(arguments: SignupArchitecture.allCases)
  func overlappingChecksCountUntilTheLastEnds(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture) {
      $0.ignoresCancellation = true
      $0.delays = ["slowpoke": .milliseconds(500), "octocat": .milliseconds(100)]
    }
    fixture.screen.typeUsername("slowpoke")
    await fixture.server.waitFor(.availabilityAsked("slowpoke"))
    fixture.screen.typeUsername("octocat")
    await fixture.server.waitFor(.availabilityAsked("octocat"))
    await fixture.expectScreen { $0.isCheckingUsername }
    await fixture.clock.advance(by: .milliseconds(100))
    await fixture.server.waitFor(.availabilityAnswered("octocat"))
    let afterNewer = await fixture.expectScreen { $0.username == .failed(message: "Username already taken") }
    if architecture.isOneState {
      #expect(!afterNewer.isNetworkActive)
    } else {
      // Still one request on the network (the stale "slowpoke"): the count went 2 → 1, not to 0.
      for _ in 0..<50 { await Task.yield() }
      #expect(fixture.recorder.latest?.isCheckingUsername == true)
      #expect(fixture.recorder.latest?.isNetworkActive == true)
    }
    await fixture.clock.advance(by: .milliseconds(400))
    await fixture.server.waitFor(.availabilityAnswered("slowpoke"))
    await fixture.expectScreen { !$0.isCheckingUsername && !$0.isNetworkActive }
    // The stale answer was never shown.
    #expect(fixture.recorder.values.allSatisfy { $0.username != .ok(message: "Username available") })

    fixture.screen.typeUsername("newbie")
    await fixture.expectScreen { $0.isCheckingUsername && $0.isNetworkActive }
  }

  /// The reactor's and the feedback system's state is one value: their timeline of activity is exact,
  /// each flag changing in the same state as the row it belongs to.
  @Test(arguments: SignupArchitecture.allCases.filter(\.isOneState))
  func theOneStateActivityTimeline(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture) {
      $0.delays = ["slowpoke": .milliseconds(500), "octocat": .milliseconds(100)]
    }
    fixture.screen.typeUsername("slowpoke")
    await fixture.server.waitFor(.availabilityAsked("slowpoke"))
    fixture.screen.typeUsername("octocat")
    await fixture.server.waitFor(.availabilityAsked("octocat"))
    // Step by step, each state received before the clock moves on: the recorder stamps a state with
    // the virtual time it receives it at.
    await fixture.clock.advance(by: .milliseconds(100))
    await fixture.expectScreen { $0.username == .failed(message: "Username already taken") }
    await fixture.clock.advance(by: .milliseconds(400))
    await fixture.server.waitFor(.availabilityAnswered("slowpoke"))
    await fixture.clock.advance(by: .zero)
    // Consecutive equal entries (the second name's `validating`) are one step of the timeline.
    var timeline: [(Duration, Activity)] = []
    for entry in fixture.recorder.timeline where timeline.last?.1 != Activity(entry.value) {
      timeline.append((entry.time, Activity(entry.value)))
    }
    let expected: [(Duration, Activity)] = [
      (.zero, Activity(SignupScreenState())),
      (.zero, Activity(username: .validating, checking: true, signingUp: false, network: true)),
      (
        .milliseconds(100),
        Activity(
          username: .failed(message: "Username already taken"), checking: false, signingUp: false, network: false)
      ),
    ]
    #expect(timeline.map(\.0) == expected.map(\.0))
    #expect(timeline.map(\.1) == expected.map(\.1))
  }

  @Test func theReactorsCountIsTheRequestsInFlight() {
    var state = SignupReactor.State()
    #expect(state.requestsInFlight == 0 && !state.isNetworkActive)
    state.usernameResult = .validating
    #expect(state.requestsInFlight == 1 && state.isCheckingUsername && state.isNetworkActive)
    state.isSigningUp = true
    #expect(state.requestsInFlight == 2)
    state.usernameResult = .failed(message: "Username already taken")
    #expect(state.requestsInFlight == 1 && state.isNetworkActive)
    state.isSigningUp = false
    #expect(state.requestsInFlight == 0 && !state.isNetworkActive)
  }
}

extension SignupActivityTests.Activity {
  init(username: ValidationResult, checking: Bool, signingUp: Bool, network: Bool) {
    self.username = username
    self.checking = checking
    self.signingUp = signingUp
    self.network = network
  }
}
