import RepositoryIndex

/// A repository of the local index, the page the offline Search screen's results link to (GitHub's
/// own page in GitHub mode).
struct RepositoryPage: Sendable {
  let repository: IndexedRepository

  var html: String {
    let githubURL = "https://github.com/\(repository.fullName)"
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="referrer" content="no-referrer">
      <link rel="icon" href="data:,">
      <title>\(HTML.escape(repository.fullName)) · Octoreact</title>
      <link rel="stylesheet" href="/assets/style.css">
      </head>
      <body>
      <main class="wide">
      <p><a href="/search">← Search</a></p>
      <h1>\(HTML.escape(repository.fullName))</h1>
      \(repository.description.map { "<p>\(HTML.escape($0))</p>" } ?? "")
      <dl class="facts">
      <dt>Owner</dt><dd>\(HTML.escape(repository.owner))</dd>
      <dt>Stars</dt><dd>\(repository.stargazersCount)</dd>
      \(repository.language.map { "<dt>Language</dt><dd>\(HTML.escape($0))</dd>" } ?? "")
      </dl>
      <p>On GitHub: <a href="\(HTML.escape(githubURL))" rel="noopener noreferrer">\(HTML.escape(githubURL))</a></p>
      </main>
      </body>
      </html>
      """
  }
}
