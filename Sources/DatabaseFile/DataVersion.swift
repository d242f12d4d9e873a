/// The last `PRAGMA data_version` a connection read, and whether a new reading means another
/// connection committed: the pure part of ``CommitWatcher``.
///
/// SQLite's data version is a number private to one connection that changes whenever *another*
/// connection (of this process or any other) commits to the database file. Only readings of the
/// same connection can be compared; their values mean nothing else.
public struct DataVersion: Sendable, Equatable {
  /// The last reading, or nil before the first.
  public private(set) var lastReading: Int64?

  public init() {}

  /// Records a new reading; true when it differs from the previous one, that is when some other
  /// connection committed since. The first reading is a baseline: it reports no change.
  public mutating func record(_ reading: Int64) -> Bool {
    defer { lastReading = reading }
    guard let lastReading else { return false }
    return reading != lastReading
  }
}
