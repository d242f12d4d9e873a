/// Repositories that match a query's words but that its field qualifiers could not judge, because
/// the server knows them only by name: why `swift language:swift` can find nothing on a demo index.
///
/// **Contract:** a server reports them with the last page of a query (a page shorter than asked),
/// never with a full page; the Search screen shows them after the result count, in its language
/// (``SearchMessages/unfilterableMatches(_:)``). The figures are never guessed: the remedy is an
/// index that has them.
public struct UnfilterableMatches: Sendable, Equatable, Codable {
  /// How many repositories known only by name match the words (and `user:`/`org:`).
  public var count: Int
  /// The words of the query, without its qualifiers (empty when it has only qualifiers).
  public var words: String
  /// The qualifiers they cannot meet, by name: `language`, `stars`, `forks`, `fork`, `archived`, `topic`.
  public var qualifiers: [String]

  public init(count: Int, words: String, qualifiers: [String]) {
    self.count = count
    self.words = words
    self.qualifiers = qualifiers
  }
}
