/// Which signup holds a username while it checks, hashes and inserts, and which wait for it: the
/// pure logic of ``NameClaims``.
///
/// A name is held by one signup at a time; the others wait in arrival order, and releasing the
/// name hands it to the oldest of them. A name nobody holds takes no room.
struct NameClaimStateMachine: Sendable {
  /// What to do with a new claim.
  enum ClaimAction: Sendable, Equatable {
    /// The name is free: go on.
    case proceed
    /// Another signup holds it: wait until ``NameClaimStateMachine/release(_:)`` hands it over.
    case wait
  }

  /// Each held name and the claims waiting for it, oldest first.
  private var held: [String: [Int]] = [:]

  /// How many names are held now.
  var heldCount: Int { held.count }

  /// Claims `name` for `id`.
  mutating func claim(_ name: String, id: Int) -> ClaimAction {
    guard held[name] != nil else {
      held[name] = []
      return .proceed
    }
    held[name, default: []].append(id)
    return .wait
  }

  /// Releases `name`; returns the waiting claim that holds it now, if any.
  mutating func release(_ name: String) -> Int? {
    guard var waiting = held[name] else { preconditionFailure("released a name nobody held") }
    guard !waiting.isEmpty else {
      held[name] = nil
      return nil
    }
    let next = waiting.removeFirst()
    held[name] = waiting
    return next
  }

  /// Withdraws waiting claim `id` on `name` (its caller was cancelled); false when it is not
  /// waiting.
  mutating func cancelled(_ name: String, id: Int) -> Bool {
    guard let index = held[name]?.firstIndex(of: id) else { return false }
    held[name]?.remove(at: index)
    return true
  }
}
