internal import GRDB

/// An account that owns repositories of the index, as far as the index knows it.
public struct IndexedOwner: Sendable, Hashable {
  /// The login as the index spells it.
  public var login: String
  /// GitHub's id of the account; nil when every repository of it is known only by name.
  public var id: Int64?
  /// `User`, `Organization` or `Bot`; nil when unknown.
  public var type: String?

  public init(login: String, id: Int64? = nil, type: String? = nil) {
    self.login = login
    self.id = id
    self.type = type
  }
}

extension RepositoryIndex {
  /// The repository named `fullName` (`owner/name`, ASCII letter case ignored, as GitHub's names are),
  /// or nil when the index has none.
  ///
  /// **Cost:** one lookup of the unique full-name index.
  public func repository(named fullName: String) async throws(RepositoryIndexError) -> IndexedRepository? {
    try await read { db in
      try Row.fetchOne(
        db, sql: "SELECT \(IndexedRepository.selection) FROM repository r WHERE r.full_name = ?",
        arguments: [fullName]
      ).map(IndexedRepository.init(row:))
    }
  }

  /// The owner `login` (ASCII letter case ignored) of repositories in the index, or nil when it owns none.
  /// Its id and type come from a repository imported from GitHub JSON, when one says them.
  ///
  /// **Cost:** a range of the full-name index (`login/` up to `login0`, '0' following '/'; a login has
  /// no slash, so the range holds no other owner's rows), read until a row that has the owner's id.
  public func owner(named login: String) async throws(RepositoryIndexError) -> IndexedOwner? {
    guard !login.isEmpty, !login.contains("/") else { return nil }
    return try await read { db in
      let range = "SELECT owner, owner_id, owner_type FROM repository WHERE full_name >= ? AND full_name < ?"
      let arguments: StatementArguments = [login + "/", login + "0"]
      let row =
        try Row.fetchOne(db, sql: range + " AND owner_id IS NOT NULL LIMIT 1", arguments: arguments)
        ?? Row.fetchOne(db, sql: range + " LIMIT 1", arguments: arguments)
      return row.map { IndexedOwner(login: $0[0], id: $0[1], type: $0[2]) }
    }
  }
}
