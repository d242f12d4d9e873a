/// A checksum of the signup feedback system's final state, printed by both sides of `signup-feedback`
/// so that a reader can see they ended in the same state. The same text and hash as the project's
/// Benchmarks/ReactorWorkloads/FinalStateChecksum.swift: FNV-1a (64 bits) of a fixed description
/// (Swift's `Hasher` is seeded per process, so it cannot be compared across processes).
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
