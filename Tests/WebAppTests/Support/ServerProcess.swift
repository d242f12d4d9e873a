import Foundation
import Synchronization
import Testing

/// The built `octoreact` binary running `serve` in a child process, for what only a process shows:
/// signals, exit, descriptor limits.
final class ServerProcess: Sendable {
  /// Foundation's `Process` is not `Sendable`; the mutex makes every use of it exclusive.
  private let process: Mutex<Process>
  let pid: Int32
  let port: Int
  let folder: URL
  private let exit = ExitState()

  /// Whether the process has exited, and who waits for it.
  private final class ExitState: Sendable {
    let exited = Mutex<CheckedContinuation<Void, Never>?>(nil)
    let hasExited = Mutex(false)
  }

  /// The `octoreact` executable built beside this test bundle.
  static var executable: URL {
    get throws {
      let folder = Bundle.main.executableURL?.deletingLastPathComponent()
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      let candidate = folder.appendingPathComponent("octoreact")
      try #require(
        FileManager.default.isExecutableFile(atPath: candidate.path), "build octoreact first: \(candidate.path)")
      return candidate
    }
  }

  /// Starts `octoreact serve --port 0` on fresh databases with `arguments` and `environment` added, under
  /// `sh -c` when `shellPrefix` is given (e.g. `ulimit -n 64;`), and waits for the line announcing its port.
  /// Its standard error goes to ``standardErrorFile`` when `keepStandardError` is set, else nowhere.
  init(
    arguments: [String], environment: [String: String] = [:], keepStandardError: Bool = false,
    shellPrefix: String? = nil
  ) async throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("octoreact-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let serve = try [Self.executable.path, "serve", "--port", "0", "--log-level", "error",
      "--database", folder.appendingPathComponent("accounts.sqlite").path,
      "--index", folder.appendingPathComponent("repositories.sqlite").path] + arguments
    let process = Process()
    if let shellPrefix {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "\(shellPrefix) exec \"$0\" \"$@\""] + serve
    } else {
      process.executableURL = URL(fileURLWithPath: serve[0])
      process.arguments = Array(serve.dropFirst())
    }
    let output = Pipe()
    process.standardOutput = output
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
    if keepStandardError {
      let file = folder.appendingPathComponent("stderr.log")
      _ = FileManager.default.createFile(atPath: file.path, contents: nil)
      process.standardError = try FileHandle(forWritingTo: file)
    } else {
      process.standardError = FileHandle.nullDevice
    }
    let exit = self.exit
    process.terminationHandler = { _ in
      exit.hasExited.withLock { $0 = true }
      exit.exited.withLock { $0.take() }?.resume()
    }
    try process.run()
    pid = process.processIdentifier
    self.process = Mutex(process)
    port = try await Self.readPort(from: output.fileHandleForReading)
  }

  /// Where the process's standard error goes with `keepStandardError`.
  var standardErrorFile: URL { folder.appendingPathComponent("stderr.log") }

  deinit {
    if !exit.hasExited.withLock({ $0 }) { kill(pid, SIGKILL) }
    try? FileManager.default.removeItem(at: folder)
  }

  /// Reads stdout on a thread of its own (the read blocks) until the "running at" line.
  private static func readPort(from handle: FileHandle) async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        var text = ""
        while true {
          let data = handle.availableData
          if data.isEmpty { break }
          text += String(decoding: data, as: UTF8.self)
          if let range = text.range(of: #"running at http://[^ ]+:(\d+)"#, options: .regularExpression),
            let port = Int(text[range].split(separator: ":").last ?? "")
          {
            continuation.resume(returning: port)
            return
          }
        }
        continuation.resume(throwing: CancellationError())
      }
    }
  }

  /// The CPU time the process has used so far, user and system, all threads (`/proc/<pid>/stat`, Linux).
  var cpuTime: Duration {
    get throws {
      let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
      // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at 3.
      let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
      let utime = try #require(Int(fields[11])), stime = try #require(Int(fields[12]))  // fields 14 and 15
      let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
      return .milliseconds((utime + stime) * 1000 / ticksPerSecond)
    }
  }

  func signal(_ number: Int32) {
    kill(pid, number)
  }

  /// The exit status, once exited.
  var exitStatus: Int32? {
    exit.hasExited.withLock { $0 } ? process.withLock { $0.terminationStatus } : nil
  }

  /// Waits for the process to exit; `false` when `bound` passed first (it is then killed).
  func waitForExit(bound: Duration) async -> Bool {
    let boundHit = Mutex(false)
    let watchdog = Task { [pid] in
      try await Task.sleep(for: bound)
      boundHit.withLock { $0 = true }
      kill(pid, SIGKILL)
    }
    await withCheckedContinuation { continuation in
      if exit.hasExited.withLock({ $0 }) {
        continuation.resume()
      } else {
        exit.exited.withLock { $0 = continuation }
        if exit.hasExited.withLock({ $0 }) { exit.exited.withLock { $0.take() }?.resume() }
      }
    }
    watchdog.cancel()
    return !boundHit.withLock { $0 }
  }
}
