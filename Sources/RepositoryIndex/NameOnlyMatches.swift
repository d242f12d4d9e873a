public import SearchSyntax

/// The repositories known only by name that a search left out because it filters on a field they
/// do not have: `swift language:swift` on an index of names finds nothing, and this says why.
///
/// **Contract:** counted only when a page of a query with such qualifiers came back short (its last
/// page, or an empty one), so a long result never pays for the count; nil otherwise, and nil when
/// no repository known only by name matches the words and owners. The index never guesses the
/// missing figures: the remedy is an import or `octoreact index sync --github` that brings them.
public struct NameOnlyMatches: Sendable, Hashable {
  /// How many repositories known only by name match the query's words and `user:`/`org:`.
  public var count: Int
  /// The qualifiers they cannot meet, by name and in the help's order, such as `["language", "stars"]`.
  public var qualifiers: [String]

  public init(count: Int, qualifiers: [String]) {
    self.count = count
    self.qualifiers = qualifiers
  }

  /// The qualifiers of `query` that filter on a field a repository known only by name lacks, in
  /// the help's order: `language`, `stars`, `forks`, `fork` (`fork:only`), `archived`, `topic`.
  public static func fieldQualifiers(of query: RepositoryQuery) -> [String] {
    var names: [String] = []
    if !query.languages.isEmpty { names.append("language") }
    if query.stars != nil { names.append("stars") }
    if query.forks != nil { names.append("forks") }
    if query.fork == .only { names.append("fork") }
    if query.archived != nil { names.append("archived") }
    if !query.topics.isEmpty { names.append("topic") }
    return names
  }
}
