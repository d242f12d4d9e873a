/// Whether the server is draining, and the live sessions to tell when it starts: the pure part of
/// ``DrainState``.
///
/// **Contract:** draining starts once and never ends (a drained process exits). Each method returns
/// what its caller must do, after releasing the lock that holds the machine: the sessions to send
/// away. A session registered after draining began is sent away at once.
struct DrainStateMachine<GoAway> {
  /// How a new session was taken in.
  enum Registration {
    /// Serving: the session is kept under this number until it unregisters or draining starts.
    case registered(UInt64)
    /// Already draining: send the session away now.
    case goAwayNow
  }

  private(set) var isDraining = false
  private var sessions: [UInt64: GoAway] = [:]
  private var nextID: UInt64 = 0

  /// How many sessions wait to be sent away.
  var sessionCount: Int { sessions.count }

  /// Takes in a session, whose `goAway` is returned once draining starts.
  mutating func register(_ goAway: GoAway) -> Registration {
    guard !isDraining else { return .goAwayNow }
    nextID += 1
    sessions[nextID] = goAway
    return .registered(nextID)
  }

  /// Forgets a session that ended by itself; nothing happens for one already sent away.
  mutating func unregister(_ id: UInt64) {
    sessions[id] = nil
  }

  /// Starts draining: returns every registered session to send away, or none when already draining.
  mutating func beginDraining() -> [GoAway] {
    guard !isDraining else { return [] }
    isDraining = true
    defer { sessions = [:] }
    return sessions.sorted { $0.key < $1.key }.map(\.value)
  }
}
