import AccountStore
import AsyncHTTPClient
import Clocks
import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresDatabase
import PostgresTestSupport
import RepositoryIndex
import Synchronization
import Testing

@testable import WebApp

/// PostgreSQL stops under a running application (`pg_ctl stop`) and comes back: the pool finds it unreachable
/// with one probe, the routes needing it answer `503` at once, `/readyz` and `/metrics` name the outage without
/// failing, and all of it recovers by itself. Time is a `TestClock`: only the probe's own connection is real.
@Suite(.enabled(if: TestPostgres.isAvailable, TestPostgres.skipReason), .timeLimit(.minutes(2)))
struct PostgresOutageTests {
  @Test func aStoppedDatabaseIs503AtOnceNamedByReadyzAndMetricsThenRecovers() async throws {
    let cluster = try await ScratchCluster.start()
    do {
      try await checkOutage(of: cluster)
    } catch {
      try? await cluster.remove()
      throw error
    }
    try await cluster.remove()
  }

  private func checkOutage(of cluster: ScratchCluster) async throws {
    let clock = SleepReportingClock()
    let start = clock.now
    let options = PostgresPoolOptions()
    let pool = PostgresPool(url: cluster.url, options: options, clock: clock)
    defer { pool.close() }
    let accounts = try await AccountStore(postgres: pool, passwordHasher: .insecureFastBcryptForTesting)
    let index = try RepositoryIndex.inMemory()
    defer {
      try? accounts.close()
      try? index.close()
    }
    let metrics = ServerMetrics(databasePool: {
      DatabasePoolUsage(inUse: pool.connectionsInUse, capacity: 10, isReachable: pool.unreachableReason == nil)
    })
    let app = buildApplication(
      .testDefault, accounts: accounts, index: index, httpClient: .shared, metrics: metrics,
      logger: TestApp.quietLogger)
    try await app.test(.router) { client in
      #expect(try await client.execute(uri: "/users/someone", method: .get).status == .notFound)
      try await cluster.stop()

      // An operation waits for the check delay, the probe is refused: it fails then, not after 5 s. (One that
      // meets a connection the stop closed fails at once without a probe: then the next one is tried.)
      var detected = false
      for _ in 0..<3 where !detected {
        let before = clock.count(of: options.reachabilityCheckDelay)
        let ping = Task { try await pool.ping() }
        await clock.waitForSleeps(of: options.reachabilityCheckDelay, count: before + 1)
        await clock.base.advance(by: options.reachabilityCheckDelay + .milliseconds(1))
        let error = await #expect(throws: PostgresDatabaseError.self) { try await ping.value }
        #expect(error?.isUnavailable == true, "\(String(describing: error))")
        detected = pool.unreachableReason != nil
      }
      #expect(detected)
      #expect(start.duration(to: clock.now) < .seconds(1), "found unreachable within a second of waiting")

      // Known unreachable: answered without waiting at all (the clock does not move).
      let lookup = try await client.execute(uri: "/users/someone", method: .get)
      #expect(lookup.status == .serviceUnavailable)
      #expect(lookup.headers[.retryAfter] == "5")
      let readiness = try await client.execute(uri: "/readyz", method: .get)
      #expect(readiness.status == .ok)
      #expect(readiness.text == #"{"status":"ok","degraded":["accounts database unavailable"]}"#)
      let scrape = try await client.execute(uri: "/metrics", method: .get)
      #expect(scrape.text.contains(#"database_reachable{database="accounts"} 0"#), "\(scrape.text)")
      #expect(!(lookup.text + readiness.text + scrape.text).contains(try #require(cluster.url.password)))

      // Back: the recovery loop's next probe finds it, with no request needed.
      try await cluster.start()
      // Each retry sleep is let through once it began, until a probe finds the server.
      let driver = Task {
        var retries = 1
        while !Task.isCancelled {
          await clock.waitForSleeps(of: options.reachabilityRetryInterval, count: retries)
          guard !Task.isCancelled else { return }
          await clock.base.advance(by: options.reachabilityRetryInterval + .milliseconds(1))
          retries += 1
        }
      }
      await pool.waitUntilReachable()
      driver.cancel()
      clock.releaseWaiters()
      #expect(pool.unreachableReason == nil)
      #expect(try await client.execute(uri: "/users/someone", method: .get).status == .notFound)
      #expect(try await client.execute(uri: "/readyz", method: .get).text == #"{"status":"ok"}"#)
      let recovered = try await client.execute(uri: "/metrics", method: .get)
      #expect(recovered.text.contains(#"database_reachable{database="accounts"} 1"#))
    }
  }
}

/// A `TestClock` that counts the sleeps of each duration as they begin, so that a test advances time only once
/// the sleep it means has begun.
final class SleepReportingClock: Clock, Sendable {
  typealias Duration = Swift.Duration
  typealias Instant = TestClock<Duration>.Instant

  private struct Sleeps {
    var counts: [Duration: Int] = [:]
    var waiters: [(duration: Duration, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  let base = TestClock()
  private let sleeps = Mutex(Sleeps())

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let duration = now.duration(to: deadline)
    let ready = sleeps.withLock { sleeps in
      sleeps.counts[duration, default: 0] += 1
      let count = sleeps.counts[duration, default: 0]
      let ready = sleeps.waiters.filter { $0.duration == duration && $0.count <= count }
      sleeps.waiters.removeAll { $0.duration == duration && $0.count <= count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
    // Counted before it is registered: the test advances a millisecond past the deadline, which a sleep
    // registered after the advance finds passed.
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// How many sleeps of `duration` began so far.
  func count(of duration: Duration) -> Int {
    sleeps.withLock { $0.counts[duration, default: 0] }
  }

  /// Resumes every ``waitForSleeps(of:count:)`` waiting now (for a test that stops waiting).
  func releaseWaiters() {
    for waiter in sleeps.withLock({ sleeps in
      defer { sleeps.waiters.removeAll() }
      return sleeps.waiters
    }) {
      waiter.continuation.resume()
    }
  }

  /// Returns once `count` sleeps of `duration` began in all.
  func waitForSleeps(of duration: Duration, count: Int) async {
    await withCheckedContinuation { continuation in
      let done = sleeps.withLock { sleeps in
        guard sleeps.counts[duration, default: 0] < count else { return true }
        sleeps.waiters.append((duration, count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }
}
