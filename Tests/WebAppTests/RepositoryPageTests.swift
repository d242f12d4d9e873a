import Foundation
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import Testing
@testable import WebApp

/// The repository page: its facts in the visitor's language, unknown figures said as unknown, and the
/// way to the repository on GitHub.
@Suite(.timeLimit(.minutes(1)))
struct RepositoryPageTests {
  let imported =
    #"{"id":7,"full_name":"apple/swift","description":"The Swift <Programming> Language","#
    + #""stargazers_count":1234567,"forks_count":1,"language":"C++","topics":["swift"],"archived":true,"#
    + #""created_at":"2015-10-23T21:15:07Z","updated_at":"2025-01-02T03:04:05Z"}"#

  @Test func linksToTheRepositoryOnGitHubWithoutGivingItThePage() async throws {
    let app = try TestApp()
    _ = try await app.index.importRepositories(from: Data(imported.utf8))
    try await app.application().test(.router) { client in
      let page = try await client.execute(uri: "/repositories/apple/swift", method: .get)
      #expect(page.status == .ok)
      #expect(page.text.contains(#"href="https://github.com/apple/swift" rel="noopener">View on GitHub</a>"#))
      #expect(page.text.contains(#"<p class="description-lead">The Swift &lt;Programming&gt; Language</p>"#))
      #expect(page.text.contains("<dt>Stars</dt><dd>1,234,567</dd>"))
      #expect(page.text.contains(#"<dt>Created</dt><dd><time datetime="2015-10-23T21:15:07Z">2015-10-23</time></dd>"#))
      #expect(page.text.contains(#"<p class="badges">Archived</p>"#))
      #expect(page.text.contains(#"<a href="/search">← Search</a>"#))
    }
  }

  @Test func speaksThePagesLanguageAndKeepsItInItsLinks() async throws {
    let app = try await TestApp.withRepositories(["apple/swift"])
    try await app.application().test(.router) { client in
      let page = try await client.execute(uri: "/repositories/apple/swift?lang=zh-Hans", method: .get)
      #expect(page.status == .ok)
      #expect(page.text.contains(#"<html lang="zh-Hans">"#))
      #expect(page.text.contains("<dt>星标</dt><dd>未知</dd>"))
      #expect(page.text.contains(#"<a href="/search?lang=zh-Hans">← 搜索</a>"#))
      #expect(page.text.contains(">在 GitHub 上查看</a>"))
    }
  }

  @Test func theSearchPageHasALoadMoreButtonAndAnAnnouncementRegion() async throws {
    try await TestApp().application().test(.router) { client in
      let english = try await client.execute(uri: "/search", method: .get)
      let button = #"<button id="load-more" class="secondary" type="button" aria-controls="results" hidden>"#
      #expect(english.text.contains(button))
      #expect(english.text.contains(">Load more</button>"))
      #expect(english.text.contains(#"<p id="announcement" class="visually-hidden" role="status" aria-live="polite">"#))
      let chinese = try await client.execute(uri: "/search?lang=zh-Hans", method: .get)
      #expect(chinese.text.contains(">加载更多</button>"))
    }
  }
}
