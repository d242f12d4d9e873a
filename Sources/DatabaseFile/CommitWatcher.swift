internal import GRDB
import Synchronization

/// Tells whether anything committed to a database file since it last looked, from this process or
/// another: what an in-memory cache of the file checks before trusting an entry.
///
/// It keeps a connection of its own that only ever reads `PRAGMA data_version`. That number changes
/// when *another* connection commits; this connection never writes, so every commit to the file
/// (the store's own writer included) changes it. A reading costs one statement on an idle
/// connection: SQLite compares the write-ahead log's header in shared memory, with no disk read,
/// and takes and drops a read lock on it (two `fcntl` calls). A profile shows it as small, but side
/// by side it cost `GET /users/{name}` far more (the serialized access wakes threads; `BENCHMARKS.md`),
/// so `AccountStore` checks only before trusting a
/// cached absence or a miss, never for a cached account. "At once" means that a commit completed
/// before such a lookup began is always seen by it, with no timing constant to tune.
///
/// **Contract:** ``hasChangedSinceLastCheck()`` is synchronous and short (no disk read, no waiting
/// on a writer: WAL readers never wait for one), so callers may run it on the cooperative pool.
/// Calls are serialized on the watcher's connection; a commit that completed before a call began
/// is reported by that call or an earlier one, never later. The watcher must be closed before the
/// file is removed; a call after ``close()`` throws.
public final class CommitWatcher: Sendable {
  private let connection: DatabaseQueue
  /// Kept under the connection's own serial queue as well; the mutex makes that visible to Swift.
  private let version = Mutex(DataVersion())

  /// Opens a read-only connection on the (existing) database at `path` and takes a first reading.
  public init(path: String) throws {
    var configuration = Configuration()
    configuration.label = "CommitWatcher"
    configuration.readonly = true
    // A reader in WAL mode waits only while another connection recovers the log after a crash.
    configuration.busyMode = .timeout(5)
    connection = try DatabaseQueue(path: path, configuration: configuration)
    _ = try hasChangedSinceLastCheck()
  }

  /// True when some connection committed to the file since the previous call (or since opening).
  public func hasChangedSinceLastCheck() throws -> Bool {
    try connection.inDatabase { db in
      let reading = try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
      return version.withLock { $0.record(reading) }
    }
  }

  /// Closes the watcher's connection.
  public func close() throws {
    try connection.close()
  }
}
