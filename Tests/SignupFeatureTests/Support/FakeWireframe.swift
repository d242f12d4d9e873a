import ReactorCore
import SignupFeature
import Synchronization

/// A wireframe whose prompt stays up until the test answers it, or its caller is cancelled.
final class FakeWireframe: Wireframe {
  /// The message of the prompt on screen, `nil` when none is.
  let shownPrompt = Broadcast<String?>(nil)
  private let pending = Mutex<CheckedContinuation<String, Never>?>(nil)
  private let opened = Mutex<[String]>([])

  func promptFor(_ message: String, cancelAction: String, actions: [String]) async -> String {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        pending.withLock { $0 = continuation }
        shownPrompt.send(message)
        if Task.isCancelled { resolve(with: cancelAction) }
      }
    } onCancel: {
      resolve(with: cancelAction)
    }
  }

  func open(url: String) async {
    opened.withLock { $0.append(url) }
  }

  /// Taps the prompt's cancel action ("OK").
  func answer() {
    resolve(with: "OK")
  }

  private func resolve(with action: String) {
    guard let continuation = pending.withLock({ pending in defer { pending = nil }; return pending }) else { return }
    shownPrompt.send(nil)
    continuation.resume(returning: action)
  }
}
