import Foundation
import Testing

/// Runs `body` with a new, uniquely named folder under the temporary directory, then removes it.
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("RepositoryIndexTests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer {
    do {
      try FileManager.default.removeItem(at: folder)
    } catch {
      Issue.record(error, "could not remove the temporary folder \(folder.path)")
    }
  }
  return try await body(folder)
}

extension URL {
  /// The path of the test index file in this folder.
  var indexPath: String { appendingPathComponent("repositories.sqlite").path }

  /// Writes `text` to a file named `name` in this folder and returns its URL.
  func file(_ name: String, containing text: String) throws -> URL {
    let url = appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }
}
