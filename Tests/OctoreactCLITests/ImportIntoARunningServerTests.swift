import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// `octoreact index import` in a process of its own, into the index file a running server searches.
@Suite("Import into a running server")
struct ImportIntoARunningServerTests {
  static let swift = #"{"id":1,"name":"swift","full_name":"apple/swift","owner":{"login":"apple"},"stargazers_count":60000}"#
  static let swiftNIO =
    #"{"id":2,"name":"swift-nio","full_name":"apple/swift-nio","owner":{"login":"apple"},"stargazers_count":8000}"#

  @Test func theServerFindsWhatAnotherProcessImportedByItsNextSearch() async throws {
    try await withTemporaryFolder { folder in
      try await withOctoreactServer(serving: [Self.swift], in: folder) { baseURL in
        // The server caches a miss for the exact name and a total for the word.
        #expect(try await Self.fullNames("swift-nio", from: baseURL).isEmpty)
        #expect(try await Self.fullNames("swift", from: baseURL) == ["apple/swift"])

        let file = try folder.file("more.jsonl", containing: Self.swiftNIO + "\n")
        let run = try await CommandRun(
          ["index", "import", file, "--index", folder.path("server-repositories.sqlite")], in: folder)
        try #require(run.status == 0, "\(run.standardError)")

        #expect(try await Self.fullNames("swift-nio", from: baseURL) == ["apple/swift-nio"])
        #expect(try await Self.fullNames("swift", from: baseURL) == ["apple/swift", "apple/swift-nio"])
      }
    }
  }

  /// The full names `GET /search/repositories?q=…` answers, in order.
  static func fullNames(_ query: String, from baseURL: String) async throws -> [String] {
    let encoded = try #require(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    let request = HTTPClientRequest(url: "\(baseURL)/search/repositories?q=\(encoded)")
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    try #require(response.status == .ok)
    let body = try await response.body.collect(upTo: 1 << 20)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(String(buffer: body).utf8)) as? [String: Any])
    let items = try #require(object["items"] as? [[String: Any]])
    return items.compactMap { $0["full_name"] as? String }
  }
}
