import AccountRules
import Clocks
import OctoreactCore
import OctoreactMVVM
import OctoreactTesting
import SignupFeature
import Testing

/// The Signup screen's behaviour (design section 1), written once and run against all four
/// architectures: the reactor, the stream view model, the Driver view model and the feedback system.
@Suite(.timeLimit(.minutes(1)))
struct SignupBehaviourTests {
  // MARK: - Username

  @Test(arguments: SignupArchitecture.allCases)
  func emptyFieldsShowNoMessageAndDisableSignup(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    let first = await fixture.expectScreen { _ in true }
    #expect(first == SignupScreenState())
  }

  @Test(arguments: SignupArchitecture.allCases)
  func malformedUsernameFailsWithAReasonAndMakesNoRequest(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    let cases: [(String, String)] = [
      ("octo_cat", "Username may only contain letters, digits and hyphens (found “_”)"),
      ("-octocat", "Username cannot begin with a hyphen"),
      ("octocat-", "Username cannot end with a hyphen"),
      ("octo--cat", "Username cannot contain consecutive hyphens"),
      (String(repeating: "a", count: 40), "Username is too long (maximum is 39 characters)"),
      ("zoë", "Username may only contain letters, digits and hyphens (found “ë”)"),
    ]
    for (name, message) in cases {
      fixture.screen.typeUsername(name)
      await fixture.expectScreen { $0.username == .failed(message: message) }
    }
    #expect(fixture.server.askedNames.isEmpty)
  }

  @Test(arguments: SignupArchitecture.allCases)
  func availableUsernameShowsValidatingThenAvailable(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    fixture.screen.typeUsername("newbie")
    await fixture.expectScreen { $0.username == .validating }
    await fixture.server.waitFor(.availabilityAsked("newbie"))
    await fixture.clock.advance(by: .milliseconds(199))
    #expect(fixture.recorder.latest?.username == .validating)
    await fixture.clock.advance(by: .milliseconds(1))
    await fixture.expectScreen { $0.username == .ok(message: "Username available") }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func takenUsernameShowsAlreadyTaken(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    fixture.screen.typeUsername("octocat")
    await fixture.server.waitFor(.availabilityAsked("octocat"))
    await fixture.clock.advance(by: .seconds(1))
    await fixture.expectScreen { $0.username == .failed(message: "Username already taken") }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func failingCheckShowsErrorContactingServer(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture) { $0.failing = ["unlucky"] }
    fixture.screen.typeUsername("unlucky")
    await fixture.server.waitFor(.availabilityAsked("unlucky"))
    await fixture.clock.advance(by: .seconds(1))
    await fixture.expectScreen { $0.username == .failed(message: "Error contacting server") }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func olderSlowerAnswerIsNeverShownAfterANewerName(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture) {
      $0.delays = ["slowpoke": .milliseconds(500), "octocat": .milliseconds(100)]
    }
    fixture.screen.typeUsername("slowpoke")
    await fixture.server.waitFor(.availabilityAsked("slowpoke"))
    fixture.screen.typeUsername("octocat")
    await fixture.server.waitFor(.availabilityAsked("octocat"))
    await fixture.clock.advance(by: .milliseconds(100))
    await fixture.expectScreen { $0.username == .failed(message: "Username already taken") }
    // The server still answers "slowpoke: available" at 500 ms; the screen must not show it.
    await fixture.clock.advance(by: .milliseconds(400))
    await fixture.server.waitFor(.availabilityAnswered("slowpoke"))
    await fixture.clock.advance(by: .zero)
    #expect(fixture.recorder.values.allSatisfy { $0.username != .ok(message: "Username available") })
    #expect(fixture.recorder.latest?.username == .failed(message: "Username already taken"))
  }

  @Test(arguments: SignupArchitecture.allCases)
  func clearingTheUsernameDropsTheCheckInFlight(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    fixture.screen.typeUsername("newbie")
    await fixture.server.waitFor(.availabilityAsked("newbie"))
    fixture.screen.typeUsername("")
    await fixture.expectScreen { $0.username == .empty }
    await fixture.clock.advance(by: .seconds(1))
    await fixture.server.waitFor(.availabilityAnswered("newbie"))
    await fixture.clock.advance(by: .zero)
    #expect(fixture.recorder.latest?.username == .empty)
  }

  // MARK: - Passwords

  @Test(arguments: SignupArchitecture.allCases)
  func passwordRows(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    fixture.screen.typePassword("abcd")
    await fixture.expectScreen { $0.password == .failed(message: "Password must be at least 5 characters") }
    fixture.screen.typePassword("abcde")
    await fixture.expectScreen { $0.password == .ok(message: "Password acceptable") }
    fixture.screen.typePassword(String(repeating: "é", count: 37))  // 74 bytes of UTF-8
    await fixture.expectScreen { $0.password == .failed(message: "Password must be at most 72 bytes (UTF-8)") }
    fixture.screen.typePassword("")
    await fixture.expectScreen { $0.password == .empty }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func repeatedPasswordRows(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    fixture.screen.typePassword("secret1")
    fixture.screen.typeRepeatedPassword("secret")
    await fixture.expectScreen { $0.repeatedPassword == .failed(message: "Password different") }
    fixture.screen.typeRepeatedPassword("secret1")
    await fixture.expectScreen { $0.repeatedPassword == .ok(message: "Password repeated") }
    fixture.screen.typeRepeatedPassword("")
    await fixture.expectScreen { $0.repeatedPassword == .empty }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func editingThePasswordRevalidatesTheRepeat(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    fixture.screen.typePassword("secret1")
    fixture.screen.typeRepeatedPassword("secret1")
    await fixture.expectScreen { $0.repeatedPassword == .ok(message: "Password repeated") }
    fixture.screen.typePassword("secret2")
    await fixture.expectScreen { $0.repeatedPassword == .failed(message: "Password different") }
    fixture.screen.typePassword("secret1")
    await fixture.expectScreen { $0.repeatedPassword == .ok(message: "Password repeated") }
  }

  // MARK: - Signing up

  @Test(arguments: SignupArchitecture.allCases)
  func signupIsEnabledOnlyWhenAllThreeAreValid(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.enterAvailableUsername("newbie")
    fixture.screen.typePassword("secret1")
    await fixture.expectScreen { $0.password.isValid }
    #expect(fixture.recorder.latest?.isSignupEnabled == false)
    fixture.screen.typeRepeatedPassword("secret1")
    await fixture.expectScreen { $0.isSignupEnabled }
    fixture.screen.typeRepeatedPassword("secret")
    await fixture.expectScreen { !$0.isSignupEnabled && $0.repeatedPassword == .failed(message: "Password different") }
    // The reactor's and the feedback system's state is one value, so no state ever enables the button
    // without three valid results. The view models' outputs are separate streams a view binds one by
    // one, so it may show them out of step for a moment; what they must agree on is where they settle
    // (checked above).
    if architecture.isOneState {
      #expect(
        fixture.recorder.values.filter(\.isSignupEnabled).allSatisfy {
          $0.username.isValid && $0.password.isValid && $0.repeatedPassword.isValid && !$0.isSigningUp
        }
      )
    }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func signingUpShowsActivityThenTheOutcomeInAnAlert(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.fillValidForm(username: "newbie")
    fixture.screen.tapSignup()
    await fixture.expectScreen { $0.isSigningUp && !$0.isSignupEnabled }
    await fixture.server.waitFor(.signupAsked("newbie"))
    await fixture.clock.advance(by: .seconds(1))
    let shown = await fixture.expectScreen { $0.alert != nil && !$0.isSigningUp }
    #expect(shown.alert == "Signed up as newbie.")
    // The name is the new account's now: "Sign up" is not left enabled on its stale "available".
    #expect(!shown.isSignupEnabled)
    fixture.screen.answerAlert()
    await fixture.expectScreen { $0.alert == nil }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func onlyOneSignupRequestWhileOneIsInFlight(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.fillValidForm(username: "newbie")
    fixture.screen.tapSignup()
    await fixture.expectScreen { $0.isSigningUp }
    fixture.screen.tapSignup()
    fixture.screen.tapSignup()
    await fixture.server.waitFor(.signupAsked("newbie"))
    await fixture.clock.advance(by: .seconds(1))
    await fixture.expectScreen { $0.alert != nil }
    let signups = fixture.server.events.value.filter { $0 == .signupAsked("newbie") }
    #expect(signups.count == 1)
  }

  @Test(arguments: SignupArchitecture.allCases)
  func editingAFieldClearsTheShownOutcome(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.fillValidForm(username: "newbie")
    fixture.screen.tapSignup()
    await fixture.server.waitFor(.signupAsked("newbie"))
    await fixture.clock.advance(by: .seconds(1))
    await fixture.expectScreen { $0.alert == "Signed up as newbie." }
    fixture.screen.typePassword("secret12")
    await fixture.expectScreen { $0.alert == nil }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func failingSignupBecomesAFailedOutcomeNotAnEnd(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture) { $0.signupFails = true }
    await fixture.fillValidForm(username: "newbie")
    fixture.screen.tapSignup()
    await fixture.server.waitFor(.signupAsked("newbie"))
    await fixture.clock.advance(by: .seconds(1))
    await fixture.expectScreen { $0.alert == "Sign up failed: error contacting server." }
    // The screen still works: the next edit is validated as before.
    fixture.screen.answerAlert()
    fixture.screen.typePassword("abc")
    await fixture.expectScreen { $0.password == .failed(message: "Password must be at least 5 characters") }
  }

  @Test(arguments: SignupArchitecture.allCases)
  func signingUpATakenNameShowsTheRefusal(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture)
    await fixture.fillValidForm(username: "newbie")
    // Someone else takes the name between the check and the tap.
    fixture.server.setConfiguration { $0.taken.insert("newbie") }
    fixture.screen.tapSignup()
    await fixture.server.waitFor(.signupAsked("newbie"))
    await fixture.clock.advance(by: .seconds(1))
    await fixture.expectScreen { $0.alert == "Sign up failed: username already taken." }
  }

  // MARK: - Language

  @Test(arguments: SignupArchitecture.allCases)
  func simplifiedChineseMessages(_ architecture: SignupArchitecture) async {
    let fixture = await SignupFixture(architecture, language: .simplifiedChinese)
    fixture.screen.typeUsername("octocat")
    await fixture.expectScreen { $0.username == .validating }
    await fixture.server.waitFor(.availabilityAsked("octocat"))
    await fixture.clock.advance(by: .seconds(1))
    await fixture.expectScreen { $0.username == .failed(message: "用户名已存在") }
    fixture.screen.typePassword("abc")
    await fixture.expectScreen { $0.password == .failed(message: "密码至少需要 5 个字符") }
    fixture.screen.typeRepeatedPassword("abd")
    await fixture.expectScreen { $0.repeatedPassword == .failed(message: "两次输入的密码不一致") }
  }
}
