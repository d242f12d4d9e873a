/// How many connections each client has open, against a share per client, as a pure value. A client
/// has an entry only while it has a connection open, so `--max-connections` bounds the table.
struct ConnectionShareTable: Sendable, Equatable {
  let share: Int
  private(set) var open: [String: Int] = [:]

  init(share: Int) {
    precondition(share >= 1, "a client may open at least one connection")
    self.share = share
  }

  /// False, and nothing counted, when the share is full.
  mutating func open(_ client: String) -> Bool {
    let count = open[client, default: 0]
    guard count < share else { return false }
    open[client] = count + 1
    return true
  }

  mutating func close(_ client: String) {
    guard let count = open[client] else { return }
    open[client] = count > 1 ? count - 1 : nil
  }
}
