import Foundation
import PostgresDatabase
import PostgresNIO
import PostgresTestSupport
import Synchronization
import Testing
@testable import WebApp

/// The rate limits counted in PostgreSQL: several instances (here, limiters with pools of their own)
/// on one database give a client one budget.
@Suite(.enabled(if: TestPostgres.isAvailable), .timeLimit(.minutes(1)))
struct SharedRateLimitTests {
  /// Three "instances" sharing one database, `body` given their limiters and the first one's pool.
  static func withInstances(
    _ limits: RateLimits, now: @escaping @Sendable () -> Date = Date.init,
    _ body: ([RateLimiter], PostgresPool) async throws -> Void
  ) async throws {
    try await TestPostgres.withScratchDatabase { url in
      let pools = (0..<3).map { _ in PostgresPool(url: url) }
      do {
        try await pools[0].migrate(RateLimitTable.migrations)
        try await body(pools.map { RateLimiter(limits, counter: .postgres($0), now: now) }, pools[0])
      } catch {
        for pool in pools { pool.close() }
        throw error
      }
      for pool in pools { pool.close() }
      for pool in pools { await pool.waitUntilClosed() }
    }
  }

  @Test func threeInstancesAllowExactlyTheLimitInTotal() async throws {
    let limit = 12
    let limits = RateLimits(signup: RateLimitRule(limit: limit, window: .seconds(60), answer: .secondary))
    try await Self.withInstances(limits) { limiters, _ in
      let outcomes = try await withThrowingTaskGroup(of: RateLimitOutcome?.self) { group in
        for attempt in 0..<60 {
          group.addTask { try await limiters[attempt % limiters.count].take(.signup, client: "203.0.113.7") }
        }
        var outcomes: [RateLimitOutcome] = []
        for try await outcome in group { outcomes.append(try #require(outcome)) }
        return outcomes
      }
      #expect(outcomes.filter(\.isAllowed).count == limit)
      #expect(Set(outcomes.filter(\.isAllowed).map(\.decision.remaining)) == Set(0..<limit))
      #expect(outcomes.filter { !$0.isAllowed }.allSatisfy { $0.decision.remaining == 0 && $0.decision.used == limit })
      // Another client has a budget of its own, on any instance.
      #expect(try await limiters[2].take(.signup, client: "203.0.113.8")?.isAllowed == true)
    }
  }

  /// A wall clock the test sets.
  final class WallClock: Sendable {
    private let seconds: Mutex<Double>

    init(_ seconds: Double) { self.seconds = Mutex(seconds) }

    func now() -> Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
    func set(_ value: Double) { seconds.withLock { $0 = value } }
    func advance(_ delta: Double) { seconds.withLock { $0 += delta } }
  }

  @Test func aWindowEndsWhereItsFirstRequestPlacedIt() async throws {
    let clock = WallClock(1_800_000_000)
    let limits = RateLimits(core: RateLimitRule(limit: 2, window: .seconds(900)))
    try await Self.withInstances(limits, now: clock.now) { limiters, _ in
      let first = try #require(try await limiters[0].take(.core, client: "a"))
      #expect(first.decision.reset == 1_800_000_900)
      #expect(first.decision.remaining == 1)
      clock.advance(100)
      #expect(try await limiters[1].take(.core, client: "a")?.decision.reset == 1_800_000_900)
      let refused = try #require(try await limiters[2].take(.core, client: "a"))
      #expect(!refused.isAllowed)
      #expect(refused.retryAfter == 800)
      clock.set(1_800_000_900)
      let renewed = try #require(try await limiters[0].take(.core, client: "a"))
      #expect(renewed.isAllowed)
      #expect(renewed.decision.reset == 1_800_001_800)
      #expect(renewed.decision.used == 1)
    }
  }

  @Test func anyInstanceReadsTheSharedBudgetWithoutSpendingIt() async throws {
    let clock = WallClock(1_800_000_000)
    let limits = RateLimits(search: RateLimitRule(limit: 3, window: .seconds(60)))
    try await Self.withInstances(limits, now: clock.now) { limiters, _ in
      let unused = try #require(try await limiters[2].budget(.search, client: "a"))
      #expect(unused.used == 0 && unused.remaining == 3 && unused.reset == 1_800_000_060)
      _ = try await limiters[0].take(.search, client: "a")
      clock.advance(10)
      _ = try await limiters[1].take(.search, client: "a")
      for limiter in limiters {
        let read = try #require(try await limiter.budget(.search, client: "a"))
        #expect(read.used == 2 && read.remaining == 1 && read.reset == 1_800_000_060)
      }
      #expect(try await limiters[2].take(.search, client: "a")?.isAllowed == true, "the reads spent nothing")
      #expect(try await limiters[0].budget(.search, client: "a")?.remaining == 0)
      #expect(try await limiters[0].budget(.core, client: "a") == nil, "core is not limited here")
      clock.set(1_800_000_060)
      #expect(try await limiters[1].budget(.search, client: "a")?.used == 0, "the window has ended")
    }
  }

  @Test func expiredWindowsAreSweptAndLiveOnesKept() async throws {
    let clock = WallClock(1_800_000_000)
    let limits = RateLimits(core: RateLimitRule(limit: 5, window: .seconds(60)))
    try await Self.withInstances(limits, now: clock.now) { limiters, pool in
      for client in ["old-1", "old-2", "old-3"] { _ = try await limiters[0].take(.core, client: client) }
      clock.advance(61)
      // A fresh instance sweeps with its first counted request.
      let fresh = RateLimiter(limits, counter: .postgres(pool), now: clock.now)
      _ = try await fresh.take(.core, client: "new")
      var remaining: [String] = []
      for _ in 0..<100 {
        remaining = try await pool.withConnection { [logger = pool.logger] connection in
          var clients: [String] = []
          let rows = try await connection.query("SELECT client FROM rate_limit_windows ORDER BY client", logger: logger)
          for try await client in rows.decode(String.self) { clients.append(client) }
          return clients
        }
        if remaining == ["new"] { break }
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(remaining == ["new"])
    }
  }
}

/// Without a database to count in, a budget is a storage error, never a free pass (no server needed).
@Suite(.timeLimit(.minutes(1)))
struct SharedRateLimitUnreachableTests {
  @Test func anUnreachableDatabaseIsAStorageErrorNotALimit() async throws {
    // A port nothing listens on: the pool's operation timeout ends the wait.
    let url = try PostgresURL("postgres://octoreact:secret@127.0.0.1:1/octoreact")
    let pool = PostgresPool(url: url, options: PostgresPoolOptions(operationTimeout: .milliseconds(300)))
    defer { pool.close() }
    let limiter = RateLimiter(RateLimits.standard, counter: .postgres(pool))
    await #expect(throws: RateLimitCounterUnavailable.self) { try await limiter.take(.core, client: "a") }
  }
}
