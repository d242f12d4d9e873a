import Foundation
import GitHubClient
import RepositoryIndex

/// A repository of the index in GitHub's JSON shape: a search item (`GET /search/repositories`) or a
/// full repository (`GET /repos/{owner}/{repo}`), its fields in GitHub's order.
///
/// **Contract:** every field GitHub sends is written. What the index knows is written as it is; what
/// follows from it is derived as GitHub derives it (`watchers_count` and `watchers` are the stars,
/// `forks` is `forks_count`, `node_id` the legacy id); everything else is `null`, never made up and
/// never left out, but for unknown `topics` (see ``write(_:baseURL:to:)``). A repository known only by name (imported from an `owner/name` list) knows its name
/// and owner's login only. URLs start with `baseURL`, this server's public URL, as GitHub Enterprise
/// answers with its own host: `url` is this server's `GET /repos/{owner}/{repo}`, `html_url` its page
/// of the repository, `owner.url` its `GET /users/{login}`; the other `*_url` fields name routes this
/// server does not serve (branches, issues, git…), so they are `null`.
enum RepositoryJSON {
  /// The `*_url` fields of GitHub's repository shape between `url` and `created_at`, in GitHub's order.
  static let unservedURLFields = [
    "forks_url", "keys_url", "collaborators_url", "teams_url", "hooks_url", "issue_events_url", "events_url",
    "assignees_url", "branches_url", "tags_url", "blobs_url", "git_tags_url", "git_refs_url", "trees_url",
    "statuses_url", "languages_url", "stargazers_url", "contributors_url", "subscribers_url", "subscription_url",
    "commits_url", "git_commits_url", "comments_url", "issue_comment_url", "contents_url", "compare_url",
    "merges_url", "archive_url", "downloads_url", "issues_url", "pulls_url", "milestones_url",
    "notifications_url", "labels_url", "releases_url", "deployments_url",
  ]

  /// The fields the index never knows, by where they go.
  static let cloneURLFields = ["git_url", "ssh_url", "clone_url", "svn_url", "homepage", "size"]
  static let featureFields = [
    "has_issues", "has_projects", "has_downloads", "has_wiki", "has_pages", "has_discussions",
  ]
  static let policyFields = ["allow_forking", "is_template", "web_commit_signoff_required"]

  /// A search item: the repository with its `score`. The index ranks without a comparable figure, so
  /// every item scores 1.0.
  static func searchItem(_ repository: IndexedRepository, baseURL: String) -> String {
    var object = JSONObjectWriter()
    write(repository, baseURL: baseURL, to: &object)
    object.field("score", 1.0)
    return object.text
  }

  /// `GET /repos/{owner}/{repo}`: the repository with the fields GitHub adds there (`organization` for
  /// a repository an organization owns; the network and subscriber counts, unknown here).
  static func full(_ repository: IndexedRepository, baseURL: String) -> String {
    var object = JSONObjectWriter()
    write(repository, baseURL: baseURL, to: &object)
    let owner = owner(of: repository)
    if owner.type == "Organization" { object.field("organization", rawJSON: OwnerJSON.simple(owner, baseURL: baseURL)) }
    object.null("network_count")
    object.null("subscribers_count")
    return object.text
  }

  /// The search response: `total_count`, `incomplete_results` (always false: the index answers every
  /// search whole) and the page's items.
  static func searchResponse(totalCount: Int, items: [IndexedRepository], baseURL: String) -> String {
    var object = JSONObjectWriter()
    object.field("total_count", totalCount)
    object.field("incomplete_results", false)
    object.field("items", rawJSON: "[" + items.map { searchItem($0, baseURL: baseURL) }.joined(separator: ",") + "]")
    return object.text
  }

  static func owner(of repository: IndexedRepository) -> IndexedOwner {
    IndexedOwner(login: repository.owner, id: repository.ownerID, type: repository.ownerType)
  }

  private static func write(_ repository: IndexedRepository, baseURL: String, to object: inout JSONObjectWriter) {
    let id = GitHubRepository.publicID(ofIndexRow: repository.id)
    let stars = repository.knownStargazersCount
    object.field("id", id)
    object.field("node_id", GitHubRepository.nodeID(ofRepository: id))
    object.field("name", repository.name)
    object.field("full_name", repository.fullName)
    object.null("private")
    object.field("owner", rawJSON: OwnerJSON.simple(owner(of: repository), baseURL: baseURL))
    object.field("html_url", "\(baseURL)/repositories/\(repository.fullName)")
    object.field("description", repository.description)
    object.field("fork", repository.isFork)
    object.field("url", "\(baseURL)/repos/\(repository.fullName)")
    for key in unservedURLFields { object.null(key) }
    object.field("created_at", repository.createdAt)
    object.field("updated_at", repository.updatedAt)
    object.field("pushed_at", repository.pushedAt)
    for key in cloneURLFields { object.null(key) }
    object.field("stargazers_count", stars)
    // GitHub's watchers are its stargazers (the watch list became `subscribers_count` in 2012).
    object.field("watchers_count", stars)
    object.field("language", repository.language)
    for key in featureFields { object.null(key) }
    object.field("forks_count", repository.forksCount)
    object.null("mirror_url")
    object.field("archived", repository.isArchived)
    object.null("disabled")
    object.null("open_issues_count")
    object.null("license")
    for key in policyFields { object.null(key) }
    // An array in GitHub's schema, never null, and optional there: clients refuse a `null` (PyGithub
    // raises on reading it), so unknown topics are left out, the one field that is.
    if let topics = repository.topics { object.field("topics", strings: topics) }
    object.null("visibility")
    object.field("forks", repository.forksCount)
    object.null("open_issues")
    object.field("watchers", stars)
    object.null("default_branch")
  }
}
