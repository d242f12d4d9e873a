import AccountStore
import Synchronization

/// A fast bcrypt hasher that counts its calls, notes whether any ran inside a Swift task, and can
/// run a hook before each hash.
final class HasherProbe: Sendable {
  struct Counts: Sendable, Equatable {
    var hashes = 0
    var verifications = 0
    var ranInsideSwiftTask = false
  }

  private let state = Mutex(Counts())
  private let beforeHash: @Sendable () -> Void

  init(beforeHash: @escaping @Sendable () -> Void = {}) {
    self.beforeHash = beforeHash
  }

  var counts: Counts { state.withLock { $0 } }

  var hasher: PasswordHasher {
    let base = PasswordHasher.insecureFastBcryptForTesting
    return PasswordHasher(
      maximumPasswordBytes: base.maximumPasswordBytes,
      hash: { password in
        self.record { $0.hashes += 1 }
        self.beforeHash()
        return base.hash(password)
      },
      verify: { password, hash in
        self.record { $0.verifications += 1 }
        return base.verify(password, hash: hash)
      }
    )
  }

  private func record(_ change: (inout Counts) -> Void) {
    let insideTask = withUnsafeCurrentTask { $0 != nil }
    state.withLock { counts in
      change(&counts)
      counts.ranInsideSwiftTask = counts.ranInsideSwiftTask || insideTask
    }
  }
}
