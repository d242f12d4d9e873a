/// How much of a database's connection pool is in use now, as `/metrics` reports it.
///
/// A hook rather than a dependency on one store: the SQLite account store counts the operations in
/// flight on its file (``AccountStore/AccountStore/operationsInFlight``); a pooled client-server
/// database reports the connections it has checked out and its pool's size.
public struct DatabasePoolUsage: Sendable, Equatable {
  /// Operations (or connections) in use now.
  public var inUse: Int
  /// The most that can be in use at once; `nil` when the store has no fixed limit (SQLite).
  public var capacity: Int?
  /// False while the pool knows its server unreachable (its requests then fail at once); a file is always true.
  public var isReachable: Bool

  public init(inUse: Int, capacity: Int? = nil, isReachable: Bool = true) {
    self.inUse = inUse
    self.capacity = capacity
    self.isReachable = isReachable
  }
}
