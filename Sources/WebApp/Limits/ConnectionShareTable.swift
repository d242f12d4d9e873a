/// How many connections each client has open, against a share per client: a pure value, so its rule is
/// tested with plain keys.
///
/// A client has an entry only while it has a connection open, so the table holds at most as many
/// entries as there are connections (which `--max-connections` bounds).
struct ConnectionShareTable: Sendable, Equatable {
  /// The most connections one client may have open at once; at least 1.
  let share: Int
  private(set) var open: [String: Int] = [:]

  init(share: Int) {
    precondition(share >= 1, "a client may open at least one connection")
    self.share = share
  }

  /// Counts a connection of `client` if its share allows one more; false (and nothing counted) if not.
  mutating func open(_ client: String) -> Bool {
    let count = open[client, default: 0]
    guard count < share else { return false }
    open[client] = count + 1
    return true
  }

  /// Forgets one connection of `client`.
  mutating func close(_ client: String) {
    guard let count = open[client] else { return }
    open[client] = count > 1 ? count - 1 : nil
  }
}
