internal import GRDB
internal import SearchSyntax

/// Computes a page of a query with qualifiers, or with a `sort`, in one SQL statement over
/// `repository` (and `repository_fts` for the words).
///
/// **Matching:** each word must be found in the owner, name or description (full text, the last
/// word as a prefix) or be one of the topics; `in:` narrows that to the fields it names. A filter on
/// a field matches only repositories whose field is known (a repository known only by name has no
/// stars, language or topics), except that a repository not known to be a fork counts as not one,
/// so `fork:` excluding forks by default keeps it.
///
/// **Exclusions** (`-word`, `NOT word`, `-language:swift`…) leave out the rows their positive form would
/// match: a word found exactly (never as a prefix) where words are looked for, a phrase's words all found
/// (the index keeps no positions), or either equal to a topic (words joined by hyphens); a negated field
/// filter keeps a row whose field is unknown. The words reach FTS5 only as the tokenizer's terms, each
/// quoted, as the positive ones do.
///
/// **Order:** `sort` orders by the figure (unknown ones last, whichever the direction), then full
/// name. Best match reads the matches most starred first, up to the 1,000 results any search
/// serves, and orders them as ``RankedSearch`` does: exact name, name prefix, then relevance.
struct FilteredSearch {
  /// The most results a search serves (GitHub's limit): best match ranks this many at most.
  static let resultLimit = 1_000

  /// The ids of the rows whose topics match a `LIKE` pattern, read from the rows that have topics only.
  static let rowsWithTopic = """
    SELECT id FROM repository INDEXED BY repository_with_topics WHERE topics IS NOT NULL \
    AND (' ' || topics || ' ') LIKE ?
    """

  let query: RepositoryQuery
  /// The words of `query.text`, split by the index's tokenizer.
  let words: SearchQuery
  let sort: RepositorySort
  let tokenizer: any FTS5Tokenizer

  /// The number of matches and the results from `offset`, at most `limit` of them.
  func run(_ db: Database, offset: Int, limit: Int) throws -> (total: Int, items: [IndexedRepository]) {
    let (conditions, arguments) = try whereClause()
    let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM repository r WHERE \(conditions)", arguments: arguments) ?? 0
    let offset = min(offset, Self.resultLimit)
    let limit = max(0, min(limit, Self.resultLimit - offset))
    guard total > offset, limit > 0 else { return (total, []) }
    let select = "SELECT \(IndexedRepository.selection) FROM repository r WHERE \(conditions)"
    guard let key = sort.key else {
      let candidates = try fetch(
        db, sql: select + " ORDER BY r.id < 0, r.stargazers_count DESC, r.full_name LIMIT ?",
        arguments: arguments + [Self.resultLimit])
      let ranked = try rankedByBestMatch(candidates)
      return (total, Array(ranked.dropFirst(offset).prefix(limit)))
    }
    let direction = sort.ascending ? "ASC" : "DESC"
    let order =
      switch key {
      case .stars: "r.id < 0, r.stargazers_count \(direction)"
      case .forks: "r.forks_count IS NULL, r.forks_count \(direction)"
      case .updated: "r.updated_at IS NULL, r.updated_at \(direction)"
      }
    let items = try fetch(
      db, sql: select + " ORDER BY \(order), r.full_name LIMIT ? OFFSET ?", arguments: arguments + [limit, offset])
    return (total, items)
  }

  /// How many repositories known only by name match the words and owners but are left out because
  /// the query filters on a field they do not have, with those qualifiers' names; nil when the
  /// query filters on no such field.
  ///
  /// **Cost:** one `count(*)` over the rows with negative ids (the name-only ones) that match the
  /// words, so a caller runs it only when a page came back short.
  func nameOnlyMatches(_ db: Database) throws -> NameOnlyMatches? {
    let qualifiers = NameOnlyMatches.fieldQualifiers(of: query)
    guard !qualifiers.isEmpty else { return nil }
    var conditions = ["r.id < 0"]
    var arguments = StatementArguments()
    try appendWordsAndOwners(to: &conditions, &arguments)
    let sql = "SELECT count(*) FROM repository r WHERE \(conditions.joined(separator: " AND "))"
    let count = try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0
    return count > 0 ? NameOnlyMatches(count: count, qualifiers: qualifiers) : nil
  }

  /// The conditions of the query, ANDed, and their arguments in order.
  func whereClause() throws -> (String, StatementArguments) {
    var conditions: [String] = []
    var arguments = StatementArguments()
    try appendWordsAndOwners(to: &conditions, &arguments)
    appendFieldFilters(to: &conditions, &arguments)
    appendFieldExclusions(to: &conditions, &arguments)
    return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments)
  }

  /// The conditions every repository can meet, known only by name or not: the words and `user:`/`org:`.
  private func appendWordsAndOwners(
    to conditions: inout [String], _ arguments: inout StatementArguments
  ) throws {
    let fields = query.fields ?? Set(RepositoryQuery.Field.allCases)
    let columns = (query.fields == nil ? ["owner"] : []) + [RepositoryQuery.Field.name, .description]
      .filter(fields.contains).map(\.rawValue)
    for excluded in query.excluded.words {
      let terms = try tokenizer.tokenize(query: excluded).map(\.token)
      // Only punctuation (`-` `-`): no word to leave out.
      guard !terms.isEmpty else { continue }
      if !columns.isEmpty {
        // The index keeps no positions (FTS5 `detail=column`), so a phrase is its words, each found.
        let found = terms.map { _ in "r.id IN (SELECT rowid FROM repository_fts WHERE repository_fts MATCH ?)" }
        conditions.append("NOT (" + found.joined(separator: " AND ") + ")")
        for term in terms {
          arguments += ["{\(columns.joined(separator: " "))} : \"\(term.replacing("\"", with: "\"\""))\""]
        }
      }
      if fields.contains(.topics) {
        conditions.append("r.id NOT IN (\(Self.rowsWithTopic))")
        arguments += ["% \(terms.joined(separator: "-")) %"]
      }
    }
    for owner in query.excluded.owners {
      conditions.append("NOT (r.full_name >= ? AND r.full_name < ?)")
      arguments += [owner + "/", owner + "0"]
    }
    for (index, term) in words.terms.enumerated() {
      let isPrefix = index == words.terms.count - 1
      var alternatives: [String] = []
      if !columns.isEmpty {
        alternatives.append("r.id IN (SELECT rowid FROM repository_fts WHERE repository_fts MATCH ?)")
        let quoted = "\"" + term.replacing("\"", with: "\"\"") + "\"" + (isPrefix ? "*" : "")
        arguments += ["{\(columns.joined(separator: " "))} : \(quoted)"]
      }
      if fields.contains(.topics) {
        // Topics are lower-case words and hyphens; a folded term has no `%` or `_` (they separate words).
        alternatives.append("r.id IN (\(Self.rowsWithTopic))")
        arguments += ["% \(term)\(isPrefix ? "" : " ")%"]
      }
      conditions.append("(" + alternatives.joined(separator: " OR ") + ")")
    }
    if !query.owners.isEmpty {
      // A range of the full-name index per owner (`owner/` up to `owner0`, '0' following '/'), which
      // reads that owner's rows only; a login has no slash, so the range holds no other owner.
      let ranges = query.owners.map { _ in "(r.full_name >= ? AND r.full_name < ?)" }
      conditions.append("(" + ranges.joined(separator: " OR ") + ")")
      for owner in query.owners { arguments += [owner + "/", owner + "0"] }
    }
  }

  /// The conditions on fields a repository known only by name lacks (see ``NameOnlyMatches/fieldQualifiers(of:)``).
  private func appendFieldFilters(to conditions: inout [String], _ arguments: inout StatementArguments) {
    if !query.languages.isEmpty {
      // Read through `repository_on_language` (NOCASE, only rows with a language).
      conditions.append(
        "r.language IS NOT NULL AND r.language COLLATE NOCASE IN (\(placeholders(query.languages.count)))")
      arguments += StatementArguments(query.languages)
    }
    if let stars = query.stars {
      // A repository known only by name (negative id) has no stars counted, not 0.
      conditions.append("r.id > 0")
      append(range: stars, column: "r.stargazers_count", to: &conditions, &arguments)
    }
    if let forks = query.forks {
      conditions.append("r.forks_count IS NOT NULL")
      append(range: forks, column: "r.forks_count", to: &conditions, &arguments)
    }
    switch query.fork {
    case .excluded: conditions.append("r.fork IS NOT 1")
    case .included: break
    case .only: conditions.append("r.fork = 1")
    }
    if let archived = query.archived {
      conditions.append("r.archived = ?")
      arguments += [archived]
    }
    for topic in query.topics {
      conditions.append("r.id IN (\(Self.rowsWithTopic))")
      arguments += ["% \(topic) %"]
    }
  }

  /// The negated field qualifiers: each leaves out the rows its positive form matches, keeping unknown fields.
  private func appendFieldExclusions(to conditions: inout [String], _ arguments: inout StatementArguments) {
    let excluded = query.excluded
    if !excluded.languages.isEmpty {
      conditions.append(
        "(r.language IS NULL OR r.language COLLATE NOCASE NOT IN (\(placeholders(excluded.languages.count))))")
      arguments += StatementArguments(excluded.languages)
    }
    for stars in excluded.stars {
      var matched = ["r.id > 0"]
      append(range: stars, column: "r.stargazers_count", to: &matched, &arguments)
      conditions.append("NOT (" + matched.joined(separator: " AND ") + ")")
    }
    for forks in excluded.forks {
      var matched = ["r.forks_count IS NOT NULL"]
      append(range: forks, column: "r.forks_count", to: &matched, &arguments)
      conditions.append("NOT (" + matched.joined(separator: " AND ") + ")")
    }
    for archived in excluded.archived {
      conditions.append("r.archived IS NOT ?")
      arguments += [archived]
    }
    for topic in excluded.topics {
      conditions.append("r.id NOT IN (\(Self.rowsWithTopic))")
      arguments += ["% \(topic) %"]
    }
  }

  private func append(
    range: CountRange, column: String, to conditions: inout [String], _ arguments: inout StatementArguments
  ) {
    if let lower = range.lower {
      conditions.append("\(column) >= ?")
      arguments += [lower]
    }
    if let upper = range.upper {
      conditions.append("\(column) <= ?")
      arguments += [upper]
    }
  }

  private func placeholders(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
  }

  /// `candidates` in best-match order: exact name, name prefix, then bm25 relevance; stars and
  /// full name break ties. Without words, the candidates' own order (most stars first).
  private func rankedByBestMatch(_ candidates: [IndexedRepository]) throws -> [IndexedRepository] {
    guard !words.terms.isEmpty else { return candidates }
    let relevance = Relevance(terms: words.terms, tokenizer: tokenizer)
    let nameColumn = words.nameColumn
    let text = RepositoryName.key(of: words.text)
    var scored: [(tier: Int, score: Double, key: String, repository: IndexedRepository)] = []
    scored.reserveCapacity(candidates.count)
    for repository in candidates {
      let key = RepositoryName.key(of: repository.fullName)
      var tier = 2
      if let nameColumn {
        let compared = nameColumn == "name" ? RepositoryName.key(of: repository.name) : key
        tier = compared == text ? 0 : compared.hasPrefix(text) ? 1 : 2
      }
      scored.append((tier, try relevance.score(repository), key, repository))
    }
    scored.sort { a, b in
      if a.tier != b.tier { return a.tier < b.tier }
      if a.tier == 2, a.score != b.score { return a.score > b.score }
      if a.repository.stargazersCount != b.repository.stargazersCount {
        return a.repository.stargazersCount > b.repository.stargazersCount
      }
      return a.key < b.key
    }
    return scored.map(\.repository)
  }

  private func fetch(_ db: Database, sql: String, arguments: StatementArguments) throws -> [IndexedRepository] {
    try Row.fetchAll(db, sql: sql, arguments: arguments).map(IndexedRepository.init(row:))
  }
}
