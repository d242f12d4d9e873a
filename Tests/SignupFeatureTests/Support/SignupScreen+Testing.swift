import OctoreactCore
import SignupFeature

extension SignupScreen {
  func typeUsername(_ text: String) { send(.usernameChanged(text)) }
  func typePassword(_ text: String) { send(.passwordChanged(text)) }
  func typeRepeatedPassword(_ text: String) { send(.repeatedPasswordChanged(text)) }
  func tapSignup() { send(.signup) }
  func answerAlert() { send(.dismissOutcome) }
}
