/// What a view model may ask of the screen without knowing it (RxExample's `Wireframe`).
///
/// A view model cannot present an alert itself; it asks the wireframe, and the answer flows back
/// into its stream.
///
/// RxExample's wireframe can also `open(url:)`; here no screen opens a URL itself. The account a
/// signup created reaches the front end in the state (`accountToOpen`, the same on every engine),
/// and a search result is a plain link, so that requirement is left out rather than declared unused.
public protocol Wireframe: Sendable {
  /// Shows `message` with a cancel action and other actions, and returns the one the user chose.
  ///
  /// **Cancellation.** Cancelling the calling task dismisses the prompt; the call then returns
  /// `cancelAction`.
  func promptFor(_ message: String, cancelAction: String, actions: [String]) async -> String
}
