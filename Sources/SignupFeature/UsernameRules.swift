/// GitHub's rules for a username, checked before any request is made.
///
/// A GitHub username is 1 to 39 characters of ASCII letters, digits and hyphens, with no hyphen at
/// either end and no two hyphens in a row. The examples only allowed letters and digits.
///
/// For example:
///
/// ```swift
/// UsernameRules.github.violation(in: "octo-cat")   // nil: well formed
/// UsernameRules.github.violation(in: "-octocat")   // .leadingHyphen
/// UsernameRules.github.violation(in: "octo_cat")   // .invalidCharacter("_")
/// ```
public struct UsernameRules: Sendable, Hashable {
  /// What is wrong with a username, the first rule it breaks.
  public enum Violation: Sendable, Hashable {
    case invalidCharacter(Character)
    case leadingHyphen
    case trailingHyphen
    case consecutiveHyphens
    case tooLong(maximum: Int)
  }

  /// The longest username allowed, in characters.
  public let maximumLength: Int

  /// GitHub's rules: at most 39 characters.
  public static let github = UsernameRules(maximumLength: 39)

  public init(maximumLength: Int) {
    precondition(maximumLength > 0, "a username must be allowed at least one character")
    self.maximumLength = maximumLength
  }

  /// The first rule `username` breaks, or `nil` when it is well formed. The empty string breaks
  /// none: it is "nothing typed yet", which the screen shows without a message.
  public func violation(in username: String) -> Violation? {
    if let invalid = username.first(where: { !Self.isAllowed($0) }) { return .invalidCharacter(invalid) }
    // Every character is ASCII from here on, so the UTF-8 count is the character count.
    if username.utf8.count > maximumLength { return .tooLong(maximum: maximumLength) }
    if username.hasPrefix("-") { return .leadingHyphen }
    if username.hasSuffix("-") { return .trailingHyphen }
    if username.contains("--") { return .consecutiveHyphens }
    return nil
  }

  /// True when `username` is non-empty and breaks no rule.
  public func isWellFormed(_ username: String) -> Bool {
    !username.isEmpty && violation(in: username) == nil
  }

  private static func isAllowed(_ character: Character) -> Bool {
    guard character.isASCII, let ascii = character.asciiValue else { return false }
    switch ascii {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}
