/// The bytes of log lines waiting to be written, within a byte budget: what ``LogWriter`` holds under its lock.
///
/// Callers ``append(_:)`` lines; the writer thread ``takeBatch()``es everything pending at once. Lines that would
/// take the pending bytes over the budget (the output is stalled: a blocked pipe, a full disk) are dropped and
/// counted; the next batch reports the count, so the log says how many lines it lost.
///
/// **Wake-ups**: the writer is signalled only when it found nothing to write and waits, so a line logged
/// while the writer is busy costs no wake-up.
///
/// **Contract**: a pure value, no clock and no I/O. The writer waits without a deadline only after
/// ``takeBatch()`` said ``BatchAction/wait``, and the next ``append(_:)`` then says
/// ``AppendAction/wakeWriter``, so no line is left waiting unseen.
struct LogBufferStateMachine {
  /// What the caller of ``append(_:)`` does next.
  enum AppendAction: Equatable {
    /// Nothing: the writer will take the line with its next batch.
    case none
    /// Wake the writer: it was waiting for a line.
    case wakeWriter
    /// The budget is spent: the line is dropped (and counted).
    case dropped
    /// The writer has stopped: write the line yourself.
    case writeNow
  }

  /// What the writer thread does next.
  enum BatchAction: Equatable {
    /// Write `bytes`; then, when `dropped` is not 0, one line saying that many lines were lost after them.
    case write(bytes: [UInt8], dropped: Int)
    /// Nothing is pending: wait for a wake-up (the next line sends one).
    case wait
    /// Nothing is pending and the buffer is finished: stop.
    case stop
  }

  /// The most bytes pending at once.
  let budget: Int
  private var pending: [UInt8] = []
  private var dropped = 0
  private var isFinished = false
  private var writerIsWaiting = false

  init(budget: Int) {
    precondition(budget > 0, "a log buffer needs a budget")
    self.budget = budget
  }

  /// Adds one line (with its newline) to the pending bytes, unless that would exceed the budget.
  mutating func append(_ line: String) -> AppendAction {
    guard !isFinished else { return .writeNow }
    guard pending.count + line.utf8.count <= budget else {
      dropped += 1
      return .dropped
    }
    pending.append(contentsOf: line.utf8)
    guard writerIsWaiting else { return .none }
    writerIsWaiting = false
    return .wakeWriter
  }

  /// Everything pending, and how many lines were dropped since the last batch; the buffer is then empty.
  mutating func takeBatch() -> BatchAction {
    guard !pending.isEmpty || dropped > 0 else {
      guard !isFinished else { return .stop }
      writerIsWaiting = true
      return .wait
    }
    defer { (pending, dropped) = ([], 0) }
    return .write(bytes: pending, dropped: dropped)
  }

  /// Stops buffering: pending bytes are still handed out by ``takeBatch()``, new lines are written by their
  /// caller. Returns whether this call finished it (the writer must then be woken to see it).
  mutating func finish() -> Bool {
    guard !isFinished else { return false }
    isFinished = true
    return true
  }
}
