import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Synchronization

/// Runs `body` with a live page connected to `path` of a real server, over a real socket; `body`
/// sends text messages and reads the server's, decoded as `Message`.
func withLivePage<Message: Decodable & Sendable>(
  _ path: String,
  of app: TestApp,
  receiving: Message.Type,
  _ body: @escaping @Sendable (_ send: @Sendable (String) async throws -> Void, _ inbox: LiveInbox<Message>) async throws
    -> Void
) async throws {
  try await app.application().test(.live) { client in
    _ = try await client.ws(path) { inbound, outbound, _ in
      let inbox = LiveInbox<Message>()
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          for try await message in inbound.messages(maxSize: 1 << 20) {
            if case .text(let text) = message { inbox.append(text) }
          }
        }
        try await body({ try await outbound.write(.text($0)) }, inbox)
        group.cancelAll()
      }
    }
  }
}

/// One message the server sent a live Signup page, decoded as the page's script reads it.
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
  let location: String?

  var isState: Bool { type == "state" }
  var isError: Bool { type == "error" }
}

/// The messages a live page received, and a way to wait for the one a test expects.
final class LiveInbox<Message: Decodable & Sendable>: Sendable {
  private typealias Waiter = LiveWaiter<Message>

  private let state = Mutex<(received: [Message], texts: [String], waiters: [Waiter])>(([], [], []))

  /// Every message received so far, in order.
  var received: [Message] { state.withLock { $0.received } }
  /// The text of every message received so far, in order, whether or not it decoded as `Message`.
  var texts: [String] { state.withLock { $0.texts } }

  func append(_ text: String) {
    state.withLock { $0.texts.append(text) }
    guard let message = try? JSONDecoder().decode(Message.self, from: Data(text.utf8)) else { return }
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

  /// The first message, received or to come, satisfying `predicate`, skipping the first `skipped`.
  ///
  /// `predicate` runs under the inbox's lock: it must not use the inbox.
  @discardableResult
  func first(skipping skipped: Int = 0, where predicate: @escaping @Sendable (Message) -> Bool) async -> Message? {
    await withCheckedContinuation { continuation in
      let found = state.withLock { state -> Message? in
        if let found = state.received.dropFirst(skipped).first(where: predicate) { return found }
        state.waiters.append(Waiter(predicate: predicate, continuation: continuation))
        return nil
      }
      if let found { continuation.resume(returning: found) }
    }
  }
}

/// A test waiting for a message that satisfies its predicate.
private struct LiveWaiter<Message: Sendable>: Sendable {
  let predicate: @Sendable (Message) -> Bool
  let continuation: CheckedContinuation<Message?, Never>
}

/// A user event as the page's script sends it.
func event(_ type: String, _ value: String? = nil) -> String {
  guard let value else { return #"{"type":"\#(type)"}"# }
  let encoded = String(decoding: try! JSONEncoder().encode(value), as: UTF8.self)
  return #"{"type":"\#(type)","value":\#(encoded)}"#
}
