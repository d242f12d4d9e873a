import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import Testing
@testable import WebApp

/// The query string as GitHub reads it: `+` is a space (GitHub's documented form), `%2B` a plus sign.
@Suite(.timeLimit(.minutes(1)))
struct SearchAPIQueryStringTests {
  /// Tetris clones in Assembly (10…50 stars), one in C, and an Assembly repository without the word.
  static func app() async throws -> TestApp {
    let app = try TestApp()
    var lines = (1...5).map { n in
      #"{"id":\#(n),"full_name":"asm\#(n)/tetris","stargazers_count":\#(n * 10),"language":"Assembly"}"#
    }
    lines.append(#"{"id":6,"full_name":"c-owner/tetris","stargazers_count":999,"language":"C"}"#)
    lines.append(#"{"id":7,"full_name":"asm/boot-sector","stargazers_count":999,"language":"Assembly"}"#)
    lines.append(#"{"id":8,"full_name":"cpp/tetris","stargazers_count":1,"language":"C++"}"#)
    _ = try await app.index.importRepositories(from: Data(lines.joined(separator: "\n").utf8))
    return app
  }

  @Test func githubsDocumentedExampleWithPlusSigns() async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/search/repositories?q=tetris+language:assembly&sort=stars&order=desc", method: .get)
      #expect(response.status == .ok)
      #expect(response.json["total_count"] as? Int == 5)
      let items = response.json["items"] as? [[String: Any]] ?? []
      #expect(items.compactMap { $0["stargazers_count"] as? Int } == [50, 40, 30, 20, 10])
      let escaped = try await client.execute(
        uri: "/search/repositories?q=tetris%20language%3Aassembly&sort=stars&order=desc", method: .get)
      #expect(escaped.text == response.text)
    }
  }

  @Test func anEscapedPlusIsAPlusSign() async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/search/repositories?q=tetris+language:c%2B%2B", method: .get)
      #expect(response.json["total_count"] as? Int == 1)
      #expect((response.json["items"] as? [[String: Any]])?.first?["full_name"] as? String == "cpp/tetris")
    }
  }

  @Test func pagesAndSortsInTheirOwnParametersAreReadToo() async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/search/repositories?q=tetris+language:assembly&sort=stars&order=asc&per_page=2&page=2", method: .get)
      let items = response.json["items"] as? [[String: Any]] ?? []
      #expect(items.compactMap { $0["stargazers_count"] as? Int } == [30, 40])
      #expect(response.headers[.link]?.contains("page=3") == true)
    }
  }
}
