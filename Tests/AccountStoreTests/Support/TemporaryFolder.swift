import Foundation
import Testing

/// Runs `body` with a new, uniquely named folder under the temporary directory, then removes it.
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("AccountStoreTests-\(UUID().uuidString)", isDirectory: true)
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
  /// The path of the test database file in this folder.
  var databasePath: String { appendingPathComponent("accounts.sqlite").path }
}
