import Foundation
import RepositoryIndex

/// An account that owns repositories of the index, in GitHub's user shape: the `owner` of a repository,
/// and the body of `GET /users/{login}` for a login that is no account of this server.
///
/// **Contract:** what the index knows (login, id, type) is written; every other field GitHub sends is
/// `null`, never made up and never left out (a client that finds a field missing fetches the object
/// again from its `url`). `url` is this server's `GET /users/{login}`, which answers for the owner;
/// the other `*_url` fields name routes this server does not serve, so they are `null` too.
enum OwnerJSON {
  /// The `*_url` fields of GitHub's user shape besides `url` and `html_url`, in GitHub's order.
  static let unservedURLFields = [
    "followers_url", "following_url", "gists_url", "starred_url", "subscriptions_url", "organizations_url",
    "repos_url", "events_url", "received_events_url",
  ]

  /// The fields of a full user (`GET /users/{login}`) after the simple user's, in GitHub's order.
  static let profileFields = [
    "name", "company", "blog", "location", "email", "hireable", "bio", "twitter_username", "public_repos",
    "public_gists", "followers", "following", "created_at", "updated_at",
  ]

  /// GitHub's "simple user" shape, as the `owner` of a repository.
  static func simple(_ owner: IndexedOwner, baseURL: String) -> String {
    var object = JSONObjectWriter()
    writeSimple(owner, baseURL: baseURL, to: &object)
    return object.text
  }

  /// The full user shape of `GET /users/{login}`: the simple user and the profile, all `null`.
  static func full(_ owner: IndexedOwner, baseURL: String) -> String {
    var object = JSONObjectWriter()
    writeSimple(owner, baseURL: baseURL, to: &object)
    for key in profileFields { object.null(key) }
    return object.text
  }

  private static func writeSimple(_ owner: IndexedOwner, baseURL: String, to object: inout JSONObjectWriter) {
    object.field("login", owner.login)
    object.field("id", owner.id)
    object.field("node_id", nodeID(of: owner))
    object.field("avatar_url", avatarURL(of: owner))
    object.null("gravatar_id")
    object.field("url", "\(baseURL)/users/\(owner.login)")
    // The account pages (`/{login}`) show this server's accounts, not the index's owners.
    object.null("html_url")
    for key in unservedURLFields { object.null(key) }
    object.field("type", owner.type)
    object.null("user_view_type")
    object.null("site_admin")
  }

  /// GitHub's picture of the account: by id when known, else by login (GitHub redirects that one).
  static func avatarURL(of owner: IndexedOwner) -> String {
    owner.id.map { "https://avatars.githubusercontent.com/u/\($0)?v=4" } ?? "https://github.com/\(owner.login).png"
  }

  /// GitHub's legacy global id (base64 of `04:User583231`: the type's length, the type and the id),
  /// which follows from the id and type; nil when either is unknown.
  static func nodeID(of owner: IndexedOwner) -> String? {
    guard let id = owner.id, let type = owner.type else { return nil }
    return Data("0\(type.count):\(type)\(id)".utf8).base64EncodedString()
  }
}
