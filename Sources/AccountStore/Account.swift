public import Foundation

/// A person's account: what the store hands out, never with its password hash.
///
/// `login` keeps the letter case it was created with; lookups ignore case (see
/// ``AccountStore/account(named:)``).
public struct Account: Sendable, Hashable, Codable, Identifiable {
  /// The row id, stable for the account's lifetime.
  public let id: Int64
  /// The username, in the letter case it was signed up with.
  public let login: String
  /// When the account was created, to the millisecond.
  public let createdAt: Date

  public init(id: Int64, login: String, createdAt: Date) {
    self.id = id
    self.login = login
    self.createdAt = createdAt
  }
}
