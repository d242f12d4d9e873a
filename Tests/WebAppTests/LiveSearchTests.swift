import Foundation
import Testing
@testable import WebApp

/// One message the server sent a live Search page, decoded as `search.js` reads it.
struct LiveSearchMessage: Decodable, Sendable {
  struct Item: Decodable, Sendable {
    let id: Int64
    let fullName: String
    let url: String
  }

  struct Repos: Decodable, Sendable {
    let replace: [Item]?
    let append: [Item]?
  }

  struct Failure: Decodable, Sendable {
    let message: String
    let resetsAt: Int64?
  }

  let type: String
  let message: String?
  let repos: Repos?
  let summary: String?
  let isLoading: Bool?
  let isLoadingNextPage: Bool?
  let hasNextPage: Bool?
  let failure: Failure?

  var isState: Bool { type == "state" }
}

/// The live Search page on a real server: its reactor searches this server's own API over HTTP.
@Suite(.timeLimit(.minutes(1)))
struct LiveSearchTests {
  static let repositories = (1...45).map { "owner\($0)/swift-tool-\($0)" } + ["apple/swift", "other/python"]

  func withSearchPage(
    _ app: TestApp, engine: String = "reactor",
    _ body: @escaping @Sendable (_ send: @Sendable (String) async throws -> Void, _ inbox: LiveInbox<LiveSearchMessage>)
      async throws -> Void
  ) async throws {
    try await withLivePage("/live/search?engine=\(engine)&lang=en", of: app, receiving: LiveSearchMessage.self, body)
  }

  /// The list the page shows after `messages`, applied as `search.js` applies them.
  func shownList(_ messages: [LiveSearchMessage]) -> [String] {
    messages.reduce(into: [String]()) { list, message in
      if let replace = message.repos?.replace { list = replace.map(\.fullName) }
      if let append = message.repos?.append { list += append.map(\.fullName) }
    }
  }

  @Test(arguments: LiveSearchScreen.engines)
  func aQueryShowsTheFirstPageThenMoreResultsAreAppended(_ engine: String) async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await withSearchPage(app, engine: engine) { send, inbox in
      try await send(event("query", "swift"))
      let firstState = await inbox.first { $0.summary == "46 repositories" && $0.isLoading == false }
      #expect(firstState?.hasNextPage == true)
      let firstPage = shownList(inbox.received)
      #expect(firstPage.count == 30)
      #expect(firstPage.first == "apple/swift")

      try await send(event("loadNextPage"))
      _ = await inbox.first { $0.repos?.append?.count == 16 }
      let all = shownList(inbox.received)
      #expect(all.count == 46)
      #expect(Set(all).count == 46)
      #expect(Array(all.prefix(30)) == firstPage)
      let last = await inbox.first { $0.hasNextPage == false && $0.isLoadingNextPage == false }
      #expect(last != nil)
    }
  }

  @Test(arguments: LiveSearchScreen.engines)
  func aNewQueryReplacesTheResultsAndClearingEmptiesThem(_ engine: String) async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await withSearchPage(app, engine: engine) { send, inbox in
      try await send(event("query", "swift"))
      _ = await inbox.first { $0.summary == "46 repositories" }
      try await send(event("query", "python"))
      _ = await inbox.first { $0.summary == "1 repository" }
      #expect(shownList(inbox.received) == ["other/python"])
      let shown = inbox.received.count
      try await send(event("query", ""))
      _ = await inbox.first(skipping: shown) {
        $0.summary == "Type a name or keywords to search the repositories this server knows."
      }
      #expect(shownList(inbox.received) == [])
    }
  }

  @Test(arguments: LiveSearchScreen.engines)
  func noMatchSaysSo(_ engine: String) async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await withSearchPage(app, engine: engine) { send, inbox in
      try await send(event("query", "haskell"))
      let empty = await inbox.first { $0.summary == "No repositories match “haskell”" }
      #expect(empty != nil)
    }
  }

  @Test(arguments: LiveSearchScreen.engines)
  func theRateLimitIsShownWithItsResetTimeAndRetryWorksAfterIt(_ engine: String) async throws {
    var configuration = AppConfiguration(port: 0, usernameThrottle: .zero, queryThrottle: .zero)
    configuration.rateLimits = RateLimits(search: RateLimitRule(limit: 1, window: .seconds(60)))
    let app = try await TestApp.withRepositories(Self.repositories, configuration: configuration)
    try await withSearchPage(app, engine: engine) { send, inbox in
      try await send(event("query", "swift"))
      _ = await inbox.first { $0.summary == "46 repositories" }
      try await send(event("query", "python"))
      let failed = await inbox.first { $0.failure != nil }
      let limited = try #require(failed)
      #expect(limited.failure?.message.hasPrefix("This server's rate limit is exhausted. Try again in") == true)
      let resetsAt = try #require(limited.failure?.resetsAt)
      #expect(resetsAt > Int64(Date().timeIntervalSince1970 * 1000))
      // The message belongs to "python": the results of "swift" do not stay under it.
      #expect(shownList(inbox.received).isEmpty)
      #expect(limited.summary == "")
    }
  }

  @Test func badMessagesGetAnErrorAndTheConnectionGoesOn() async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await withSearchPage(app) { send, inbox in
      try await send("not json")
      try await send(#"{"type":"dance"}"#)
      try await send(#"{"type":"query"}"#)
      let errors = await inbox.first { $0.type == "error" && $0.message?.contains("needs a string") == true }
      #expect(errors != nil)
      #expect(inbox.received.contains { $0.message == "Unknown action: use query, loadNextPage or retry" })
      try await send(event("query", "python"))
      _ = await inbox.first { $0.summary == "1 repository" }
      #expect(shownList(inbox.received) == ["other/python"])
    }
  }
}
