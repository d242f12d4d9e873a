import Synchronization

/// Accounts recently looked up, by lowercased login, with "no such account" remembered too.
///
/// Availability checks ask for the same few names over and over (every throttled keystroke of every
/// Signup page), and a database read costs several times the rest of the request. A created account
/// replaces its entry; a commit by any other connection to the file (another server, the sqlite3
/// shell) empties the cache, which the store learns from a `CommitWatcher` before each lookup. The
/// watcher cannot tell the store's own writer from another process's, so a signup here empties it
/// as well: signups are rare next to lookups (each costs a bcrypt hash), so that costs little. A
/// read that started before a write must not store what it read after that write, or a stale "no
/// such account" could outlive the signup; the write version guards that.
final class AccountCache: Sendable {
  private struct Entries {
    var accounts: [String: Account?] = [:]
    var writeVersion: UInt64 = 0
  }

  private let entries = Mutex(Entries())
  private let capacity: Int

  init(capacity: Int = 10_000) {
    self.capacity = capacity
  }

  /// What the cache knows of `login`: `.some(account)`, `.some(nil)` for a known absence, or
  /// `nil` when it does not know, with the version to pass to ``store(_:for:readAt:)``.
  func lookup(_ login: String) -> (known: Account??, version: UInt64) {
    entries.withLock { ($0.accounts[login.lowercased()], $0.writeVersion) }
  }

  /// Remembers what a read begun at `version` found, unless an account was written since.
  func store(_ account: Account?, for login: String, readAt version: UInt64) {
    entries.withLock { entries in
      guard entries.writeVersion == version else { return }
      if entries.accounts.count >= capacity { entries.accounts.removeAll(keepingCapacity: true) }
      entries.accounts[login.lowercased()] = .some(account)
    }
  }

  /// Forgets everything: the file changed in a way this process did not see (another connection
  /// committed). Reads begun before this store nothing.
  func removeAll() {
    entries.withLock { entries in
      entries.writeVersion &+= 1
      entries.accounts.removeAll(keepingCapacity: true)
    }
  }

  /// Records a write of `login`'s account: `account`, or forget the name when the outcome is unknown.
  func written(_ account: Account?, for login: String) {
    entries.withLock { entries in
      entries.writeVersion &+= 1
      if let account {
        entries.accounts[login.lowercased()] = .some(account)
      } else {
        entries.accounts[login.lowercased()] = nil
      }
    }
  }
}
