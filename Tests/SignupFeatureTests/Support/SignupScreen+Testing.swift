import OctoreactCore
import SignupFeature

extension SignupScreen {
  func typeUsername(_ text: String) { send(.usernameChanged(text)) }
  func typePassword(_ text: String) { send(.passwordChanged(text)) }
  func typeRepeatedPassword(_ text: String) { send(.repeatedPasswordChanged(text)) }
  func tapSignup() { send(.signup) }
  func answerAlert() { send(.dismissOutcome) }
}

extension SignupArchitecture {
  /// True for the engines whose screen is one state value (the reactor, the feedback system), whose
  /// every intermediate state is exact; the view models bind their outputs one by one.
  var isOneState: Bool {
    switch self {
    case .reactor, .feedback: true
    case .mvvm, .driver: false
    }
  }
}
