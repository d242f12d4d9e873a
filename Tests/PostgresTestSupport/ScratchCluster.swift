import Foundation
#if canImport(Glibc)
import Glibc
#endif
public import PostgresDatabase

/// A PostgreSQL cluster of its own, started by `scripts/lib/postgres.sh`, for a test that stops and
/// starts the server (which must not take the shared test server away from tests running in parallel).
///
/// **Contract:** ``stop()`` and ``start()`` keep the data and the port (`pg_ctl`); ``remove()`` stops
/// it and deletes its folder. Available where ``TestPostgres/isAvailable`` is (the same binaries).
public struct ScratchCluster: Sendable {
  public let url: PostgresURL
  public let directory: String

  /// Starts a new cluster (a few seconds: `initdb`).
  public static func start() async throws -> ScratchCluster {
    let output = try await run(
      """
      set -euo pipefail
      . scripts/lib/postgres.sh
      # A cluster of its own, even inside scripts/test, whose cluster's variables this process inherits.
      unset POSTGRES_DIR POSTGRES_PORT POSTGRES_CTL POSTGRES_URL
      postgres_start
      printf '%s\\n%s\\n' "$POSTGRES_URL" "$POSTGRES_DIR"
      """)
    let lines = output.split(separator: "\n").map(String.init)
    guard lines.count >= 2 else { throw ScratchClusterError.failed("postgres_start printed \(lines.count) lines") }
    return ScratchCluster(url: try PostgresURL(lines[lines.count - 2]), directory: lines[lines.count - 1])
  }

  /// Stops the server (`pg_ctl stop -m fast`): connections are closed, new ones refused.
  public func stop() async throws {
    _ = try await Self.run("\"$1\"/ctl stop", arguments: [directory])
  }

  /// Starts the stopped server again on the same port.
  public func start() async throws {
    _ = try await Self.run("\"$1\"/ctl start", arguments: [directory])
  }

  /// Stops the server and deletes its folder.
  public func remove() async throws {
    _ = try await Self.run(". scripts/lib/postgres.sh; POSTGRES_DIR=\"$1\"; postgres_stop", arguments: [directory])
  }

  /// Runs `script` in bash from the repository root; its standard output.
  ///
  /// Spawned and reaped by hand (`posix_spawn`, a blocking `waitpid` on a dispatch thread): Foundation's
  /// `Process` never reported this script's exit inside the test process (the shell stayed a zombie).
  /// Output goes through files, not pipes: the server `pg_ctl` starts outlives the script.
  private static func run(_ script: String, arguments: [String] = []) async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scratch-cluster-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputPath = folder.appendingPathComponent("stdout").path
    let errorPath = folder.appendingPathComponent("stderr").path
    let wrapped = "cd \"$0\" && exec >\"$1\" 2>\"$2\" </dev/null && shift 2 && " + script
    let argv = ["/bin/bash", "-c", wrapped, TestPostgres.repositoryRoot.path, outputPath, errorPath] + arguments
    let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
      DispatchQueue.global().async {
        var pid = pid_t()
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        let spawned = posix_spawn(&pid, "/bin/bash", nil, nil, cArguments, environ)
        guard spawned == 0 else {
          continuation.resume(throwing: ScratchClusterError.failed("posix_spawn failed: \(spawned)"))
          return
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        continuation.resume(returning: status)
      }
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      throw ScratchClusterError.failed("status \(status): " + String(message.suffix(2000)))
    }
    return try String(contentsOfFile: outputPath, encoding: .utf8)
  }
}

public enum ScratchClusterError: Error, CustomStringConvertible {
  case failed(String)

  public var description: String {
    switch self {
    case .failed(let message): "scripts/lib/postgres.sh failed: \(message)"
    }
  }
}
