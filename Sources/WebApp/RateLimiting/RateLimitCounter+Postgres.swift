import Logging
public import PostgresDatabase
import PostgresNIO
import Synchronization

extension RateLimitCounter {
  /// The most expired windows one sweep deletes.
  static let sweepBound = 1_000

  /// Counts in PostgreSQL, in the `rate_limit_windows` table every instance on `database` shares, so a
  /// client has one budget however many instances it reaches.
  ///
  /// **Contract:** one upsert per counted request; its row lock orders concurrent requests of one client,
  /// on any instance, so exactly `limit` of them are allowed per window. A row is renewed in place when
  /// its window has ended, so the sweep (``RateLimitSweepStateMachine``, which the request does not wait
  /// for) only removes clients that stopped coming.
  static func postgres(_ database: PostgresPool, sweepInterval: Duration = .seconds(60)) -> RateLimitCounter {
    let sweeper = Sweeper(database: database, intervalSeconds: max(1, Int(sweepInterval.components.seconds)))
    let take: Operation = { resource, rule, client, now throws(RateLimitCounterUnavailable) in
      let window = rule.windowSeconds
      let limit = rule.limit
      let row = try await firstRow(
        """
        INSERT INTO rate_limit_windows AS w (resource, client, window_end, count)
        VALUES (\(resource.rawValue), \(client), \(now + window), 1)
        ON CONFLICT (resource, client) DO UPDATE SET
          window_end = CASE WHEN w.window_end <= \(now) THEN \(now + window) ELSE w.window_end END,
          count = CASE WHEN w.window_end <= \(now) THEN 1 ELSE least(w.count + 1, \(limit + 1)) END
        RETURNING window_end, count
        """, in: database)
      guard let (reset, count) = row else { throw RateLimitCounterUnavailable() }
      sweeper.sweepIfDue(now: now)
      let used = min(count, limit)
      return RateLimitStateMachine.Decision(limit: limit, used: used, reset: reset, isAllowed: count <= limit)
    }
    // A read of the client's row, no write; a window that has ended counts as none.
    let read: Operation = { resource, rule, client, now throws(RateLimitCounterUnavailable) in
      let window = try await firstRow(
        """
        SELECT window_end, count FROM rate_limit_windows
        WHERE resource = \(resource.rawValue) AND client = \(client) AND window_end > \(now)
        """, in: database)
      let limit = rule.limit
      guard let window else {
        return RateLimitStateMachine.Decision(limit: limit, used: 0, reset: now + rule.windowSeconds, isAllowed: true)
      }
      let used = min(window.count, limit)
      return RateLimitStateMachine.Decision(limit: limit, used: used, reset: window.reset, isAllowed: used < limit)
    }
    return RateLimitCounter(take: take, read: read)
  }

  /// The first `(window_end, count)` row of `query`; any failure (the database down, the pool's timeout)
  /// is ``RateLimitCounterUnavailable``.
  private static func firstRow(
    _ query: PostgresQuery, in database: PostgresPool
  ) async throws(RateLimitCounterUnavailable) -> (reset: Int, count: Int)? {
    do {
      return try await database.withConnection { [logger = database.logger] connection in
        for try await row in try await connection.query(query, logger: logger).decode((Int, Int).self) { return row }
        return nil
      }
    } catch {
      throw RateLimitCounterUnavailable()
    }
  }

  /// Starts the sweeps ``RateLimitSweepStateMachine`` asks for.
  private final class Sweeper: Sendable {
    let database: PostgresPool
    let machine: Mutex<RateLimitSweepStateMachine>

    init(database: PostgresPool, intervalSeconds: Int) {
      self.database = database
      machine = Mutex(RateLimitSweepStateMachine(intervalSeconds: intervalSeconds))
    }

    func sweepIfDue(now: Int) {
      guard machine.withLock({ $0.shouldSweep(now: now) }) else { return }
      // Unstructured on purpose, so the request does not wait; bounded by `sweepBound` and the pool's timeout.
      Task { [self] in
        let deleted = try? await database.withConnection { [logger = database.logger] connection in
          let rows = try await connection.query(
            """
            WITH expired AS (
              SELECT resource, client FROM rate_limit_windows WHERE window_end <= \(now)
              LIMIT \(RateLimitCounter.sweepBound)
            )
            DELETE FROM rate_limit_windows AS w USING expired
            WHERE w.resource = expired.resource AND w.client = expired.client AND w.window_end <= \(now)
            RETURNING 1
            """,
            logger: logger)
          var count = 0
          for try await _ in rows { count += 1 }
          return count
        }
        // A failed sweep waits an interval, as one that found nothing does.
        machine.withLock { $0.finished(now: now, deleted: deleted ?? 0, bound: RateLimitCounter.sweepBound) }
      }
    }
  }
}

/// The shared rate-limit table's schema, applied by `octoreact serve` when its database is PostgreSQL.
public enum RateLimitTable {
  /// Never edit a migration once shipped: add the next version.
  public static let migrations = PostgresMigrations(
    component: "rate_limits",
    migrations: [
      PostgresMigration(
        version: 1, name: "create-rate-limit-windows",
        statements: [
          // UNLOGGED: no WAL, so a counted request does not wait for a disk flush. A crash empties the
          // table, which only gives every client a fresh window: no account or secret is at stake.
          """
          CREATE UNLOGGED TABLE rate_limit_windows (
            resource TEXT NOT NULL,
            client TEXT NOT NULL,
            window_end BIGINT NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (resource, client)
          )
          """,
          "CREATE INDEX rate_limit_windows_by_end ON rate_limit_windows (window_end)",
        ])
    ])
}
