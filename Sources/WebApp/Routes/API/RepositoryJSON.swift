import Foundation
import GitHubClient
import RepositoryIndex

/// A repository of the index in GitHub's JSON shape: a search item (`GET /search/repositories`) or a
/// full repository (`GET /repos/{owner}/{repo}`), its fields in GitHub's order.
///
/// **Contract:** every field GitHub sends is written: what the index knows as it is, what follows from it as GitHub
/// derives it, everything else `null`, never made up and never left out (a client that finds a field missing fetches
/// the object again), but for unknown `topics`. URLs start with this server's public URL, as GitHub Enterprise answers
/// with its own host; the `*_url` fields of routes this server does not serve are `null`.
enum RepositoryJSON {
  /// The index ranks without a comparable figure, so every item scores 1.0.
  static func searchItem(_ repository: IndexedRepository, baseURL: String) -> String {
    var object = JSONObjectWriter()
    write(repository, baseURL: baseURL, to: &object)
    object.field("score", rawJSON: "1.0")
    return object.text
  }

  /// `GET /repos/{owner}/{repo}`, with the fields GitHub adds there.
  static func full(_ repository: IndexedRepository, baseURL: String) -> String {
    var object = JSONObjectWriter()
    write(repository, baseURL: baseURL, to: &object)
    let owner = owner(of: repository)
    if owner.type == "Organization" { object.field("organization", rawJSON: OwnerJSON.simple(owner, baseURL: baseURL)) }
    object.null("network_count")
    object.null("subscribers_count")
    return object.text
  }

  /// `incomplete_results` is always false: the index answers every search whole.
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
    for key in [
      "forks_url", "keys_url", "collaborators_url", "teams_url", "hooks_url", "issue_events_url", "events_url",
      "assignees_url", "branches_url", "tags_url", "blobs_url", "git_tags_url", "git_refs_url", "trees_url",
      "statuses_url", "languages_url", "stargazers_url", "contributors_url", "subscribers_url", "subscription_url",
      "commits_url", "git_commits_url", "comments_url", "issue_comment_url", "contents_url", "compare_url",
      "merges_url", "archive_url", "downloads_url", "issues_url", "pulls_url", "milestones_url",
      "notifications_url", "labels_url", "releases_url", "deployments_url",
    ] { object.null(key) }
    object.field("created_at", repository.createdAt)
    object.field("updated_at", repository.updatedAt)
    object.field("pushed_at", repository.pushedAt)
    for key in ["git_url", "ssh_url", "clone_url", "svn_url", "homepage", "size"] { object.null(key) }
    object.field("stargazers_count", stars)
    // GitHub's watchers are its stargazers (the watch list became `subscribers_count` in 2012).
    object.field("watchers_count", stars)
    object.field("language", repository.language)
    for key in ["has_issues", "has_projects", "has_downloads", "has_wiki", "has_pages", "has_discussions"] {
      object.null(key)
    }
    object.field("forks_count", repository.forksCount)
    object.null("mirror_url")
    object.field("archived", repository.isArchived)
    object.null("disabled")
    object.null("open_issues_count")
    object.null("license")
    for key in ["allow_forking", "is_template", "web_commit_signoff_required"] { object.null(key) }
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
