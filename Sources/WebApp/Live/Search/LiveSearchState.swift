import Foundation
import SearchFeature

/// Renders a Search screen's states as the JSON messages `search.js` applies: a next page goes out as
/// an append to the results the page already shows, not the whole list.
///
/// A message: `{"type": "state", "repos": {"replace": […]} | {"append": […]} | {}, "summary": "…",
/// "isLoading": false, "isLoadingNextPage": false, "hasNextPage": true, "failure": null |
/// {"message": "…", "canRetry": true, "resetsAt": 1700000000000, "countdown": "… {seconds} …"},
/// "announcement": null | "…"}`.
/// A row's texts (stars, updated date) and the announcement of an append come in the page's language,
/// so the script writes no words of its own.
struct LiveSearchState: Sendable {
  let messages: SearchMessages
  let now: @Sendable () -> Date

  init(messages: SearchMessages, now: @escaping @Sendable () -> Date = Date.init) {
    self.messages = messages
    self.now = now
  }

  /// The message for `state` on a page that shows `previous` (nil for the first message, which always
  /// replaces the list: a reconnected page may still show results of its previous connection).
  func render(_ state: SearchReactor.State, after previous: SearchReactor.State?) -> String {
    var object = JSONObjectWriter()
    object.field("type", "state")
    var repos = JSONObjectWriter()
    var added = 0
    if let previous, state.repos.count >= previous.repos.count,
      zip(state.repos, previous.repos).allSatisfy({ $0.id == $1.id })
    {
      added = state.repos.count - previous.repos.count
      if added > 0 { repos.field("append", state.repos.dropFirst(previous.repos.count).map(item)) }
    } else {
      repos.field("replace", state.repos.map(item))
    }
    object.field("repos", repos)
    object.field("summary", messages.summary(of: state))
    object.field("isLoading", state.isLoading)
    object.field("isLoadingNextPage", state.isLoadingNextPage)
    object.field("hasNextPage", state.nextPage != nil)
    if let failure = state.failure { object.field("failure", self.failure(failure)) } else { object.null("failure") }
    // For screen readers, once, when a next page was appended: how many came and how many are shown.
    object.field(
      "announcement",
      added > 0
        ? messages.appended(added, shown: state.repos.count, of: max(state.totalCount ?? 0, state.repos.count)) : nil)
    return object.text
  }

  private func item(_ repository: Repository) -> JSONObjectWriter {
    var item = JSONObjectWriter()
    item.field("id", repository.id)
    item.field("fullName", repository.fullName)
    item.field("url", repository.htmlURL)
    item.field("description", repository.description)
    item.field("language", repository.language)
    // null when unknown: the page then says so (`starsText`) rather than 0.
    item.field("stars", repository.stargazersCount.map(Int64.init))
    item.field("starsText", messages.stars(repository.stargazersCount))
    // When the repository last changed (ISO 8601, for `<time datetime>`), and that day in words.
    item.field("updatedAt", repository.updatedAt.map(JSONObjectWriter.timestamp))
    item.field("updatedText", repository.updatedAt.map(messages.updated))
    return item
  }

  private func failure(_ failure: SearchFailure) -> JSONObjectWriter {
    var object = JSONObjectWriter()
    object.field("message", messages.failure(failure, now: now()))
    // Whether the page offers "Retry" (``SearchFailure/isWorthRetrying``).
    object.field("canRetry", failure.isWorthRetrying)
    guard case .rateLimited(let resetsAt?) = failure else {
      object.null("resetsAt")
      object.null("countdown")
      return object
    }
    // When the limit resets, in milliseconds since 1970, for the page's countdown; `exactly`: a reset
    // beyond Int64 milliseconds (a hostile header) gets no countdown instead of a trap.
    let milliseconds = Int64(exactly: (resetsAt.timeIntervalSince1970 * 1000).rounded())
    object.field("resetsAt", milliseconds)
    object.field("countdown", messages.rateLimitedCountdown)
    return object
  }
}
