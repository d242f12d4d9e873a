/// A repository search's `q` in GitHub's syntax, parsed: the words to find and the qualifiers that
/// filter, such as `swift language:swift stars:>100`.
///
/// Supported qualifiers: `user:`, `org:`, `language:`, `stars:`, `forks:`, `fork:true|only`,
/// `in:name,description,topics`, `archived:true|false` and `topic:`. Several `user:`/`org:` or
/// `language:` match any of them, several `topic:` all of them, as on GitHub. Anything else written
/// `word:value` is refused with a ``SearchSyntaxError``, never searched as text: a silent empty
/// list would hide the mistake. `-word`, `NOT word` and `-qualifier:value` leave out what they match
/// (see ``Exclusions``).
///
/// **Limits:** parsing is linear in the text and never traps, whatever it is given (a property test
/// checks arbitrary text); numbers are range-checked by ``CountRange``.
///
/// For example:
///
/// ```swift
/// let query = try RepositoryQuery.parse("swift language:swift stars:>100")
/// query.text        // "swift"
/// query.languages   // ["swift"]
/// query.stars       // CountRange(lower: 101, upper: nil)
/// try RepositoryQuery.parse("swift -ios NOT vapor -language:objective-c").excluded.words   // ["ios", "vapor"]
/// try RepositoryQuery.parse("swift size:>10")   // throws: the qualifier “size:” is not supported
/// ```
public struct RepositoryQuery: Sendable, Hashable {
  /// Which forks a search includes: GitHub leaves them out unless `fork:` says otherwise.
  public enum ForkFilter: Sendable, Hashable {
    /// No forks (the default).
    case excluded
    /// Forks and repositories that are not (`fork:true`).
    case included
    /// Only forks (`fork:only`).
    case only
  }

  /// The fields a word may match (`in:`).
  public enum Field: String, Sendable, Hashable, CaseIterable {
    case name
    case description
    case topics
  }

  /// The words to find, quotes removed, joined by single spaces; empty for a query of qualifiers only.
  public var text: String = ""
  /// Owners (`user:` and `org:`), any of which matches, as written.
  public var owners: [String] = []
  /// Languages (`language:`), any of which matches, in lower case.
  public var languages: [String] = []
  /// Stars (`stars:`), nil for any.
  public var stars: CountRange?
  /// Forks (`forks:`), nil for any.
  public var forks: CountRange?
  public var fork: ForkFilter = .excluded
  /// Where the words are looked for (`in:`); nil for everywhere (owner, name, description, topics).
  public var fields: Set<Field>?
  /// Archived or not (`archived:`), nil for both.
  public var archived: Bool?
  /// Topics (`topic:`), all of which must match, in lower case.
  public var topics: [String] = []
  /// What the query leaves out (`-word`, `NOT word`, `-language:swift`…).
  public var excluded = Exclusions()

  public init() {}

  /// Whether the query has any qualifier: without one it is plain text, searched as such.
  public var hasQualifiers: Bool {
    self != RepositoryQuery(text: text)
  }

  /// A query of plain text.
  public init(text: String) {
    self.text = text
  }

  /// The qualifiers in the order messages list them.
  public static let supportedQualifiers =
    "user:, org:, language:, stars:, forks:, fork:, in:, archived:, topic:"

  /// Parses a query; see ``RepositoryQuery`` for the syntax.
  ///
  /// - Throws: ``SearchSyntaxError`` for an unsupported qualifier or a value a qualifier does not take.
  public static func parse(_ text: String) throws(SearchSyntaxError) -> RepositoryQuery {
    var query = RepositoryQuery()
    var words: [String] = []
    var tokens = QueryTokenizer.tokens(of: text)[...]
    while let token = tokens.popFirst() {
      // GitHub's `NOT` is upper case and takes the token after it; last, it is the word "NOT".
      if token == "NOT", let next = tokens.popFirst() {
        try query.exclude(next)
        continue
      }
      if let (name, value) = QueryTokenizer.qualifier(in: token) {
        if name.hasPrefix("-") {
          try query.exclude(qualifier: name.dropFirst(), value: value)
        } else {
          try query.apply(qualifier: name, value: value)
        }
        continue
      }
      // A lone `-` is punctuation, as in `a - b`.
      if token.hasPrefix("-"), token.count > 1 {
        try query.exclude(token.dropFirst())
        continue
      }
      let word = token.replacing("\"", with: "")
      if !word.isEmpty { words.append(String(word)) }
    }
    query.text = words.joined(separator: " ")
    return query
  }
}
