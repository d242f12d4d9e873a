import Foundation
import SearchFeature
import SignupFeature

/// A user event sent by a live page: `{"type": "usernameChanged", "value": "octocat"}`.
struct LiveEvent: Decodable, Sendable {
  let type: String
  let value: String?
}

extension LiveEvent {
  /// Decodes and checks one text message: its size, its JSON, and the length of its text.
  private static func decode(_ text: String, maxBytes: Int) throws(LiveInputError) -> LiveEvent {
    guard text.utf8.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
    guard let event = try? JSONDecoder().decode(LiveEvent.self, from: Data(text.utf8)) else { throw .notJSON }
    if let key = DuplicateKeyScanner.firstDuplicateKey(in: text.utf8) {
      throw .duplicateKey(["type", "value"].contains(key) ? key : nil)
    }
    return event
  }

  private func value(maxCharacters: Int) throws(LiveInputError) -> String {
    guard let value else { throw .missingValue }
    guard value.count <= maxCharacters else { throw .textTooLong(limit: maxCharacters) }
    return value
  }

  /// One text message as a Signup screen event.
  static func signupAction(from text: String, maxBytes: Int, maxCharacters: Int) throws(LiveInputError)
    -> SignupReactor.Action
  {
    let event = try decode(text, maxBytes: maxBytes)
    switch event.type {
    case "usernameChanged": return .usernameChanged(try event.value(maxCharacters: maxCharacters))
    case "passwordChanged": return .passwordChanged(try event.value(maxCharacters: maxCharacters))
    case "repeatedPasswordChanged": return .repeatedPasswordChanged(try event.value(maxCharacters: maxCharacters))
    case "signup": return .signup
    case "dismissOutcome": return .dismissOutcome
    default:
      throw .unknownType(
        allowed: ["usernameChanged", "passwordChanged", "repeatedPasswordChanged", "signup", "dismissOutcome"])
    }
  }

  /// One text message as a Search screen action: `query` (with the search box's text),
  /// `loadNextPage` or `retry`.
  static func searchAction(from text: String, maxBytes: Int, maxCharacters: Int) throws(LiveInputError)
    -> SearchReactor.Action
  {
    let event = try decode(text, maxBytes: maxBytes)
    switch event.type {
    case "query": return .updateQuery(try event.value(maxCharacters: maxCharacters))
    case "loadNextPage": return .loadNextPage
    case "retry": return .retry
    default: throw .unknownType(allowed: ["query", "loadNextPage", "retry"])
    }
  }
}

/// What the server sends a live Signup page: a state to show, or an error about the last message.
enum LiveOutput {
  struct Field: Encodable {
    let message: String
    let tone: String
  }

  struct State: Encodable {
    let type = "state"
    let username: Field
    let password: Field
    let repeatedPassword: Field
    let signupEnabled: Bool
    let signingUp: Bool
    let checkingUsername: Bool
    let networkActive: Bool
    let alert: String?
    /// The page to go to: the account just created, once its alert is answered.
    let location: String?
  }

  struct Failure: Encodable {
    let type = "error"
    let message: String
  }

  static func state(_ state: SignupScreenState, messages: SignupMessages) -> String {
    func field(_ result: ValidationResult) -> Field { Field(message: result.text(messages), tone: result.tone.rawValue) }
    return encode(
      State(
        username: field(state.username),
        password: field(state.password),
        repeatedPassword: field(state.repeatedPassword),
        signupEnabled: state.isSignupEnabled,
        signingUp: state.isSigningUp,
        checkingUsername: state.isCheckingUsername,
        networkActive: state.isNetworkActive,
        alert: state.alert,
        location: state.accountToOpen.map(accountPath)
      )
    )
  }

  /// The path of an account's page, `/{login}` as on GitHub.
  static func accountPath(_ login: String) -> String {
    "/" + (login.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? login)
  }

  /// The error message for a refused message, in the page's language.
  static func failure(_ error: LiveInputError, language: SignupLanguage) -> String {
    encode(Failure(message: error.message(language)))
  }

  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding these plain structs cannot fail.
    return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
  }
}
