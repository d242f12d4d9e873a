import SignupFeature

/// A checksum of the signup feedback system's final state, printed by both sides of `signup-feedback`
/// (this runner and the RxFeedback peer, `Benchmarks/Peers`), so that a reader can see they ended in
/// the same state. FNV-1a (64 bits) of a fixed description, the same text as the peer's: Swift's
/// `Hasher` is seeded per process, so its hashes cannot be compared across processes. The peer's
/// state has no `accountToOpen`, so the description leaves it out.
func finalStateChecksum(_ state: SignupFeedback.State) -> String {
  let screen = state.screen
  let text =
    "username=\(screen.username) \(describe(screen.usernameResult)); "
    + "password=\(screen.password) \(describe(screen.passwordResult)); "
    + "repeated=\(screen.repeatedPassword) \(describe(screen.repeatedPasswordResult)); "
    + "isSigningUp=\(screen.isSigningUp) signupOutcome=\(screen.signupOutcome.map { "\($0)" } ?? "nil"); "
    + "usernameToCheck=\(state.usernameToCheck ?? "nil") signup=\(state.signup?.username ?? "nil")"
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
  }
  let hex = String(hash, radix: 16)
  return String(repeating: "0", count: 16 - hex.count) + hex
}

private func describe(_ result: ValidationResult) -> String {
  switch result {
  case .empty: "empty"
  case .validating: "validating"
  case .ok(let message): "ok(\(message))"
  case .failed(let message): "failed(\(message))"
  }
}
