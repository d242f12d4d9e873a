import Foundation
import Testing
@testable import WebApp

/// The live Search page on an index of names: a query filtering on language or stars says, in the page's
/// language, how many repositories it left out for lack of those fields, instead of an empty list that reads
/// as broken (issue 13, item 4).
@Suite(.timeLimit(.minutes(1)))
struct LiveSearchNameOnlyTests {
  static let repositories = ["apple/swift", "apple/swift-nio", "other/python"]

  @Test(arguments: [
    (
      "en",
      "No repositories match “swift language:swift stars:>100”. 2 repositories match “swift” but this index has no "
        + "language or stars for them: fill it with `octoreact index sync --github` to filter on those."
    ),
    (
      "zh-Hans",
      "没有与“swift language:swift stars:>100”匹配的仓库。有 2 个仓库与“swift”匹配，但此索引没有它们的语言或星标数信息："
        + "请用 `octoreact index sync --github` 补全索引后再按这些条件筛选。"
    ),
  ])
  func theHelpsExampleExplainsWhyItFindsNothing(language: String, summary: String) async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await withLivePage("/live/search?lang=\(language)", of: app, receiving: LiveSearchMessage.self) {
      send, inbox in
      try await send(event("query", "swift language:swift stars:>100"))
      let state = await inbox.first { ($0.summary ?? "").contains("“swift language:swift") || $0.failure != nil }
      #expect(state?.summary == summary)
    }
  }

  @Test func theNoteLeavesWithTheNextQuery() async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await withLivePage("/live/search?lang=en", of: app, receiving: LiveSearchMessage.self) { send, inbox in
      try await send(event("query", "python language:python"))
      // The answer's summary arrives with or without the note: wait for it, then look (no wait that could hang).
      let noted = await inbox.first { ($0.summary ?? "").hasPrefix("No repositories match “python language") }
      #expect(noted?.summary?.contains("1 repository matches “python”") == true, "\(String(describing: noted))")
      try await send(event("query", "python"))
      let plain = await inbox.first { $0.summary == "1 repository" }
      #expect(plain != nil)
    }
  }
}
