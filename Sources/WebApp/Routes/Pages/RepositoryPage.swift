import AccountRules
import Foundation
import RepositoryIndex
import SignupFeature

/// A repository of the local index, which the offline Search screen's results link to. A figure the
/// index does not have is left out, except the stars, shown as "unknown" (never 0). Dates are days in UTC.
struct RepositoryPage: Sendable {
  let repository: IndexedRepository
  var language: Language = .english

  var html: String {
    let text = PageText(language: language)
    let githubURL = "https://github.com/\(repository.fullName)"
    let searchLink = language == .english ? "/search" : "/search?lang=\(language.rawValue)"
    let badges = [repository.isFork == true ? text.fork : nil, repository.isArchived == true ? text.archived : nil]
      .compactMap { $0 }
    let body = """
      <main id="repository-page" class="wide">
      <p><a href="\(searchLink)">← \(HTML.escape(text.searchTitle))</a></p>
      <h1>\(HTML.escape(repository.fullName))</h1>
      \(badges.isEmpty ? "" : "<p class=\"badges\">\(HTML.escape(badges.joined(separator: " · ")))</p>")
      \(repository.description.map { "<p class=\"description-lead\">\(HTML.escape($0))</p>" } ?? "")
      <dl class="facts">
      \(fact(text.owner, HTML.escape(repository.owner)))
      \(fact(text.stars, repository.knownStargazersCount.map(Self.grouped) ?? HTML.escape(text.unknown)))
      \(repository.forksCount.map { fact(text.forks, Self.grouped($0)) } ?? "")
      \(repository.language.map { fact(text.programmingLanguage, HTML.escape($0)) } ?? "")
      \(repository.topics.flatMap { $0.isEmpty ? nil : fact(text.topics, Self.topicList($0)) } ?? "")
      \(repository.createdAt.map { fact(text.created, Self.time($0)) } ?? "")
      \(repository.updatedAt.map { fact(text.updated, Self.time($0)) } ?? "")
      </dl>
      <p><a class="github-link" href="\(HTML.escape(githubURL))" rel="noopener">\
      \(HTML.escape(text.viewOnGitHub))</a></p>
      </main>
      """
    return HTML.document(lang: language.rawValue, title: "\(repository.fullName) · Octoreact", body: body)
  }

  /// `value` is HTML already.
  private func fact(_ name: String, _ value: String) -> String {
    "<dt>\(HTML.escape(name))</dt><dd>\(value)</dd>"
  }

  private static func topicList(_ topics: [String]) -> String {
    #"<ul class="topics">"# + topics.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
  }

  /// An instant as its day, with the instant for machines; any other text as it is.
  private static func time(_ instant: String) -> String {
    guard let date = Timestamp.date(from: instant) else { return HTML.escape(instant) }
    return #"<time datetime="\#(Timestamp.string(from: date))">\#(Timestamp.day(of: date))</time>"#
  }

  /// `67,000` in both languages and on every machine.
  private static func grouped(_ number: Int) -> String {
    number.formatted(.number.locale(Locale(identifier: "en_US")))
  }
}
