import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import Testing
@testable import WebApp

/// Pages answer their errors with HTML pages in the visitor's language; the API's paths keep GitHub's JSON
/// (issue 13, item 6). Every test runs over real HTTP on loopback.
@Suite(.timeLimit(.minutes(1)))
struct ErrorPageTests {
  /// A page error: its path, the status, the language asked for (`?lang=` or `Accept-Language`) and a text
  /// the page must show.
  struct PageCase: Sendable, CustomTestStringConvertible {
    let uri: String
    let status: HTTPResponse.Status
    var acceptLanguage: String?
    let lang: String
    let shows: String
    var testDescription: String { "\(uri) \(acceptLanguage ?? "")" }
  }

  static let pageCases: [PageCase] = [
    PageCase(uri: "/nowhere/at/all", status: .notFound, lang: "en", shows: "There is no page at"),
    PageCase(uri: "/signup/extra?lang=zh-Hans", status: .notFound, lang: "zh-Hans", shows: "处没有页面。"),
    PageCase(uri: "/repositories/apple", status: .notFound, acceptLanguage: "zh-CN", lang: "zh-Hans", shows: "页面不存在"),
    PageCase(uri: "/live/nothing", status: .notFound, lang: "en", shows: "<code>/live/nothing</code>"),
    PageCase(uri: "/signup?engine=elm", status: .badRequest, lang: "en", shows: "<code>mvvm</code>"),
    PageCase(uri: "/search?engine=elm&lang=zh-Hans", status: .badRequest, lang: "zh-Hans", shows: "没有名为“"),
    PageCase(uri: "/search?engine=elm", status: .badRequest, lang: "en", shows: "The page <code>/search</code>"),
    PageCase(uri: "/repositories/apple/nothing", status: .notFound, lang: "en", shows: "<h1>Repository not found</h1>"),
    PageCase(
      uri: "/repositories/apple/nothing?lang=zh-Hans", status: .notFound, lang: "zh-Hans",
      shows: "本服务器的索引中没有仓库 <code>apple/nothing</code>。"),
    PageCase(uri: "/repositories/apple/%FF", status: .badRequest, lang: "en", shows: "<h1>Bad address</h1>"),
    PageCase(uri: "/%zz?lang=zh-Hans", status: .badRequest, lang: "zh-Hans", shows: "<h1>地址有误</h1>"),
  ]

  @Test(arguments: pageCases)
  func aPageErrorIsAnHTMLPageInThePagesLanguage(_ test: PageCase) async throws {
    let app = try await TestApp.withRepositories(["apple/swift"])
    try await app.application().test(.live) { client in
      var headers = HTTPFields()
      if let acceptLanguage = test.acceptLanguage { headers[.acceptLanguage] = acceptLanguage }
      let response = try await client.execute(uri: test.uri, method: .get, headers: headers)
      #expect(response.status == test.status)
      #expect(response.headers[.contentType] == "text/html; charset=utf-8")
      #expect(response.text.hasPrefix("<!doctype html>"))
      #expect(response.text.contains(#"<html lang="\#(test.lang)">"#))
      #expect(response.text.contains(test.shows))
      #expect(response.text.contains(#"<a href="/?lang=\#(test.lang)">"#))  // a link home, keeping the language
      #expect(response.text.contains(#"<link rel="stylesheet" href="/assets/style.css">"#))
      #expect(!response.text.contains(#"{"message""#) && !response.text.contains(#"{"error""#))
      #expect(response.headers[.xContentTypeOptions] == "nosniff")
      #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
      #expect(response.headers[.cacheControl] == "no-store")
    }
  }

  @Test(arguments: pageCases)
  func headAnswersAPageErrorAsGetWithoutABody(_ test: PageCase) async throws {
    let app = try await TestApp.withRepositories(["apple/swift"])
    try await app.application().test(.live) { client in
      let get = try await client.execute(uri: test.uri, method: .get)
      let head = try await client.execute(uri: test.uri, method: .head)
      #expect(head.status == get.status)
      #expect(head.headers[.contentType] == get.headers[.contentType])
      #expect(head.headers[.contentLength] == get.headers[.contentLength])
      #expect(head.headers[.xContentTypeOptions] == "nosniff")
      #expect(head.body.readableBytes == 0)
    }
  }

  @Test func theUnknownEnginePageNamesTheAllowedEnginesAndLinksToThemInItsLanguage() async throws {
    try await TestApp().application().test(.live) { client in
      let page = try await client.execute(uri: "/signup?engine=elm&lang=zh-Hans", method: .get).text
      for engine in LiveSignupScreen.engines {
        #expect(page.contains(#"<a href="/signup?engine=\#(engine)&amp;lang=zh-Hans"><code>\#(engine)</code></a>"#))
      }
      #expect(page.contains("<title>未知的架构 · Octoreact</title>"))
    }
  }

  /// What a client sent is shown escaped and cut short: no markup of its own, no page of any size.
  @Test func aClientsTextIsEscapedAndBounded() async throws {
    try await TestApp().application().test(.live) { client in
      let script = try await client.execute(uri: "/signup?engine=%3Cscript%3Ealert(1)%3C/script%3E", method: .get)
      #expect(script.status == .badRequest)
      #expect(!script.text.contains("<script>"))
      #expect(script.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
      let long = String(repeating: "a", count: 4000)
      let bounded = try await client.execute(uri: "/nowhere/\(long)", method: .get)
      #expect(bounded.status == .notFound)
      #expect(!bounded.text.contains(String(repeating: "a", count: ErrorPage.maxEchoedCharacters)))
      #expect(bounded.text.contains(String(repeating: "a", count: ErrorPage.maxEchoedCharacters - 20) + "…"))
      #expect(bounded.body.readableBytes < 2000)
    }
  }

  /// The account page's rate limit is a page too, with the headers GitHub's refusal carries.
  @Test func aSpentBudgetOnAnAccountPageIsAnHTMLPage() async throws {
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = RateLimits(core: RateLimitRule(limit: 1, window: .seconds(900)))
    try await TestApp(configuration: configuration).application().test(.live) { client in
      _ = try await client.execute(uri: "/alice", method: .get)
      for method in [HTTPRequest.Method.get, .head] {
        let refused = try await client.execute(uri: "/carol?lang=zh-Hans", method: method)
        #expect(refused.status == .forbidden)
        #expect(refused.headers[.contentType] == "text/html; charset=utf-8")
        #expect(refused.headers[.rateLimitResource] == "core")
        #expect(refused.headers[.rateLimitRemaining] == "0")
        if method == .get {
          #expect(refused.text.contains("<h1>请求过于频繁</h1>"))
          #expect(refused.text.contains("秒后重试。"))
        } else {
          #expect(refused.body.readableBytes == 0)
        }
      }
    }
  }

  /// A failure beneath a page (here the index, closed) is a 500 page that says nothing of its cause; before,
  /// the visitor got the API's JSON.
  @Test func aServerFailureUnderAPageIsA500Page() async throws {
    let app = try await TestApp.withRepositories(["apple/swift"])
    try app.index.close()
    try await app.application().test(.live) { client in
      for method in [HTTPRequest.Method.get, .head] {
        let page = try await client.execute(uri: "/repositories/apple/swift?lang=zh-Hans", method: method)
        #expect(page.status == .internalServerError)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        if method == .get {
          #expect(page.text.contains("<h1>服务器出错了</h1>"))
          #expect(!page.text.contains("RepositoryIndexError") && !page.text.contains("SQLite"))
        }
      }
    }
  }

  // MARK: - The API stays JSON

  @Test(arguments: [
    ("/users/nobody-here", HTTPRequest.Method.get, HTTPResponse.Status.notFound),
    ("/users/nobody/repos", .get, .notFound),
    ("/users", .get, .notFound),
    ("/users", .put, .notFound),
    ("/search/code?q=swift", .get, .notFound),
    ("/search/repositories/extra?lang=zh-Hans", .get, .notFound),
    ("/search/repositories", .get, .unprocessableContent),
    ("/search/repositories?q=swift", .delete, .notFound),
    ("/repos/apple/swift", .get, .notFound),
    ("/rate_limit", .get, .notFound),
    ("/users/%FF", .get, .badRequest),
  ])
  func theAPIsErrorsStayJSON(_ uri: String, _ method: HTTPRequest.Method, _ status: HTTPResponse.Status) async throws {
    try await TestApp().application().test(.live) { client in
      let response = try await client.execute(uri: uri, method: method, headers: [.acceptLanguage: "zh-CN"])
      #expect(response.status == status)
      #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
      #expect(response.json["message"] is String)
      #expect(!response.text.contains("<"))
    }
  }
}
