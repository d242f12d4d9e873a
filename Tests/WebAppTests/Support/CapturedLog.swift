import Logging
import Synchronization

/// The lines a logger wrote, kept in memory for tests, and a way to wait for one.
final class CapturedLog: Sendable {
  struct Line: Sendable {
    let level: Logger.Level
    let message: String
    let metadata: Logger.Metadata
  }

  private typealias Waiter = (predicate: @Sendable (Line) -> Bool, continuation: CheckedContinuation<Line, Never>)

  private let state = Mutex<(lines: [Line], waiters: [Waiter])>(([], []))

  /// A logger writing here, at `level` and above.
  func logger(level: Logger.Level = .trace) -> Logger {
    var logger = Logger(label: "octoreact-test") { _ in Handler(log: self) }
    logger.logLevel = level
    return logger
  }

  /// Every line so far.
  var lines: [Line] { state.withLock { $0.lines } }

  /// The lines whose message is `message`.
  func lines(saying message: String) -> [Line] { lines.filter { $0.message == message } }

  /// The first line, written or to come, that satisfies `predicate` (run under the log's lock).
  @discardableResult
  func first(where predicate: @escaping @Sendable (Line) -> Bool) async -> Line {
    await withCheckedContinuation { continuation in
      let found = state.withLock { state -> Line? in
        if let found = state.lines.first(where: predicate) { return found }
        state.waiters.append((predicate, continuation))
        return nil
      }
      if let found { continuation.resume(returning: found) }
    }
  }

  fileprivate func append(_ line: Line) {
    let ready = state.withLock { state in
      state.lines.append(line)
      var ready: [CheckedContinuation<Line, Never>] = []
      state.waiters.removeAll { waiter in
        guard waiter.predicate(line) else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return ready
    }
    for continuation in ready { continuation.resume(returning: line) }
  }

  private struct Handler: LogHandler {
    let log: CapturedLog
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      log.append(
        Line(
          level: event.level, message: event.message.description,
          metadata: metadata.merging(event.metadata ?? [:]) { _, line in line }))
    }
  }
}
