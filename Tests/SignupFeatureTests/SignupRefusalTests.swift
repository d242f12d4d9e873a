import AccountRules
import SignupFeature
import Testing

/// A server that says "wait" (rate limit, busy) is shown as such, with the time to wait, never as
/// "Error contacting server".
struct SignupRefusalTests {
  static func service(_ error: SignupAPIError, language: Language = .english) -> ValidationService {
    ValidationService(
      api: SignupAPI(usernameAvailable: { _ in throw error }, signup: { _, _ in throw error }),
      messages: SignupMessages(language)
    )
  }

  @Test func aRateLimitedSignupSaysWhenToTryAgain() async {
    let outcome = await Self.service(.rateLimited(retryAfter: .milliseconds(41_200))).signup(
      username: "octocat", password: "secret12")
    #expect(outcome == .rateLimited(retryAfter: .milliseconds(41_200)))
    #expect(SignupMessages(.english).signup(outcome) == "Sign up failed: too many attempts, try again in 42 s.")
    #expect(SignupMessages(.simplifiedChinese).signup(outcome) == "注册失败！尝试次数过多，请在 42 秒后重试")
    #expect(!outcome.isSuccess)
  }

  @Test func aBusyServerSaysWhenToTryAgain() async {
    let outcome = await Self.service(.serverBusy(retryAfter: .seconds(3))).signup(
      username: "octocat", password: "secret12")
    #expect(outcome == .serverBusy(retryAfter: .seconds(3)))
    #expect(SignupMessages(.english).signup(outcome) == "Sign up failed: the server is busy, try again in 3 s.")
  }

  @Test func aRateLimitedCheckSaysWhenToTryAgain() async {
    let result = await Self.service(.rateLimited(retryAfter: .seconds(900)), language: .simplifiedChinese)
      .availability(of: "octocat")
    #expect(result == .failed(message: "请求过于频繁，请在 900 秒后重试"))
  }

  @Test func anAbsurdRetryAfterIsShownCapped() {
    // A server's retry-after of any size: shown capped at a year, never a trap converting it.
    let message = SignupMessages(.english).rateLimited(retryAfter: .seconds(Int64.max))
    #expect(message == "Rate limit reached: try again in 31536000 s")
  }
}
