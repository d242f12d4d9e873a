import AccountRules
import SignupFeature
import Testing

/// The Signup screen's rate-limit message for any wait a server names, however long.
@Suite struct SignupMessagesTests {
  @Test(arguments: [
    (Duration.seconds(12), "Rate limit reached: try again in 12 s"),
    (.milliseconds(1_500), "Rate limit reached: try again in 2 s"),
    (.zero, "Rate limit reached: try again in 1 s"),
    (.seconds(-5), "Rate limit reached: try again in 1 s"),
  ])
  func aWaitIsRoundedUpToWholeSeconds(_ wait: Duration, _ text: String) {
    #expect(SignupMessages(.english).rateLimited(retryAfter: wait) == text)
  }

  /// Converting the longest wait to whole seconds once trapped; a wait is shown capped at a year.
  @Test func theLongestWaitIsShownInsteadOfTrapping() {
    let wait = Duration(secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999)

    #expect(SignupMessages(.english).rateLimited(retryAfter: wait) == "Rate limit reached: try again in 31536000 s")
  }
}
