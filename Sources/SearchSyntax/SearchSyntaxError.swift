/// Why a repository search's query or sort cannot be run: GitHub answers these with a `422`.
///
/// Carries what the user wrote (cut to ``maximumQuotedLength`` characters), so that each front end
/// can word the message in its own language; ``message`` is the English one the API sends.
public struct SearchSyntaxError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Sendable, Hashable, Codable {
    /// A qualifier this search does not know, such as `size:`, or cannot negate, such as `-in:`.
    case unsupportedQualifier(String)
    /// A known qualifier with a value it cannot take; `expected` says, in English, what it takes.
    case invalidValue(qualifier: String, value: String, expected: String)
    /// A number beyond ``CountRange/maximum``.
    case numberOutOfRange(qualifier: String, value: String)
    /// A range that holds no count, such as `stars:5..2` or `stars:<0`.
    case emptyRange(qualifier: String, value: String)
    /// A `sort` parameter other than `stars`, `forks` and `updated`.
    case unsupportedSort(String)
    /// An `order` parameter other than `asc` and `desc`.
    case unsupportedOrder(String)
  }

  /// The longest piece of the user's text an error repeats; longer ones end with "…".
  public static let maximumQuotedLength = 40

  public let kind: Kind

  public init(_ kind: Kind) {
    self.kind = kind
  }

  /// The parameter at fault: `q`, `sort` or `order`.
  public var field: String {
    switch kind {
    case .unsupportedSort: "sort"
    case .unsupportedOrder: "order"
    default: "q"
    }
  }

  /// The English message, as the API's `errors[].message`.
  public var message: String {
    switch kind {
    case .unsupportedQualifier(let name):
      return "The qualifier “\(name):” is not supported. Supported: \(RepositoryQuery.supportedQualifiers)."
    case .invalidValue(let qualifier, let value, let expected):
      return "“\(qualifier):\(value)” is not valid: \(qualifier): takes \(expected)."
    case .numberOutOfRange(let qualifier, let value):
      return "“\(qualifier):\(value)” is not valid: numbers must be between 0 and 1,000,000,000."
    case .emptyRange(let qualifier, let value):
      return "“\(qualifier):\(value)” matches no number."
    case .unsupportedSort(let value):
      return "sort “\(value)” is not supported: use stars, forks or updated (or none for best match)."
    case .unsupportedOrder(let value):
      return "order “\(value)” is not supported: use asc or desc."
    }
  }

  public var description: String { message }

  /// `text` cut to ``maximumQuotedLength`` characters, so that an error never repeats a long query whole.
  static func quoted(_ text: some StringProtocol) -> String {
    text.count <= maximumQuotedLength ? String(text) : String(text.prefix(maximumQuotedLength - 1)) + "…"
  }
}
