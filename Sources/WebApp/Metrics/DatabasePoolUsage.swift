/// How much of a database's connection pool is in use now, as `/metrics` reports it: a hook rather
/// than a dependency on one store (SQLite counts operations in flight, PostgreSQL connections).
public struct DatabasePoolUsage: Sendable, Equatable {
  public var inUse: Int
  /// `nil` when the store has no fixed limit (SQLite).
  public var capacity: Int?
  /// False while the pool knows its server unreachable; a file is always reachable.
  public var isReachable: Bool

  public init(inUse: Int, capacity: Int? = nil, isReachable: Bool = true) {
    self.inUse = inUse
    self.capacity = capacity
    self.isReachable = isReachable
  }
}
