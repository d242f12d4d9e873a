import AccountStore
import Foundation
import PostgresDatabase
import PostgresTestSupport
import Testing

/// The databases the behaviour tests run against: SQLite always, PostgreSQL when
/// `OCTOREACT_TEST_POSTGRES_URL` is set (`scripts/test` always sets it; a bare `swift test` runs the
/// SQLite cases alone).
enum Backend: String, Sendable, CustomTestStringConvertible {
  case sqlite
  case postgres

  static var all: [Backend] { [.sqlite] + (TestPostgres.isAvailable ? [.postgres] : []) }

  var testDescription: String { rawValue }
}

/// Runs `body` with a store on a new, empty database of `backend`, then closes it and deletes the database.
func withStore<T>(
  on backend: Backend,
  passwordHasher: PasswordHasher = .insecureFastBcryptForTesting,
  hashingLimits: HashingLimits = .standard,
  _ body: (AccountStore) async throws -> T
) async throws -> T {
  try await withStores(on: backend, count: 1, passwordHasher: passwordHasher, hashingLimits: hashingLimits) { stores in
    try await body(stores[0])
  }
}

/// Runs `body` with `count` stores on one new, empty database of `backend`, as `count` server processes
/// would have (each its own connections and cache), then closes them and deletes the database.
func withStores<T>(
  on backend: Backend,
  count: Int,
  passwordHasher: PasswordHasher = .insecureFastBcryptForTesting,
  hashingLimits: HashingLimits = .standard,
  _ body: ([AccountStore]) async throws -> T
) async throws -> T {
  switch backend {
  case .sqlite:
    return try await withTemporaryFolder { folder in
      let stores = try (0..<count).map { _ in
        try AccountStore(path: folder.databasePath, passwordHasher: passwordHasher, hashingLimits: hashingLimits)
      }
      defer { for store in stores { try? store.close() } }
      return try await body(stores)
    }
  case .postgres:
    return try await TestPostgres.withScratchDatabase { url in
      var pools: [PostgresPool] = []
      var stores: [AccountStore] = []
      do {
        for _ in 0..<count {
          let pool = PostgresPool(url: url, options: TestPostgres.poolOptions)
          pools.append(pool)
          stores.append(
            try await AccountStore(postgres: pool, passwordHasher: passwordHasher, hashingLimits: hashingLimits))
        }
        let result = try await body(stores)
        await close(stores, pools)
        return result
      } catch {
        await close(stores, pools)
        throw error
      }
    }
  }
}

private func close(_ stores: [AccountStore], _ pools: [PostgresPool]) async {
  for store in stores { try? store.close() }
  for pool in pools {
    pool.close()
    await pool.waitUntilClosed()
  }
}
