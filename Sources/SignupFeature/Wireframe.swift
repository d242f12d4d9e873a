/// What a view model may ask of the screen without knowing it (RxExample's `Wireframe`).
///
/// A view model cannot present an alert itself; it asks the wireframe, and the answer flows back
/// into its stream.
public protocol Wireframe: Sendable {
  /// Shows `message` with a cancel action and other actions, and returns the one the user chose.
  ///
  /// **Cancellation.** Cancelling the calling task dismisses the prompt; the call then returns
  /// `cancelAction`.
  func promptFor(_ message: String, cancelAction: String, actions: [String]) async -> String

  /// Opens `url` (a repository page, a profile) outside the screen.
  func open(url: String) async
}
