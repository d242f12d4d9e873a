import OctoreactCore

/// What an observer was called with, and whether two of its calls ever overlapped.
final class CallLog<Value: Sendable>: Sendable {
  private struct State {
    var values: [Value] = []
    var callsUnderWay = 0
    var overlapped = false
  }

  private let state = RuntimeLock(State())

  init() {}

  var values: [Value] { state.withLock { $0.values } }
  /// True if a call began while another was still under way.
  var overlapped: Bool { state.withLock { $0.overlapped } }

  /// Records one call with `value`, running `body` inside it.
  func call(_ value: Value, _ body: () -> Void = {}) {
    state.withLock { state in
      state.callsUnderWay += 1
      if state.callsUnderWay > 1 { state.overlapped = true }
      state.values.append(value)
    }
    body()
    state.withLock { $0.callsUnderWay -= 1 }
  }
}
