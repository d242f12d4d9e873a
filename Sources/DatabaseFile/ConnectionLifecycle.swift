import Synchronization

/// Whether a database is closed, and how many operations are using it.
///
/// SQLite must not be called on a closed connection (without SQLITE_ENABLE_API_ARMOR, as on Linux,
/// that crashes), so a close requested while operations are in flight waits for the last of them:
/// the connection stays open until every operation that got in has ended.
public final class ConnectionLifecycle: Sendable {
  private struct State {
    var isClosed = false
    var operationsInFlight = 0
    /// `close()` was called while operations were in flight: the last one closes the database.
    var closesWhenIdle = false
  }

  private let state = Mutex(State())

  public init() {}

  /// The operations using the database now.
  public var operationsInFlight: Int { state.withLock { $0.operationsInFlight } }

  /// Counts an operation in; false when the database is closed.
  public func begin() -> Bool {
    state.withLock { state in
      guard !state.isClosed else { return false }
      state.operationsInFlight += 1
      return true
    }
  }

  /// Counts an operation out; true when it is the last one of a deferred close, which the caller
  /// then performs.
  public func end() -> Bool {
    state.withLock { state in
      state.operationsInFlight -= 1
      return state.closesWhenIdle && state.operationsInFlight == 0
    }
  }

  /// Marks the database closed; true when nothing is in flight and the caller closes it now,
  /// false when it was closed already or the last operation will close it.
  public func close() -> Bool {
    state.withLock { state in
      guard !state.isClosed else { return false }
      state.isClosed = true
      state.closesWhenIdle = state.operationsInFlight > 0
      return !state.closesWhenIdle
    }
  }
}
