/// The bytes of log lines waiting to be written, within a byte budget: what ``LogWriter`` holds under its lock.
///
/// Callers ``append(_:)`` lines; the writer thread ``takeBatch()``es everything pending at once and writes
/// it in one go. Lines that would take the pending bytes over the budget (the output is stalled: a
/// blocked pipe, a full disk) are dropped and counted; the next batch reports the count, so the log
/// says how many lines it lost. After ``finish()`` nothing is buffered any more: appends are written by
/// their caller, so that lines logged during and after shutdown are not lost.
///
/// **Contract**: a pure value, no clock and no I/O. ``append(_:)`` returns ``AppendAction/wakeWriter``
/// when the pending bytes go from none to some, which is when the writer may be waiting; the writer
/// waits only after ``takeBatch()`` said ``BatchAction/wait``, so no line is left waiting unseen.
struct LogBufferStateMachine {
  /// What the caller of ``append(_:)`` does next.
  enum AppendAction: Equatable {
    /// Nothing: the line is pending and the writer already knows there is work.
    case none
    /// Wake the writer: the line is the first one pending.
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
    /// Nothing is pending: wait for a wake-up.
    case wait
    /// Nothing is pending and the buffer is finished: stop.
    case stop
  }

  /// The most bytes pending at once.
  let budget: Int
  private var pending: [UInt8] = []
  private var dropped = 0
  private var isFinished = false

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
    let wasEmpty = pending.isEmpty
    pending.append(contentsOf: line.utf8)
    return wasEmpty ? .wakeWriter : .none
  }

  /// Everything pending, and how many lines were dropped since the last batch; the buffer is then empty.
  mutating func takeBatch() -> BatchAction {
    guard !pending.isEmpty || dropped > 0 else { return isFinished ? .stop : .wait }
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
