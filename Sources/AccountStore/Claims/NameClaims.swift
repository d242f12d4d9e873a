internal import Synchronization

/// Lets one signup of a username at a time check, hash and insert, so that racing signups of one
/// name cost one password hash, not one each.
///
/// Without it, 50 signups of a free name racing each other all passed the "is it free?" check and
/// all hashed (50 × 250 ms of bcrypt) before the unique index refused 49 of them. With it, the
/// first holds the name; the others wait, then find the name taken at their check and answer at
/// once. The unique index stays the final word (another process may write the same file).
///
/// **Threading:** the lock guards only the ``NameClaimStateMachine`` and the waiting
/// continuations, resumed after unlocking; the caller's work runs outside it.
///
/// **Cancellation:** a caller cancelled while waiting leaves the line at once with
/// `CancellationError`.
final class NameClaims: Sendable {
  private struct State {
    var machine = NameClaimStateMachine()
    var continuations: [Int: CheckedContinuation<Void, any Error>] = [:]
    var nextID = 0
  }

  private let state = Mutex(State())

  /// How many names are held now (for tests: 0 once every signup has ended).
  var heldCount: Int { state.withLock { $0.machine.heldCount } }

  /// Runs `body` while holding `name` (already folded to one letter case by the caller).
  func withClaim<T>(on name: String, _ body: () async throws -> T) async throws -> T {
    try await claim(name)
    defer { release(name) }
    return try await body()
  }

  private func claim(_ name: String) async throws {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let action = state.withLock { state -> NameClaimStateMachine.ClaimAction? in
          // Cancelled before the handler below could find it waiting: never join the line.
          if Task.isCancelled { return nil }
          let action = state.machine.claim(name, id: id)
          if action == .wait { state.continuations[id] = continuation }
          return action
        }
        switch action {
        case nil: continuation.resume(throwing: CancellationError())
        case .proceed: continuation.resume()
        case .wait: break
        }
      }
    } onCancel: {
      let withdrawn = state.withLock { state in
        state.machine.cancelled(name, id: id) ? state.continuations.removeValue(forKey: id) : nil
      }
      withdrawn?.resume(throwing: CancellationError())
    }
  }

  private func release(_ name: String) {
    let next = state.withLock { state in
      state.machine.release(name).flatMap { state.continuations.removeValue(forKey: $0) }
    }
    next?.resume()
  }
}
