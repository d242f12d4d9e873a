import Foundation
import Synchronization

/// One message the server sent a live page, decoded as the page's script reads it.
struct LiveMessage: Decodable, Sendable {
  struct Field: Decodable, Sendable {
    let message: String
    let tone: String
  }

  let type: String
  let message: String?
  let username: Field?
  let password: Field?
  let repeatedPassword: Field?
  let signupEnabled: Bool?
  let signingUp: Bool?
  let alert: String?

  var isState: Bool { type == "state" }
  var isError: Bool { type == "error" }
}

/// The messages a live page received, and a way to wait for the one a test expects.
final class LiveInbox: Sendable {
  private struct Waiter {
    let predicate: @Sendable (LiveMessage) -> Bool
    let continuation: CheckedContinuation<LiveMessage?, Never>
  }

  private let state = Mutex<(received: [LiveMessage], waiters: [Waiter])>(([], []))

  func append(_ text: String) {
    guard let message = try? JSONDecoder().decode(LiveMessage.self, from: Data(text.utf8)) else { return }
    let ready = state.withLock { state in
      state.received.append(message)
      var ready: [Waiter] = []
      state.waiters.removeAll { waiter in
        guard waiter.predicate(message) else { return false }
        ready.append(waiter)
        return true
      }
      return ready
    }
    for waiter in ready { waiter.continuation.resume(returning: message) }
  }

  /// The first message, received or to come, satisfying `predicate`.
  @discardableResult
  func first(where predicate: @escaping @Sendable (LiveMessage) -> Bool) async -> LiveMessage? {
    await withCheckedContinuation { continuation in
      let found = state.withLock { state -> LiveMessage? in
        if let found = state.received.first(where: predicate) { return found }
        state.waiters.append(Waiter(predicate: predicate, continuation: continuation))
        return nil
      }
      if let found { continuation.resume(returning: found) }
    }
  }
}

/// A user event as the page's script sends it.
func event(_ type: String, _ value: String? = nil) -> String {
  guard let value else { return #"{"type":"\#(type)"}"# }
  let encoded = String(decoding: try! JSONEncoder().encode(value), as: UTF8.self)
  return #"{"type":"\#(type)","value":\#(encoded)}"#
}
