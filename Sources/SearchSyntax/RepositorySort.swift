/// The order of a repository search: GitHub's `sort` and `order` parameters.
///
/// Without `sort` the results come in best-match order and `order` is ignored, as on GitHub.
///
/// For example:
///
/// ```swift
/// try RepositorySort(sort: "stars", order: nil)   // .stars, descending
/// try RepositorySort(sort: nil, order: "asc")     // .bestMatch
/// try RepositorySort(sort: "size", order: nil)    // throws: sort “size” is not supported
/// ```
public struct RepositorySort: Sendable, Hashable {
  /// What results are ordered by.
  public enum Key: String, Sendable, Hashable, CaseIterable {
    case stars
    case forks
    case updated
  }

  /// The key, or nil for best match.
  public var key: Key?
  /// Whether the smallest (or oldest) come first; GitHub's default is descending.
  public var ascending: Bool

  public init(key: Key?, ascending: Bool = false) {
    self.key = key
    self.ascending = ascending
  }

  /// Best match: GitHub's order when no `sort` is given.
  public static let bestMatch = RepositorySort(key: nil)

  /// The order the parameters ask for; an empty parameter counts as absent.
  ///
  /// - Throws: ``SearchSyntaxError`` for a `sort` or an `order` GitHub does not have.
  public init(sort: String?, order: String?) throws(SearchSyntaxError) {
    let sort = sort.flatMap { $0.isEmpty ? nil : $0 }
    let order = order.flatMap { $0.isEmpty ? nil : $0 }
    var key: Key?
    if let sort {
      guard let known = Key(rawValue: sort.lowercased()) else {
        throw SearchSyntaxError(.unsupportedSort(SearchSyntaxError.quoted(sort)))
      }
      key = known
    }
    var ascending = false
    if let order {
      switch order.lowercased() {
      case "asc": ascending = true
      case "desc": ascending = false
      default: throw SearchSyntaxError(.unsupportedOrder(SearchSyntaxError.quoted(order)))
      }
    }
    self.init(key: key, ascending: key == nil ? false : ascending)
  }
}
