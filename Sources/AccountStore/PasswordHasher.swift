internal import HummingbirdBcrypt
internal import AccountRules

/// How passwords are hashed and checked: a struct of closures, so tests can count calls or
/// swap in a cheaper cost.
///
/// **Threading:** both functions are slow on purpose (bcrypt at cost 12 takes about 250 ms) and
/// block the thread that calls them. ``AccountStore`` never calls them on Swift's cooperative
/// thread pool: it runs them on GCD threads, a bounded number at once (see `HashingQueue`).
///
/// For example:
///
/// ```swift
/// let hasher = PasswordHasher.bcrypt(cost: 12)
/// let hash = hasher.hash("correct horse")       // "$2b$12$…"
/// hasher.verify("correct horse", hash: hash)    // true
/// ```
public struct PasswordHasher: Sendable {
  /// The longest password, in UTF-8 bytes, this hasher reads in full. ``AccountStore`` refuses a
  /// ``PasswordPolicy`` that allows more, so no password is ever silently truncated.
  public let maximumPasswordBytes: Int
  private let hashPassword: @Sendable (_ password: String) -> String
  private let verifyPassword: @Sendable (_ password: String, _ hash: String) -> Bool

  public init(
    maximumPasswordBytes: Int = .max,
    hash: @escaping @Sendable (_ password: String) -> String,
    verify: @escaping @Sendable (_ password: String, _ hash: String) -> Bool
  ) {
    self.maximumPasswordBytes = maximumPasswordBytes
    self.hashPassword = hash
    self.verifyPassword = verify
  }

  /// A salted hash of `password`, in the hasher's own string format. Slow and blocking.
  public func hash(_ password: String) -> String {
    hashPassword(password)
  }

  /// True when `password` matches `hash`. Slow and blocking.
  public func verify(_ password: String, hash: String) -> Bool {
    verifyPassword(password, hash)
  }

  /// The least bcrypt cost for production: 2¹² rounds, about 250 ms a hash on a server core.
  public static let minimumProductionCost: UInt8 = 12

  /// Bcrypt (HummingbirdBcrypt), producing `$2b$<cost>$…` hashes.
  ///
  /// Use ``minimumProductionCost`` (12) or more in production. The cost must lie in 4...31.
  public static func bcrypt(cost: UInt8 = minimumProductionCost) -> PasswordHasher {
    precondition((4...31).contains(cost), "bcrypt cost must be between 4 and 31")
    return PasswordHasher(
      maximumPasswordBytes: PasswordPolicy.bcryptMaximumBytes,
      hash: { Bcrypt.hash($0, cost: cost) },
      verify: { Bcrypt.verify($0, hash: $1) }
    )
  }

  /// Bcrypt at cost 4, its minimum: about a millisecond a hash. **Tests and benchmarks only**;
  /// it offers no protection to a stolen database.
  public static let insecureFastBcryptForTesting = PasswordHasher.bcrypt(cost: 4)
}
