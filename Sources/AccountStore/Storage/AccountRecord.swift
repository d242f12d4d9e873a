internal import Foundation
internal import GRDB

/// A row of the `accounts` table, password hash included. Never leaves the module.
struct AccountRecord: Codable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "accounts"

  var id: Int64?
  var login: String
  var passwordHash: String
  var createdAt: Date

  enum CodingKeys: String, CodingKey {
    case id
    case login
    case passwordHash = "password_hash"
    case createdAt = "created_at"
  }

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }

  /// The row whose login equals `login` ignoring ASCII case; uses the NOCASE unique index.
  static func named(_ login: String) -> QueryInterfaceRequest<AccountRecord> {
    filter(Column(CodingKeys.login).collating(.nocase) == login)
  }

  /// The public face of the row, without the hash.
  var account: Account {
    guard let id else { preconditionFailure("an account row read from the database always has an id") }
    return Account(id: id, login: login, createdAt: createdAt)
  }
}
