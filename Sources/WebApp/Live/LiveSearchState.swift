import Foundation
import SearchFeature

/// Renders a Search screen's states as the JSON messages `search.js` applies, remembering which
/// results the page already shows so that a next page goes out as an append, not the whole list.
///
/// A message: `{"type": "state", "repos": {"replace": […]} | {"append": […]} | {}, "summary": "…",
/// "isLoading": false, "isLoadingNextPage": false, "hasNextPage": true, "failure": null |
/// {"message": "…", "canRetry": true, "resetsAt": 1700000000000, "countdown": "… {seconds} …"},
/// "announcement": null | "…"}`.
/// A row's texts (stars, updated date) and the announcement of an append come in the page's language,
/// so the script writes no words of its own.
struct LiveSearchState {
  let messages: SearchMessages
  let now: @Sendable () -> Date
  /// The ids of the results the page shows; `nil` until the first message, which always replaces
  /// the list (a reconnected page may still show results of its previous connection).
  private var shown: [Int64]?

  init(messages: SearchMessages, now: @escaping @Sendable () -> Date = Date.init) {
    self.messages = messages
    self.now = now
  }

  struct Item: Encodable {
    let id: Int64
    let fullName: String
    let url: String
    let description: String?
    let language: String?
    /// nil (`null`) when unknown: the page then says so (`starsText`) rather than 0.
    let stars: Int?
    /// "1,234 stars", or "Stars unknown".
    let starsText: String
    /// When the repository last changed (ISO 8601, for `<time datetime>`), and that day in words.
    let updatedAt: String?
    let updatedText: String?
  }

  struct Repos: Encodable {
    var replace: [Item]?
    var append: [Item]?
  }

  struct Failure: Encodable {
    let message: String
    /// Whether the page offers "Retry" (``SearchFailure/isWorthRetrying``).
    let canRetry: Bool
    /// When a rate limit resets, in milliseconds since 1970, for the page's countdown.
    let resetsAt: Int64?
    /// The rate-limit message with `{seconds}` where the page puts the seconds left.
    let countdown: String?
  }

  struct Message: Encodable {
    let type = "state"
    let repos: Repos
    let summary: String
    let isLoading: Bool
    let isLoadingNextPage: Bool
    let hasNextPage: Bool
    let failure: Failure?
    /// For screen readers, once, when a next page was appended: how many came and how many are shown.
    let announcement: String?
  }

  /// The message for `state`, and what the page will show after it.
  mutating func render(_ state: SearchReactor.State) -> String {
    let repos = reposChange(state.repos)
    return LiveOutput.encode(
      Message(
        repos: repos,
        summary: summary(state),
        isLoading: state.isLoading,
        isLoadingNextPage: state.isLoadingNextPage,
        hasNextPage: state.nextPage != nil,
        failure: state.failure.map(failure),
        announcement: repos.append.map { added in
          messages.appended(added.count, shown: state.repos.count, of: max(state.totalCount ?? 0, state.repos.count))
        }
      )
    )
  }

  private mutating func reposChange(_ repos: [Repository]) -> Repos {
    defer { shown = repos.map(\.id) }
    guard let shown, repos.count >= shown.count, zip(repos, shown).allSatisfy({ $0.id == $1 }) else {
      return Repos(replace: repos.map(item))
    }
    let added = repos.dropFirst(shown.count)
    return added.isEmpty ? Repos() : Repos(append: added.map(item))
  }

  private func item(_ repository: Repository) -> Item {
    Item(
      id: repository.id,
      fullName: repository.fullName,
      url: repository.htmlURL,
      description: repository.description,
      language: repository.language,
      stars: repository.stargazersCount,
      starsText: messages.stars(repository.stargazersCount),
      updatedAt: repository.updatedAt.map {
        ISO8601DateFormatter.string(from: $0, timeZone: .gmt, formatOptions: [.withInternetDateTime])
      },
      updatedText: repository.updatedAt.map(messages.updated)
    )
  }

  private func summary(_ state: SearchReactor.State) -> String {
    guard let terms = state.searchTerms else { return messages.startHint }
    guard let totalCount = state.totalCount else { return state.isLoading ? messages.loading : "" }
    let summary =
      totalCount == 0 && state.repos.isEmpty
      ? messages.noResults(for: terms) : messages.summary(resultCount: totalCount, incomplete: state.incompleteResults)
    // Why field qualifiers found fewer than the words: the index knows those repositories by name only.
    guard let leftOut = state.unfilterableMatches else { return summary }
    let separator = messages.language == .english ? ". " : "。"
    return summary + separator + messages.unfilterableMatches(leftOut)
  }

  private func failure(_ failure: SearchFailure) -> Failure {
    let message = messages.failure(failure, now: now())
    guard case .rateLimited(let resetsAt?) = failure else {
      return Failure(message: message, canRetry: failure.isWorthRetrying, resetsAt: nil, countdown: nil)
    }
    // The page counts down by itself; the message for 2 seconds, with the number as a placeholder,
    // is the template (both languages write the seconds as digits, once).
    let countdown = messages.rateLimited(secondsRemaining: 2).replacingOccurrences(of: "2", with: "{seconds}")
    return Failure(
      message: message,
      canRetry: failure.isWorthRetrying,
      // `exactly`: a reset beyond Int64 milliseconds (a hostile header) gets no countdown instead of a trap.
      resetsAt: Int64(exactly: (resetsAt.timeIntervalSince1970 * 1000).rounded()),
      countdown: countdown.contains("{seconds}") ? countdown : nil
    )
  }
}
