import Foundation
import RepositoryIndex

/// An account that owns repositories of the index, in GitHub's user shape: the `owner` of a repository,
/// and the body of `GET /users/{login}` for a login that is no account of this server.
///
/// **Contract:** as ``RepositoryJSON``: what the index knows is written, every other field is `null`;
/// `url` is this server's `GET /users/{login}`.
enum OwnerJSON {
  /// As the `owner` of a repository.
  static func simple(_ owner: IndexedOwner, baseURL: String) -> String {
    var object = JSONObjectWriter()
    writeSimple(owner, baseURL: baseURL, to: &object)
    return object.text
  }

  /// `GET /users/{login}`: the simple fields, then those of a profile.
  static func full(_ owner: IndexedOwner, baseURL: String) -> String {
    var object = JSONObjectWriter()
    writeSimple(owner, baseURL: baseURL, to: &object)
    for key in [
      "name", "company", "blog", "location", "email", "hireable", "bio", "twitter_username", "public_repos",
      "public_gists", "followers", "following", "created_at", "updated_at",
    ] { object.null(key) }
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
    for key in [
      "followers_url", "following_url", "gists_url", "starred_url", "subscriptions_url", "organizations_url",
      "repos_url", "events_url", "received_events_url",
    ] { object.null(key) }
    object.field("type", owner.type)
    object.null("user_view_type")
    object.null("site_admin")
  }

  /// By id when known, else by login (GitHub redirects that one).
  static func avatarURL(of owner: IndexedOwner) -> String {
    owner.id.map { "https://avatars.githubusercontent.com/u/\($0)?v=4" } ?? "https://github.com/\(owner.login).png"
  }

  /// GitHub's legacy global id: base64 of `04:User583231` (the type's length, the type, the id).
  static func nodeID(of owner: IndexedOwner) -> String? {
    guard let id = owner.id, let type = owner.type else { return nil }
    return Data("0\(type.count):\(type)\(id)".utf8).base64EncodedString()
  }
}
