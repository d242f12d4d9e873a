@testable import OctoreactCore

extension SerialQueueStateMachine {
  /// An enqueue by a caller outside any drain context (another thread, or a test).
  mutating func enqueue(_ item: Item) -> EnqueueAction {
    enqueue(item, callerIsInDrainContext: false)
  }
}
