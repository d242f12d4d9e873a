import Clocks
import OctoreactCore
import OctoreactTesting
import SignupFeature
import Testing

/// The state after each signup outcome is true (issue 13, item 1), in all four architectures: a
/// name just signed up or refused reads "Username already taken", "Sign up" is never re-enabled on
/// the stale "available", and answering a success's alert opens the new account.
@Suite(.timeLimit(.minutes(1)))
struct SignupOutcomeStateTests {
  @Test(arguments: SignupArchitecture.allCases)
  func aSuccessTakesTheNameAndItsOKOpensTheAccount(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.fillValidForm(username: "newbie")
    fixture.screen.tapSignup()
    await fixture.server.waitFor(.signupAsked("newbie"))
    await fixture.clock.advance(by: .seconds(1))
    let shown = await fixture.expectScreen { $0.alert != nil && !$0.isSigningUp }
    #expect(shown.alert == "Signed up as newbie.")
    await fixture.expectScreen { $0.username == .failed(message: "Username already taken") }
    #expect(fixture.recorder.latest?.isSignupEnabled == false)
    #expect(fixture.recorder.latest?.accountToOpen == nil)
    // No state enables "Sign up" again (Enter would sign the name up twice).
    #expect(fixture.neverReenablesSignup)

    fixture.screen.answerAlert()
    let answered = await fixture.expectScreen { $0.accountToOpen != nil }
    #expect(answered.accountToOpen == "newbie")
    #expect(answered.alert == nil)
  }

  @Test(arguments: SignupArchitecture.allCases)
  func aRefusalShowsTheNameTakenAndOpensNothing(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.fillValidForm(username: "newbie")
    // Someone else takes the name between the check and the tap.
    fixture.server.setConfiguration { $0.taken.insert("newbie") }
    fixture.screen.tapSignup()
    await fixture.server.waitFor(.signupAsked("newbie"))
    await fixture.clock.advance(by: .seconds(1))
    await fixture.expectScreen {
      $0.alert == "Sign up failed: username already taken." && $0.username == .failed(message: "Username already taken")
    }
    #expect(fixture.neverReenablesSignup)
    fixture.screen.answerAlert()
    await fixture.expectScreen { $0.alert == nil }
    for _ in 0..<20 { await Task.yield() }
    #expect(fixture.recorder.latest?.accountToOpen == nil)
    #expect(fixture.recorder.latest?.isSignupEnabled == false)
  }

  @Test(arguments: SignupArchitecture.allCases)
  func aFailedRequestLeavesTheNameAsItWas(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture) { $0.signupFails = true }
    await fixture.fillValidForm(username: "newbie")
    fixture.screen.tapSignup()
    await fixture.server.waitFor(.signupAsked("newbie"))
    await fixture.clock.advance(by: .seconds(1))
    let shown = await fixture.expectScreen {
      $0.alert == "Sign up failed: error contacting server." && $0.isSignupEnabled
    }
    // Nothing is known about the name: it stays available, and the user may try again.
    #expect(shown.username == .ok(message: "Username available"))
  }

  @Test(arguments: SignupArchitecture.allCases)
  func aSuccessDismissedByAnEditOpensNothing(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.fillValidForm(username: "newbie")
    fixture.screen.tapSignup()
    await fixture.server.waitFor(.signupAsked("newbie"))
    await fixture.clock.advance(by: .seconds(1))
    await fixture.expectScreen { $0.alert == "Signed up as newbie." }
    fixture.screen.typePassword("secret12")
    await fixture.expectScreen { $0.alert == nil }
    for _ in 0..<20 { await Task.yield() }
    #expect(fixture.recorder.latest?.accountToOpen == nil)
  }

  @Test(arguments: SignupArchitecture.allCases)
  func anOutcomeForAnEditedNameLeavesTheNewNameAlone(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.fillValidForm(username: "newbie")
    fixture.screen.tapSignup()
    await fixture.server.waitFor(.signupAsked("newbie"))
    // The name is edited while the signup is in flight, and checked (available).
    fixture.screen.typeUsername("newbie2")
    await fixture.server.waitFor(.availabilityAsked("newbie2"))
    await fixture.clock.advance(by: .milliseconds(200))
    await fixture.expectScreen { $0.username == .ok(message: "Username available") }
    await fixture.clock.advance(by: .milliseconds(800))
    await fixture.expectScreen { $0.alert == "Signed up as newbie." && !$0.isSigningUp }
    for _ in 0..<20 { await Task.yield() }
    #expect(fixture.recorder.latest?.username == .ok(message: "Username available"))
  }
}

extension SignupFixture {
  /// True when no state enables "Sign up" once the signup has begun: from the first state that is
  /// signing up on, or, for the Driver view model, whose outputs arrive through separate main-actor
  /// deliveries and may meet out of step for a moment, from the first state that shows the outcome.
  var neverReenablesSignup: Bool {
    let values = recorder.values
    let fromStart = values.drop { !$0.isSigningUp }
    let fromOutcome = values.drop { $0.alert == nil }
    return (architecture == .driver ? fromOutcome : fromStart).allSatisfy { !$0.isSignupEnabled }
  }
}
