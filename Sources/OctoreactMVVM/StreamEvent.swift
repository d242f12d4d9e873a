/// One value on a named stream of a view model: an input the view fed it, or an output it produced.
/// What an inspector draws as one lane per stream (RxExample's names: `username`,
/// `validatedUsername`, `signupEnabled`, `signingIn`, …).
///
/// A screen built on a view model reports them to a sink it is given (for example
/// `StreamSignupScreen(validation:events:)`), on the thread that changed the stream, with no lock held.
public struct StreamEvent: Sendable, CustomStringConvertible {
  /// Whether the view fed the value to the view model or the view model produced it.
  public enum Direction: Sendable, Hashable {
    /// A value the view fed to the view model (a field's text, a tap).
    case input
    /// A value the view model produced for the view.
    case output
  }

  /// Whether the value went into the view model or came out of it.
  public let direction: Direction
  /// The stream's name, as the view model's property is named.
  public let stream: String
  /// The value, as the stream carries it (`()` for a tap).
  public let value: any Sendable

  /// The value `value` on the stream `stream`, going in `direction`.
  public init(_ direction: Direction, _ stream: String, _ value: any Sendable) {
    self.direction = direction
    self.stream = stream
    self.value = value
  }

  /// `input username: octo`, `output signupEnabled: true`.
  public var description: String { "\(direction == .input ? "input" : "output") \(stream): \(value)" }
}
