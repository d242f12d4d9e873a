import AccountStore
import PostgresDatabase

/// The account store `serve` opened, with the PostgreSQL pool under it when there is one.
struct AccountDatabase {
  let store: AccountStore
  /// The pool a PostgreSQL store uses; the store does not own it, so it is closed here, after the store.
  let postgres: PostgresPool?

  /// Closes the store, then the pool, waiting until its connections are closed.
  func close() async {
    try? store.close()
    postgres?.close()
    await postgres?.waitUntilClosed()
  }
}
