import Foundation
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import Testing
@testable import WebApp

/// The server-rendered first paint of the pages.
@Suite(.timeLimit(.minutes(1)))
struct PagesTests {
  @Test func signupPageHasLabelledControlsAndLiveRegions() async throws {
    try await TestApp().application().test(.router) { client in
      let page = try await client.execute(uri: "/signup", method: .get)
      #expect(page.status == .ok)
      #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
      let html = page.text
      for label in ["Username", "Password", "Repeat password"] {
        #expect(html.contains(">\(label)</label>"))
      }
      #expect(html.contains(#"<label for="username">"#) && html.contains(#"<input id="username""#))
      #expect(html.contains(#"<label for="repeated-password">"#))
      #expect(html.contains(">Sign up</button>") && html.contains("disabled"))
      #expect(html.components(separatedBy: #"aria-live="polite""#).count - 1 >= 4)
      #expect(html.contains(#"<dialog id="outcome""#))
      #expect(html.contains(#"data-engine="reactor""#))
      #expect(html.contains(#"<script type="module" src="/assets/signup.js"></script>"#))
    }
  }

  @Test func chineseFromAcceptLanguageOrQuery() async throws {
    try await TestApp().application().test(.router) { client in
      let byHeader = try await client.execute(uri: "/signup", method: .get, headers: [.acceptLanguage: "zh-CN,zh;q=0.9"])
      #expect(byHeader.text.contains(">用户名</label>") && byHeader.text.contains(#"lang="zh-Hans""#))
      let byQuery = try await client.execute(uri: "/signup?lang=zh-Hans", method: .get)
      #expect(byQuery.text.contains(">重复密码</label>"))
      let english = try await client.execute(uri: "/signup", method: .get, headers: [.acceptLanguage: "en-US,zh;q=0.5"])
      #expect(english.text.contains(">Username</label>"))
    }
  }

  @Test(arguments: LiveSignupScreen.engines)
  func engineIsChosenByQuery(_ engine: String) async throws {
    try await TestApp().application().test(.router) { client in
      let page = try await client.execute(uri: "/signup?engine=\(engine)", method: .get)
      #expect(page.text.contains(#"data-engine="\#(engine)""#))
    }
  }

  @Test func unknownEngineIs400() async throws {
    try await TestApp().application().test(.router) { client in
      let page = try await client.execute(uri: "/signup?engine=elm", method: .get)
      #expect(page.status == .badRequest)
      // Only a live screen's page has an engine: the home page does not read the parameter.
      let home = try await client.execute(uri: "/?engine=elm", method: .get)
      #expect(home.status == .ok)
    }
  }

  @Test func homeLinksToSignupAndAssetsAreServed() async throws {
    try await TestApp().application().test(.router) { client in
      let home = try await client.execute(uri: "/", method: .get)
      #expect(home.text.contains(#"href="/signup?lang=en""#))
      let socket = try await client.execute(uri: "/assets/live-socket.js", method: .get)
      #expect(socket.status == .ok && socket.text.contains("new WebSocket"))
      // A module script must be served as JavaScript, or the browser refuses to run it.
      #expect(socket.headers[.contentType]?.contains("javascript") == true)
      for page in ["signup", "search"] {
        let script = try await client.execute(uri: "/assets/\(page).js", method: .get)
        #expect(script.status == .ok && script.text.contains(#"from "./live-socket.js""#))
      }
      let style = try await client.execute(uri: "/assets/style.css", method: .get)
      #expect(style.status == .ok)
      #expect(home.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
    }
  }

  @Test func searchPageHasItsLabelledBoxAndScript() async throws {
    try await TestApp().application().test(.router) { client in
      let page = try await client.execute(uri: "/search", method: .get)
      #expect(page.status == .ok)
      #expect(page.text.contains(#"<label for="query">Search repositories</label>"#))
      #expect(page.text.contains(#"data-live="/live/search""#))
      let chinese = try await client.execute(uri: "/search?lang=zh-Hans", method: .get)
      #expect(chinese.text.contains("搜索仓库"))
      let script = try await client.execute(uri: "/assets/search.js", method: .get)
      #expect(script.status == .ok && script.text.contains("loadNextPage"))
    }
  }

  @Test func repositoryPagesShowIndexedRepositoriesOnly() async throws {
    let app = try await TestApp.withRepositories(["apple/swift-nio", "apple/swift"])
    try await app.application().test(.router) { client in
      let page = try await client.execute(uri: "/repositories/apple/swift", method: .get)
      #expect(page.status == .ok)
      #expect(page.text.contains("<h1>apple/swift</h1>"))
      #expect(page.text.contains(#"<a class="github-link" href="https://github.com/apple/swift" rel="noopener">"#))
      // Known only by name: its stars are unknown, not 0.
      #expect(page.text.contains("<dt>Stars</dt><dd>unknown</dd>"))
      let missing = try await client.execute(uri: "/repositories/apple/nothing", method: .get)
      #expect(missing.status == .notFound)
    }
  }

  @Test func aRepositoryPageShowsTheFiguresAnImportBrought() async throws {
    let app = try TestApp()
    let object =
      #"{"id":7,"full_name":"apple/swift","stargazers_count":67000,"forks_count":10000,"language":"C++","#
      + #""topics":["swift","compiler"],"updated_at":"2025-01-02T03:04:05Z"}"#
    _ = try await app.index.importRepositories(from: Data(object.utf8))
    try await app.application().test(.router) { client in
      let page = try await client.execute(uri: "/repositories/apple/swift", method: .get)
      #expect(page.text.contains("<dt>Stars</dt><dd>67,000</dd>"))
      #expect(page.text.contains("<dt>Forks</dt><dd>10,000</dd>"))
      #expect(page.text.contains(#"<dt>Topics</dt><dd><ul class="topics"><li>swift</li><li>compiler</li></ul></dd>"#))
      #expect(page.text.contains(#"<dt>Updated</dt><dd><time datetime="2025-01-02T03:04:05Z">2025-01-02</time></dd>"#))
    }
  }
}

extension PagesTests {
  /// A search's address opens the page with its query in the box (the script searches it once the socket
  /// is open), read as a form writes it: `+` is a space, escapes decoded, markup escaped.
  @Test(arguments: [
    ("/search?q=tetris+language:assembly", #"value="tetris language:assembly""#),
    ("/search?q=c%2B%2B&lang=en", #"value="c++""#),
    ("/search?q=%3Cb%3E", #"value="&lt;b&gt;""#),
    ("/search", #"value="""#),
  ])
  func aSearchsAddressOpensThePageWithItsQuery(_ uri: String, _ value: String) async throws {
    try await TestApp().application().test(.router) { client in
      let page = try await client.execute(uri: uri, method: .get)
      #expect(page.status == .ok)
      #expect(page.text.contains(value))
    }
  }
}
