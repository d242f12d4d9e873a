import Dispatch
import Foundation
import Logging
import Synchronization

/// Writes log lines to a file descriptor from one background thread, so that logging never waits for the
/// output: a request that logs a line only copies its bytes.
///
/// Log handlers render each line on the caller's thread and hand it over with ``write(_:)``. The writer
/// thread takes everything pending at once, writes it, then lets lines collect for a short linger (the most
/// a line waits under load, short enough that a reader of the log never notices) before the next batch.
///
/// **Bounded**: at most `budget` bytes wait; ``LogBufferStateMachine`` drops and counts the rest.
///
/// **Shutdown**: ``close()`` writes what is pending, waiting at most `closeTimeout` for an output that
/// does not move, so a stalled output cannot hang shutdown. A line logged after that is written by its
/// caller, so nothing is lost on a normal exit.
///
/// **Threading**: the buffer is held under one lock, only while bytes are copied in or the batch is
/// taken; the `write(2)` calls happen with no lock held.
public final class LogWriter: TextOutputStream, Sendable {
  private let output: FileHandle
  private let format: LogLineFormat
  private let closeTimeout: Duration
  private let buffer: Mutex<LogBufferStateMachine>
  /// Signalled when the writer should look for work: a line while it waits, or ``close()``.
  private let wake = DispatchSemaphore(value: 0)
  /// Signalled by the writer thread as it ends.
  private let stopped = DispatchSemaphore(value: 0)

  /// A writer to `descriptor` (standard error by default; it is not closed), whose thread starts at once;
  /// `format` is the format of its own line about dropped lines.
  public init(
    descriptor: Int32 = 2, format: LogLineFormat = .text, budget: Int = 1 << 20,
    closeTimeout: Duration = .seconds(5)
  ) {
    self.output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    self.format = format
    self.closeTimeout = closeTimeout
    self.buffer = Mutex(LogBufferStateMachine(budget: budget))
    let thread = Thread { [self] in runWriter() }
    thread.name = "octoreact-log"
    thread.start()
  }

  /// Queues `line` (which ends with its newline) to be written, or drops it when the budget is spent.
  public func write(_ line: String) {
    switch buffer.withLock({ $0.append(line) }) {
    case .none, .dropped: break
    case .wakeWriter: wake.signal()
    case .writeNow: try? output.write(contentsOf: Array(line.utf8))
    }
  }

  /// Writes what is pending and stops the writer thread, waiting at most `closeTimeout`; closing again does nothing.
  public func close() {
    guard buffer.withLock({ $0.finish() }) else { return }
    wake.signal()
    _ = stopped.wait(timeout: .now() + closeTimeout / .seconds(1))
  }

  private func runWriter() {
    defer { stopped.signal() }
    while true {
      switch buffer.withLock({ $0.takeBatch() }) {
      case .write(let bytes, let dropped):
        // A failed write is not retried: there is nowhere to report a failure to write the log.
        try? output.write(contentsOf: bytes)
        if dropped > 0 { try? output.write(contentsOf: Array(droppedNotice(dropped).utf8)) }
        // Let lines collect into the next batch (close() ends this early).
        _ = wake.wait(timeout: .now() + .milliseconds(10))
      case .wait:
        wake.wait()
      case .stop:
        return
      }
    }
  }

  private func droppedNotice(_ count: Int) -> String {
    let event = LogEvent(
      level: .warning, message: "Dropped log lines: the log output was blocked", metadata: nil,
      source: "WebApp", file: #fileID, function: #function, line: #line)
    return ServerLogHandler.line(event, fields: ["dropped": "\(count)"], label: "octoreact", format: format)
  }
}
