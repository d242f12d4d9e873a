import AccountStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

/// The account page at `/{login}` (issue 13, item 2): the page a successful signup goes to.
@Suite(.timeLimit(.minutes(1)))
struct AccountPageTests {
  @Test func anAccountsPageShowsItsLoginCreatedDateAndALinkBack() async throws {
    let app = try TestApp()
    let account = try await app.accounts.createAccount(username: "OctoCat", password: "secret12")
    try await app.application().test(.router) { client in
      // Any letter case finds it; the page shows the login as it was created.
      let page = try await client.execute(uri: "/octocat", method: .get)
      #expect(page.status == .ok)
      #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
      #expect(page.text.contains("<h1>OctoCat</h1>"))
      #expect(page.text.contains("<title>OctoCat · Octoreact</title>"))
      let day = ISO8601DateFormatter.string(from: account.createdAt, timeZone: .gmt, formatOptions: [.withFullDate])
      #expect(page.text.contains(">\(day)</time>"))
      #expect(page.text.contains(#"href="/signup""#))
    }
  }

  @Test func anUnknownAccountIsAn404Page() async throws {
    try await TestApp().application().test(.router) { client in
      for path in ["/nobody-here", "/not_a_login", "/" + String(repeating: "a", count: 300)] {
        let page = try await client.execute(uri: path, method: .get)
        #expect(page.status == .notFound, "\(path)")
        #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
        #expect(page.text.contains("<h1>Account not found</h1>"))
        #expect(page.text.contains(#"href="/?lang=en""#), "the error pages' link home")
        #expect(!page.text.contains(String(repeating: "a", count: 40)))
      }
      let chinese = try await client.execute(uri: "/nobody-here?lang=zh-Hans", method: .get)
      #expect(chinese.text.contains("没有名为 <code>nobody-here</code> 的账户"))
    }
  }

  @Test func theServersOwnPathsComeFirst() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let signup = try await client.execute(uri: "/signup", method: .get)
      #expect(signup.text.contains(#"id="signup-screen""#))
      let search = try await client.execute(uri: "/search", method: .get)
      #expect(search.status == .ok && search.text.contains("/assets/search.js"))
      let user = try await client.execute(uri: "/users/nobody-here", method: .get)
      #expect(user.status == .notFound && user.headers[.contentType]?.hasPrefix("application/json") == true)
    }
  }

  @Test func theAccountPageSpendsTheCoreBudgetAsTheAPIDoes() async throws {
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = RateLimits(core: RateLimitRule(limit: 2, window: .seconds(900)))
    let app = try TestApp(configuration: configuration)
    try await app.application().test(.router) { client in
      let page = try await client.execute(uri: "/alice", method: .get)
      #expect(page.status == .notFound && page.headers[.rateLimitResource] == "core")
      _ = try await client.execute(uri: "/users/bob", method: .get)
      let refused = try await client.execute(uri: "/carol", method: .get)
      #expect(refused.status == .forbidden)
      // The server's own pages spend nothing.
      #expect(try await client.execute(uri: "/signup", method: .get).status == .ok)
    }
  }
}
