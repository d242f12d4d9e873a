import Foundation
import Testing
@testable import WebApp

/// The live Search page with GitHub's qualifiers: results filtered, and a query it cannot run
/// explained in the page's language instead of an empty list.
@Suite(.timeLimit(.minutes(1)))
struct LiveSearchQualifierTests {
  static let repositories = ["apple/swift", "other/python"]

  @Test func aQualifierFilters() async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await withLivePage("/live/search?lang=en", of: app, receiving: LiveSearchMessage.self) { send, inbox in
      try await send(event("query", "user:apple"))
      let state = await inbox.first { $0.summary == "1 repository" }
      #expect(state != nil)
      #expect(state?.failure == nil)
    }
  }

  @Test(arguments: [
    ("en", "The search cannot use “size:”. Qualifiers it knows: "),
    ("zh-Hans", "搜索不支持“size:”。可用的限定符："),
  ])
  func anUnsupportedQualifierIsExplainedInThePagesLanguage(language: String, message: String) async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await withLivePage("/live/search?lang=\(language)", of: app, receiving: LiveSearchMessage.self) {
      send, inbox in
      try await send(event("query", "swift size:>10"))
      let failed = await inbox.first { $0.failure != nil }
      #expect(failed?.failure?.message.hasPrefix(message) == true, "\(String(describing: failed?.failure))")
    }
  }
}
