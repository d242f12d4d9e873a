import OctoreactCore
import SignupFeature
import SignupFeatureTesting
import Testing

/// `SignupAPI.unimplemented()` fails the test that makes a request (Point-Free's `unimplemented`),
/// instead of putting a fake outage into state where the test could pass over it.
@Suite(.timeLimit(.minutes(1)))
struct UnimplementedSignupAPITests {
  @Test func anUnexpectedAvailabilityCheckRecordsAnIssueAtTheLineThatMadeTheDouble() async {
    let api = SignupAPI.unimplemented()
    let line = #line - 1
    await withKnownIssue {
      do {
        _ = try await api.usernameAvailable("octocat")
        Issue.record("the double answered")
      } catch {
        #expect(error as? UnexpectedRequest == UnexpectedRequest(#"SignupAPI.usernameAvailable("octocat")"#))
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [#"Unexpected request: SignupAPI.usernameAvailable("octocat")"#]
        && issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
    }
  }

  @Test func anUnexpectedSignupRecordsAnIssueWithoutThePassword() async {
    let api = SignupAPI.unimplemented()
    await withKnownIssue {
      let outcome = await ValidationService(api: api).signup(username: "newbie", password: "hunter22")
      #expect(outcome == .failed)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [#"Unexpected request: SignupAPI.signup("newbie", <password>)"#]
    }
  }

  /// The case the old double let through: the screen showed "Error contacting server" and the
  /// test, which looked only at the password, passed.
  @Test func aScreenThatAsksTheServerUnexpectedlyFailsTheTest() async {
    let store = ReactorStore(SignupReactor(validation: ValidationService(api: .unimplemented())))
    await withKnownIssue {
      store.send(.usernameChanged("octocat"))
      for await state in store.states where state.usernameResult != .validating { break }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [#"Unexpected request: SignupAPI.usernameAvailable("octocat")"#]
    }
  }

  @Test func overriddenRequestsAnswerAndTheOthersStillFail() async throws {
    var api = SignupAPI.unimplemented()
    api.usernameAvailable = { name in name != "octocat" }
    #expect(try await api.usernameAvailable("newbie"))
    #expect(try await !api.usernameAvailable("octocat"))
    await withKnownIssue {
      await #expect(throws: UnexpectedRequest.self) { try await api.signup("newbie", "hunter22") }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [#"Unexpected request: SignupAPI.signup("newbie", <password>)"#]
    }
  }
}
