/// The names no account may take, because an account's page is at `/{login}` (as on GitHub): the
/// server's own top-level paths, those it has and those it will have, and names that would pass
/// for the site's staff or its pages.
///
/// **The one list.** The Signup screen's validation (``ValidationService/localUsernameResult(_:)``)
/// and the server's `POST /users` (the account store's validation, `422` code `invalid`) both read it,
/// so the screen refuses exactly what the server refuses, with the same message. A name is reserved
/// in any letter case. A path added to the server's top level must be added here first: accounts
/// that already have the name would otherwise hide the new page, or be hidden by it.
public enum ReservedUsernames {
  /// The reserved names, lowercased.
  public static let all: Set<String> = [
    // Top-level paths the server has (`repos` is the API's, answered 404 in JSON under it).
    "signup", "search", "users", "repositories", "repos", "assets", "live",
    // Top-level paths it will have (operations, API, accounts).
    "api", "healthz", "readyz", "metrics", "login", "logout", "session", "sessions", "settings", "admin",
    "about", "account", "accounts", "join", "new", "explore", "help", "docs", "status", "security",
    "privacy", "terms", "dashboard", "notifications", "organizations", "orgs", "topics", "trending",
    "static", "public", "index", "home", "auth", "oauth", "graphql", "raw", "user", "register",
    "signin", "signout", "password-reset",
    // Names that would pass for the site itself.
    "octoreact", "root", "administrator", "support", "www", "web", "mail",
  ]

  /// True when `username` is reserved, in any letter case.
  public static func contains(_ username: String) -> Bool {
    all.contains(username.lowercased())
  }
}
