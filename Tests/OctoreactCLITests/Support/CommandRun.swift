import Foundation
import Synchronization
import Testing

/// One run of the built `octoreact` binary: its exit status and what it wrote.
struct CommandRun: Sendable {
  let status: Int32
  let standardOutput: String
  let standardError: String

  /// The `octoreact` executable built beside this test bundle.
  static var executable: URL {
    get throws {
      let folder =
        Bundle.main.executableURL?.deletingLastPathComponent()
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      let candidate = folder.appendingPathComponent("octoreact")
      try #require(
        FileManager.default.isExecutableFile(atPath: candidate.path), "build octoreact first: \(candidate.path)")
      return candidate
    }
  }

  /// Runs `octoreact arguments…` with no standard input, `XDG_DATA_HOME` in `folder` (so that no default
  /// database of the user is touched) and `environment` added; killed after `timeout`, which only a hang
  /// reaches.
  init(
    _ arguments: [String], in folder: URL, environment added: [String: String] = [:],
    timeout: Duration = .seconds(120)
  ) async throws {
    let process = Process()
    process.executableURL = try Self.executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
    environment.merge(added) { _, added in added }
    process.environment = environment
    let outputURL = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
    let errorURL = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    let exited = Mutex(false)
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in
        exited.withLock { $0 = true }
        continuation.resume()
      }
      do {
        try process.run()
      } catch {
        continuation.resume(throwing: error)
        return
      }
      // A bound on a hang, not a timing rule: the command is killed (and the test fails on its status).
      let pid = process.processIdentifier
      let seconds = Double(timeout.components.seconds)
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
        exited.withLock { if !$0 { kill(pid, SIGKILL) } }
      }
    }
    try output.close()
    try error.close()
    status = process.terminationStatus
    standardOutput = String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
    standardError = String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
    try? FileManager.default.removeItem(at: outputURL)
    try? FileManager.default.removeItem(at: errorURL)
  }
}

/// Runs `body` with a new, uniquely named folder under the temporary directory, then removes it.
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("OctoreactCLITests-\(UUID().uuidString)", isDirectory: true)
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
  /// Writes `text` to a file named `name` in this folder and returns its path.
  func file(_ name: String, containing text: String) throws -> String {
    let url = appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func path(_ name: String) -> String { appendingPathComponent(name).path }
}
