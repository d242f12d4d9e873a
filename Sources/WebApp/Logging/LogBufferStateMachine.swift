/// The bytes of log lines waiting to be written, within a byte budget: what ``LogWriter`` holds under its lock.
///
/// Callers ``append(_:)`` lines; the writer thread ``takeBatch()``es everything pending at once and writes
/// it in one go. Lines that would take the pending bytes over the budget (the output is stalled: a
/// blocked pipe, a full disk) are dropped and counted; the next batch reports the count, so the log
/// says how many lines it lost. After ``finish()`` nothing is buffered any more: appends are written by
/// their caller, so that lines logged during and after shutdown are not lost.
///
/// **Wake-ups**: the writer is signalled only when it is idle (it found nothing to write) or when the
/// pending bytes pass half the budget; after each batch it lingers a moment before taking the next, so
/// under load lines collect into batches and a line costs no wake-up, no context switch. (Waking the
/// writer for the first line after each batch had cost `GET /users/{name}` a context switch per request,
/// half again its server CPU.)
///
/// **Contract**: a pure value, no clock and no I/O. The writer waits without a deadline only after
/// ``takeBatch()`` said ``BatchAction/wait``, and the next ``append(_:)`` then says
/// ``AppendAction/wakeWriter``, so no line is left waiting unseen.
struct LogBufferStateMachine {
  /// What the caller of ``append(_:)`` does next.
  enum AppendAction: Equatable {
    /// Nothing: the line is pending and the writer will take it with its next batch.
    case none
    /// Wake the writer: it was idle, or the pending bytes just passed half the budget.
    case wakeWriter
    /// The budget is spent: the line is dropped (and counted).
    case dropped
    /// The writer has stopped: write the line yourself.
    case writeNow
  }

  /// What the writer thread does next.
  enum BatchAction: Equatable {
    /// Write `bytes`; then, when `dropped` is not 0, one line saying that many lines were lost after them
    /// (they came while `bytes` filled the budget).
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
  /// The writer found nothing to write and waits for a signal.
  private var writerIsIdle = false
  /// The pending bytes passed half the budget since the last batch, and the writer was told.
  private var toldHalfFull = false

  init(budget: Int) {
    precondition(budget > 0, "a log buffer needs a budget")
    self.budget = budget
  }

  /// The bytes waiting to be written.
  var pendingByteCount: Int { pending.count }

  /// Adds one line (its bytes, with its newline) to the pending bytes, unless that would exceed the budget.
  mutating func append(_ line: String) -> AppendAction {
    guard !isFinished else { return .writeNow }
    let count = line.utf8.count
    guard pending.count + count <= budget else {
      dropped += 1
      return .dropped
    }
    pending.append(contentsOf: line.utf8)
    if writerIsIdle {
      writerIsIdle = false
      return .wakeWriter
    }
    if !toldHalfFull && pending.count >= budget / 2 {
      toldHalfFull = true
      return .wakeWriter
    }
    return .none
  }

  /// Everything pending, and how many lines were dropped since the last batch; the buffer is then empty.
  mutating func takeBatch() -> BatchAction {
    guard !pending.isEmpty || dropped > 0 else {
      guard !isFinished else { return .stop }
      writerIsIdle = true
      return .wait
    }
    toldHalfFull = false
    var bytes: [UInt8] = []
    // The next batch usually is as large as this one: keep the capacity.
    bytes.reserveCapacity(pending.count)
    swap(&bytes, &pending)
    defer { dropped = 0 }
    return .write(bytes: bytes, dropped: dropped)
  }

  /// Stops buffering: pending bytes are still handed out by ``takeBatch()``, new lines are written by their caller.
  /// Returns whether this call finished it (the writer must then be woken to see it).
  mutating func finish() -> Bool {
    guard !isFinished else { return false }
    isFinished = true
    return true
  }
}
