import RepositoryIndex

/// A repository of the local index, the page the offline Search screen's results link to (GitHub's
/// own page in GitHub mode).
struct RepositoryPage: Sendable {
  let repository: IndexedRepository

  var html: String {
    let githubURL = "https://github.com/\(repository.fullName)"
    let body = """
      <main class="wide">
      <p><a href="/search">← Search</a></p>
      <h1>\(HTML.escape(repository.fullName))</h1>
      \(repository.description.map { "<p>\(HTML.escape($0))</p>" } ?? "")
      <dl class="facts">
      <dt>Owner</dt><dd>\(HTML.escape(repository.owner))</dd>
      <dt>Stars</dt><dd>\(repository.knownStargazersCount.map(String.init) ?? "unknown")</dd>
      \(repository.forksCount.map { "<dt>Forks</dt><dd>\($0)</dd>" } ?? "")
      \(repository.language.map { "<dt>Language</dt><dd>\(HTML.escape($0))</dd>" } ?? "")
      \(repository.topics.map { "<dt>Topics</dt><dd>\(HTML.escape($0.joined(separator: ", ")))</dd>" } ?? "")
      \(repository.updatedAt.map { "<dt>Updated</dt><dd>\(HTML.escape($0))</dd>" } ?? "")
      </dl>
      <p>On GitHub: <a href="\(HTML.escape(githubURL))" rel="noopener noreferrer">\(HTML.escape(githubURL))</a></p>
      </main>
      """
    return HTML.document(lang: "en", title: "\(repository.fullName) · Octoreact", body: body)
  }
}
