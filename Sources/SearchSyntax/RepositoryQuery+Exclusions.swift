extension RepositoryQuery {
  /// What a query leaves out, written as GitHub writes it: `-word`, `NOT word` (or a quoted phrase after either),
  /// and a qualifier after `-` (`-language:swift`, `-user:apple`, `-stars:>100`). A repository that any of them
  /// matches is not a result.
  ///
  /// A negated qualifier leaves out what the qualifier would match, and nothing else: `-language:swift` keeps a
  /// repository whose language is unknown, as `language:swift` would not have found it. `-in:` and `-fork:` are
  /// refused: they choose where to look and which forks to count, they match no repository.
  public struct Exclusions: Sendable, Hashable {
    /// Words and phrases (`-swift`, `NOT "hello world"`), quotes removed.
    public var words: [String] = []
    /// Owners (`-user:`, `-org:`), as written.
    public var owners: [String] = []
    /// Languages (`-language:`), in lower case.
    public var languages: [String] = []
    /// Topics (`-topic:`), in lower case.
    public var topics: [String] = []
    /// Star ranges (`-stars:`).
    public var stars: [CountRange] = []
    /// Fork-count ranges (`-forks:`).
    public var forks: [CountRange] = []
    /// Archived states (`-archived:true` leaves out the archived repositories).
    public var archived: [Bool] = []

    public init() {}

    /// Whether the query leaves nothing out.
    public var isEmpty: Bool { self == Exclusions() }
  }

  /// The qualifiers that may follow a `-`.
  static let negatableQualifiers: Set<String> = ["user", "org", "language", "topic", "stars", "forks", "archived"]

  /// Records a token written after `NOT` or `-` (without that `-`): a qualifier or a word to leave out.
  mutating func exclude(_ token: Substring) throws(SearchSyntaxError) {
    if let (name, value) = QueryTokenizer.qualifier(in: token) {
      // `NOT -language:swift` is no double negation: GitHub's NOT takes words, and `-` already excludes.
      let positive = name.hasPrefix("-") ? name.dropFirst() : name
      try exclude(qualifier: positive, value: value)
      return
    }
    let word = token.replacing("\"", with: "")
    if !word.isEmpty { excluded.words.append(String(word)) }
  }

  /// Records `-name:value`: what `name:value` would match, left out.
  mutating func exclude(qualifier name: Substring, value: Substring) throws(SearchSyntaxError) {
    guard Self.negatableQualifiers.contains(name.lowercased()) else {
      throw SearchSyntaxError(.unsupportedQualifier(SearchSyntaxError.quoted("-" + name)))
    }
    var matched = RepositoryQuery()
    try matched.apply(qualifier: name, value: value)
    excluded.owners += matched.owners
    excluded.languages += matched.languages
    excluded.topics += matched.topics
    excluded.stars += matched.stars.map { [$0] } ?? []
    excluded.forks += matched.forks.map { [$0] } ?? []
    excluded.archived += matched.archived.map { [$0] } ?? []
  }
}
