import Clocks
import OctoreactCore
import OctoreactTesting
import PropertyBased
import SignupFeature
import Testing

/// Random typing against a server whose answers come back in random order: whatever the timing,
/// the username result on screen is never the answer for an older name.
@Suite(.timeLimit(.minutes(2)))
struct UsernameCheckPropertyTests {
  static let names = ["alice", "octocat", "bob", "torvalds", "carol", "b_d", ""]

  static func expected(for name: String, _ validation: ValidationService) -> ValidationResult {
    if let local = validation.localUsernameResult(name) { return local }
    return ["octocat", "torvalds"].contains(name)
      ? .failed(message: validation.messages.usernameTaken)
      : .ok(message: validation.messages.usernameAvailable)
  }

  @Test func shownUsernameResultAlwaysBelongsToTheLatestUsername() async {
    await propertyCheck(
      count: 60,
      input: Gen.int(in: 0...(Self.names.count - 1)).array(of: 1...10),
      Gen.int(in: 0...50).array(of: 10),
      Gen.int(in: 0...40).array(of: 10)
    ) { nameIndices, delays, gaps in
      let clock = TestClock()
      let server = FakeSignupServer(clock: clock) { $0.callDelays = delays.map { .milliseconds($0 * 10) } }
      let validation = ValidationService(api: server.api)
      let store = ReactorStore(SignupReactor(validation: validation))
      let recorder = store.record(clock: clock)

      var requests = 0
      for (step, index) in nameIndices.enumerated() {
        let name = Self.names[index]
        store.send(.usernameChanged(name))
        if validation.localUsernameResult(name) == nil {
          requests += 1
          await server.waitForAvailabilityRequests(requests)
        }
        await clock.advance(by: .milliseconds(gaps[step] * 10))
      }
      // Let every answer, stale ones included, come back.
      await clock.advance(by: .seconds(1))
      await server.waitForAvailabilityAnswers(requests)
      for _ in 0..<20 { await Task.yield() }

      let last = Self.names[nameIndices.last!]
      let expectedLast = Self.expected(for: last, validation)
      let settled = await recorder.first { $0.username == last && $0.usernameResult == expectedLast }
      #expect(settled != nil)
      for state in recorder.values where state.usernameResult != .validating {
        #expect(state.usernameResult == Self.expected(for: state.username, validation), "state: \(state)")
      }
      #expect(store.currentState.usernameResult == expectedLast)
    }
  }
}
