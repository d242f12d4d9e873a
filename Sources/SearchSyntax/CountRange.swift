/// A range of counts written as GitHub's search writes one: `>N`, `>=N`, `<N`, `<=N`, `N..M`, `N..*`,
/// `*..M` or `N`, for qualifiers such as `stars:` and `forks:`.
///
/// **Limits:** every number is whole, at least 0 and at most ``maximum``; `<0` and an empty `N..M`
/// (N > M) are refused, so a range always holds at least one count.
///
/// For example:
///
/// ```swift
/// try CountRange.parse(">100")     // CountRange(lower: 101, upper: nil)
/// try CountRange.parse("10..50")   // CountRange(lower: 10, upper: 50)
/// CountRange(lower: 101, upper: nil).contains(100)   // false
/// ```
public struct CountRange: Sendable, Hashable, CustomStringConvertible {
  /// The largest number a range may name: beyond any repository's stars or forks.
  public static let maximum = 1_000_000_000

  /// The smallest count included, if any.
  public var lower: Int?
  /// The largest count included, if any.
  public var upper: Int?

  public init(lower: Int?, upper: Int?) {
    self.lower = lower
    self.upper = upper
  }

  public func contains(_ count: Int) -> Bool {
    (lower.map { count >= $0 } ?? true) && (upper.map { count <= $0 } ?? true)
  }

  /// `N..M` with `*` for an open end.
  public var description: String {
    "\(lower.map(String.init) ?? "*")..\(upper.map(String.init) ?? "*")"
  }

  /// Why a range's text is refused.
  enum Problem: Error {
    /// Not one of the range forms.
    case malformed
    /// A number above ``CountRange/maximum``.
    case outOfRange
    /// A range that holds no count (`<0`, `5..2`).
    case empty
  }

  /// Parses one of GitHub's range forms.
  static func parse(_ text: Substring) throws(Problem) -> CountRange {
    let range: CountRange
    if text.hasPrefix(">=") {
      range = CountRange(lower: try number(text.dropFirst(2)), upper: nil)
    } else if text.hasPrefix("<=") {
      range = CountRange(lower: nil, upper: try number(text.dropFirst(2)))
    } else if text.hasPrefix(">") {
      let bound = try number(text.dropFirst())
      // `>maximum` holds no count a range may name.
      guard bound < maximum else { throw .empty }
      range = CountRange(lower: bound + 1, upper: nil)
    } else if text.hasPrefix("<") {
      let bound = try number(text.dropFirst())
      guard bound > 0 else { throw .empty }
      range = CountRange(lower: nil, upper: bound - 1)
    } else if let dots = text.firstRange(of: "..") {
      let lowerText = text[..<dots.lowerBound]
      let upperText = text[dots.upperBound...]
      range = CountRange(
        lower: lowerText == "*" ? nil : try number(lowerText),
        upper: upperText == "*" ? nil : try number(upperText))
    } else {
      let exact = try number(text)
      range = CountRange(lower: exact, upper: exact)
    }
    if let lower = range.lower, let upper = range.upper, lower > upper { throw .empty }
    return range
  }

  /// A whole number of at most ``maximum``: digits only, so no sign, space or exponent slips through.
  private static func number(_ text: Substring) throws(Problem) -> Int {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      throw .malformed
    }
    // Leading zeros cannot make a small number long: drop them before judging the length.
    let digits = text.drop { $0 == "0" }
    guard digits.count <= 10, let value = Int(digits.isEmpty ? "0" : digits), value <= maximum else {
      throw .outOfRange
    }
    return value
  }
}
