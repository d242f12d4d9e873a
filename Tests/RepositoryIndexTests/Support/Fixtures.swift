import Foundation
import RepositoryIndex

/// A GitHub repository object as the API returns it (the fields the index reads, and a few more).
func repositoryJSON(
  id: Int64,
  _ fullName: String,
  description: String? = nil,
  stars: Int = 0,
  language: String? = nil,
  extra: [String: Any] = [:]
) -> String {
  let parts = fullName.split(separator: "/", maxSplits: 1).map(String.init)
  var object: [String: Any] = [
    "id": id,
    "node_id": "R_\(id)",
    "name": parts[1],
    "full_name": fullName,
    "private": false,
    "owner": ["login": parts[0], "id": id * 10, "type": "User"],
    "html_url": "https://github.com/\(fullName)",
    "description": description.map { $0 as Any } ?? NSNull(),
    "stargazers_count": stars,
    "language": language.map { $0 as Any } ?? NSNull(),
  ]
  object.merge(extra) { _, new in new }
  let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  return String(decoding: data, as: UTF8.self)
}

/// JSON Lines of `objects`.
func jsonLines(_ objects: [String]) -> Data {
  Data(objects.joined(separator: "\n").utf8)
}

extension RepositoryIndex {
  /// Imports `text` (any import format) and returns the report.
  @discardableResult
  func importText(_ text: String) async throws -> ImportReport {
    try await importRepositories(from: Data(text.utf8))
  }

  /// The full names of every result of `query`, page after page.
  func allFullNames(_ query: String, perPage: Int = 100) async throws -> [String] {
    var names: [String] = []
    var page = 1
    while true {
      let result = try await search(query, page: page, perPage: perPage)
      names += result.items.map(\.fullName)
      if result.items.count < perPage { return names }
      page += 1
    }
  }
}

/// `count` distinct, valid `owner/name` lines: `owner<i % owners>/<words>-<i>`.
func generatedNames(_ count: Int, prefix: String = "repo", owners: Int = 97) -> [String] {
  (0..<count).map { "owner\($0 % owners)/\(prefix)-\($0)" }
}
