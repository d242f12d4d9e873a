/// The pure part of ``DrainState``: whether the server is draining, and the live sessions to send away
/// when it starts. Draining starts once and never ends (a drained process exits).
struct DrainStateMachine<GoAway> {
  enum Registration {
    /// Kept under this number until it unregisters or draining starts.
    case registered(UInt64)
    /// Already draining: send the session away now.
    case goAwayNow
  }

  private(set) var isDraining = false
  private var sessions: [UInt64: GoAway] = [:]
  private var nextID: UInt64 = 0

  var sessionCount: Int { sessions.count }

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

  /// Returns every registered session to send away, or none when already draining.
  mutating func beginDraining() -> [GoAway] {
    guard !isDraining else { return [] }
    isDraining = true
    defer { sessions = [:] }
    return sessions.sorted { $0.key < $1.key }.map(\.value)
  }
}
