import Dispatch
import Foundation
import Synchronization

/// Writes log lines to a file descriptor from one background thread, in batches, so that logging
/// never waits for the output: a request that logs a line only copies its bytes.
///
/// Log handlers format each line on the caller's thread and hand it over with ``write(_:)``, usually
/// through ``stream``. The writer thread takes everything pending at once and writes it with as few
/// `write(2)` calls as the descriptor accepts, then lets lines collect for ``linger`` (10 ms) before the
/// next batch: a line under load costs a copy under a lock, never a wake-up of the writer.
///
/// **Bounded**: at most `budget` bytes wait (1 MiB by default). When the output stalls (a pipe
/// nobody reads), lines beyond it are dropped and counted, and once the output moves again one line
/// (``droppedNotice``, in the log's own format) says how many. See ``LogBufferStateMachine``.
///
/// **Shutdown**: ``close()`` writes what is pending, stops the thread and waits for it; a line logged
/// after that is written by its caller, synchronously, so nothing is lost on a normal exit.
///
/// **Threading**: the buffer is held under one lock, only while bytes are copied in or the batch is
/// taken; the `write(2)` calls happen with no lock held.
public final class LogWriter: Sendable {
  /// The default ``budget``.
  public static var defaultBudget: Int { 1 << 20 }

  /// How long the writer lets lines collect after a batch: the most a line waits under load.
  static var linger: DispatchTimeInterval { .milliseconds(10) }

  private let descriptor: Int32
  private let buffer: Mutex<LogBufferStateMachine>
  /// Signalled when the writer should look for work: a line while it is idle, the pending bytes past half the
  /// budget, or ``close()``.
  private let wake = DispatchSemaphore(value: 0)
  /// Signalled by the writer thread as it ends.
  private let stopped = DispatchSemaphore(value: 0)
  /// The line reporting `count` dropped lines, newline included.
  private let droppedNotice: @Sendable (_ count: Int) -> String

  /// The most bytes waiting to be written at once.
  public var budget: Int { buffer.withLock { $0.budget } }

  /// A writer to `descriptor` (which it does not close), whose thread starts at once.
  public init(
    descriptor: Int32, budget: Int = LogWriter.defaultBudget,
    droppedNotice: @escaping @Sendable (_ count: Int) -> String
  ) {
    self.descriptor = descriptor
    self.buffer = Mutex(LogBufferStateMachine(budget: budget))
    self.droppedNotice = droppedNotice
    let thread = Thread { [self] in runWriter() }
    thread.name = "octoreact-log"
    thread.start()
  }

  /// A writer to standard error.
  public static func standardError(
    budget: Int = LogWriter.defaultBudget, droppedNotice: @escaping @Sendable (_ count: Int) -> String
  ) -> LogWriter {
    LogWriter(descriptor: STDERR_FILENO, budget: budget, droppedNotice: droppedNotice)
  }

  /// A `TextOutputStream` handing each string written to it to this writer (one string: one line).
  public var stream: some TextOutputStream & Sendable { Stream(writer: self) }

  /// Queues `line` (which ends with its newline) to be written, or drops it when the budget is spent.
  public func write(_ line: String) {
    switch buffer.withLock({ $0.append(line) }) {
    case .none, .dropped: break
    case .wakeWriter: wake.signal()
    case .writeNow: Self.write(Array(line.utf8), to: descriptor)
    }
  }

  /// Writes everything pending, then stops the writer thread and waits for it to end. Later lines are
  /// written by their callers. Closing again does nothing.
  public func close() {
    guard buffer.withLock({ $0.finish() }) else { return }
    wake.signal()
    stopped.wait()
  }

  private func runWriter() {
    defer { stopped.signal() }
    while true {
      switch buffer.withLock({ $0.takeBatch() }) {
      case .write(let bytes, let dropped):
        Self.write(bytes, to: descriptor)
        if dropped > 0 { Self.write(Array(droppedNotice(dropped).utf8), to: descriptor) }
        // Let lines collect into the next batch (a signal ends this early: half the budget, or close()).
        _ = wake.wait(timeout: .now() + Self.linger)
      case .wait:
        wake.wait()
      case .stop:
        return
      }
    }
  }

  /// Writes all of `bytes`, continuing short writes and retrying interrupted ones; gives up on an error
  /// (there is nowhere to report a failure to write the log).
  private static func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }

  private struct Stream: TextOutputStream, Sendable {
    let writer: LogWriter
    func write(_ string: String) { writer.write(string) }
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#else
  private let systemWrite = Darwin.write
#endif
