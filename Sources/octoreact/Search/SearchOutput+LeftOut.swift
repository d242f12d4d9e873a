import RepositoryIndex

extension SearchOutput {
  /// Why a local index's search found fewer repositories than its words: "12 repositories match “swift” but this
  /// index has no language or stars for them: fill it with `octoreact index sync --github` to filter on those."
  /// The same wording as the Search page's English (`SearchMessages.unfilterableMatches`).
  static func leftOut(_ matches: NameOnlyMatches, words: String) -> String {
    let one = matches.count == 1
    let fields = fieldList(matches.qualifiers)
    let number = grouped(matches.count)
    let subject =
      words.isEmpty
      ? (one ? "1 repository in this index has" : "\(number) repositories in this index have") + " no \(fields)"
      : (one ? "1 repository matches" : "\(number) repositories match")
        + " “\(clean(words))” but this index has no \(fields) for \(one ? "it" : "them")"
    return subject + ": fill it with `octoreact index sync --github` to filter on those.\n"
  }

  /// For a server's empty answer to a query with field qualifiers, whose index cannot be counted from here: a
  /// repository known only by name (as in the bundled demo list) has none of those fields.
  static func possiblyLeftOut(qualifiers: [String]) -> String {
    "Repositories this server knows only by name (such as the bundled demo list) have no \(fieldList(qualifiers)), so "
      + "a search with \(list(qualifiers.map { $0 + ":" })) leaves them out: try the words alone, or fill the "
      + "server's index with `octoreact index sync --github`.\n"
  }

  /// "language or stars", "language, stars or topics": the fields the qualifiers filter on.
  private static func fieldList(_ qualifiers: [String]) -> String {
    list(
      qualifiers.map { qualifier in
        switch qualifier {
        case "fork": "fork flag"
        case "archived": "archived flag"
        case "topic": "topics"
        default: qualifier
        }
      })
  }

  /// "a", "a or b", "a, b or c".
  private static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
  }
}
