import OctoreactCore
public import OctoreactMVVM

/// A wireframe whose prompt is part of the screen's state: the prompt shows until the user answers
/// it (``answer(_:)``) or its caller is cancelled.
///
/// The view models ask it to show the signup outcome; a front end shows ``shownPrompt`` as a dialog
/// and calls ``answer(_:)`` when the user clicks.
public final class ScreenWireframe: Wireframe {
  /// The message of the prompt on screen, `nil` when none is.
  public let shownPrompt = Broadcast<String?>(nil)
  private let pending = RuntimeLock<(continuation: CheckedContinuation<String, Never>, cancelAction: String)?>(nil)

  public init() {}

  public func promptFor(_ message: String, cancelAction: String, actions: [String]) async -> String {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let replaced = pending.withLock { pending in
          defer { pending = (continuation, cancelAction) }
          return pending
        }
        if let replaced { replaced.continuation.resume(returning: replaced.cancelAction) }
        shownPrompt.send(message)
        if Task.isCancelled { answer(nil) }
      }
    } onCancel: {
      answer(nil)
    }
  }

  /// Answers the prompt on screen with `action`, or its cancel action when `nil`.
  public func answer(_ action: String? = nil) {
    guard let (continuation, cancelAction) = pending.withLock({ pending in defer { pending = nil }; return pending })
    else { return }
    shownPrompt.send(nil)
    continuation.resume(returning: action ?? cancelAction)
  }
}
