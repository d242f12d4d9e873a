public import Testing

/// The error a test double throws for a request its test did not expect, after recording an issue.
public struct UnexpectedRequest: Error, Hashable, CustomStringConvertible {
  /// The request, as `Client.endpoint(arguments)`; never a secret.
  public let request: String

  public init(_ request: String) {
    self.request = request
  }

  public var description: String { "Unexpected request: \(request)" }

  /// Records an issue for `request` with the running test, then returns the error to throw.
  public static func recorded(_ request: String, at sourceLocation: SourceLocation) -> Self {
    let error = Self(request)
    Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
    return error
  }
}
