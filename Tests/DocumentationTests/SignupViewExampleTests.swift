import OctoreactObservation
import SignupFeature
import SignupFeatureTesting
import Testing

#if canImport(SwiftUI)
// README: Using a reactor from SwiftUI
import OctoreactObservation
import SignupFeature
import SwiftUI

struct SignupView: View {
  @State private var store: ObservableStore<SignupReactor>
  private let messages = SignupMessages()

  init(api: SignupAPI) {
    _store = State(initialValue: ObservableStore(SignupReactor(validation: ValidationService(api: api))))
  }

  var body: some View {
    Form {
      TextField("Username", text: store.binding(\.username, send: { .usernameChanged($0) }))
      Text(store.state.usernameResult.text(messages))
      SecureField("Password", text: store.binding(\.password, send: { .passwordChanged($0) }))
      Text(store.state.passwordResult.text(messages))
      SecureField("Repeat password", text: store.binding(\.repeatedPassword, send: { .repeatedPasswordChanged($0) }))
      Text(store.state.repeatedPasswordResult.text(messages))
      Button("Sign up") { store.send(.signup) }
        .disabled(!store.state.isSignupEnabled)
      if store.state.isSigningUp { ProgressView() }
      if let outcome = store.state.signupOutcome { Text(messages.signup(outcome)) }
    }
  }
}
// README: end
#endif

/// The README's SwiftUI example: the view, verbatim between the `README:` markers, compiles where
/// SwiftUI exists; the store behind it is driven here as the view drives it, on every platform.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SignupViewExampleTests {
  #if canImport(SwiftUI)
  @Test func theViewIsMadeFromAnAPI() {
    _ = SignupView(api: .unimplemented())
  }
  #endif

  @Test func theViewsStoreValidatesAsTheUserTypesAndSignsUp() async {
    var api = SignupAPI.unimplemented()
    api.usernameAvailable = { name in name != "octocat" }
    api.signup = { name, _ in .created(username: name) }
    let store = ObservableStore(SignupReactor(validation: ValidationService(api: api)))
    let messages = SignupMessages()

    let username = store.binding(\.username, send: { .usernameChanged($0) })
    username.wrappedValue = "newbie"
    #expect(username.wrappedValue == "newbie")
    #expect(store.state.usernameResult.text(messages) == "validating ...")
    // The server's answer comes from an effect's task, off the main actor.
    while store.state.usernameResult == .validating { await nextChange { _ = store.state } }
    #expect(store.state.usernameResult.text(messages) == "Username available")

    store.binding(\.password, send: { .passwordChanged($0) }).wrappedValue = "hunter22"
    store.binding(\.repeatedPassword, send: { .repeatedPasswordChanged($0) }).wrappedValue = "hunter22"
    #expect(store.state.isSignupEnabled)

    store.send(.signup)
    #expect(store.state.isSigningUp)
    while store.state.isSigningUp { await nextChange { _ = store.state } }
    #expect(store.state.signupOutcome.map(messages.signup) == messages.signup(.created(username: "newbie")))
  }
}
