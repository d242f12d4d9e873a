internal import GRDB

/// Computes the first results of a query in ranking order, reading as little as it can.
///
/// The ranking has three tiers: exact name matches, name prefix matches (each by stars, then
/// full name), then the other full-text matches by relevance (``Relevance``), stars, full name.
/// Each tier is read only when the ones before it hold fewer rows than the page needs, so a
/// common word ("react") is usually answered from the name index alone:
///
/// | tier | read through | cost |
/// |---|---|---|
/// | exact | `repository_on_name` (name, stars, full name): already in order | the rows returned |
/// | prefix | a range of `repository_on_name`, sorted; a large range in ranking order | a few thousand entries |
/// | relevance | `repository_fts`, then scored in Swift | at most ``rankingWindow`` matches |
///
/// When more than ``rankingWindow`` repositories remain for the last tier, relevance orders the
/// ``rankingWindow`` matches with the highest ids (for GitHub ids, the newest repositories), and
/// the rest follow by descending id. Every page of a query uses the same order.
struct RankedSearch {
  /// The most full-text matches ranked by relevance for one query.
  static let rankingWindow = 1_000
  /// A prefix range with more names than this is read in ranking order instead of sorted.
  static let largeRange = 20_000
  /// Rows of `repository_starred` examined before giving up on walking it.
  static let starredWalkLimit = 20_000

  static let qualifiedColumns = IndexedRepository.selection

  let query: SearchQuery
  let tokenizer: any FTS5Tokenizer

  /// The number of matches (`knownTotal` when given) and the first `limit` results in order.
  func run(_ db: Database, limit: Int, knownTotal: Int?) throws -> (total: Int, ranked: [IndexedRepository]) {
    guard let match = query.matchExpression else { return (0, []) }
    var window: [IndexedRepository]?
    var knownTotal = try knownTotal ?? popularCount(db)
    if knownTotal == nil, query.nameColumn == nil {
      // Every result comes from the relevance tier: read its window first, which counts the
      // matches too when they fit in it (one pass over the postings instead of two).
      window = try relevanceWindow(db, match: match)
      if let window, window.count <= Self.rankingWindow { knownTotal = window.count }
    }
    let total =
      try knownTotal ?? Int.fetchOne(
        db, sql: "SELECT count(*) FROM repository_fts WHERE repository_fts MATCH ?", arguments: [match]) ?? 0
    let limit = min(limit, total)
    guard limit > 0 else { return (total, []) }

    var ranked: [IndexedRepository] = []
    if let column = query.nameColumn {
      ranked += try fetch(
        db,
        sql:
          "SELECT \(Self.qualifiedColumns) FROM repository r WHERE \(column) = ? "
          + "ORDER BY stargazers_count DESC, full_name LIMIT ?",
        arguments: [query.text, limit]
      )
      if ranked.count < limit {
        ranked += try prefixTier(db, column: column, limit: limit - ranked.count)
      }
    }
    if ranked.count < limit {
      // Every name match is also a full-text match; all of them are in `ranked` by now.
      ranked += try relevanceTier(db, match: match, window: window, excluding: ranked, limit: limit)
    }
    return (total, ranked)
  }

  /// The stored count of a one-word query matching thousands of repositories.
  private func popularCount(_ db: Database) throws -> Int? {
    query.terms.count == 1 ? try PopularCounts.count(of: query.terms[0], in: db) : nil
  }

  /// The full-text matches with the highest ids, up to one more than ``rankingWindow``.
  private func relevanceWindow(_ db: Database, match: String) throws -> [IndexedRepository] {
    try fetch(
      db,
      sql: """
        SELECT \(Self.qualifiedColumns) FROM repository_fts JOIN repository r ON r.id = repository_fts.rowid
        WHERE repository_fts MATCH ? ORDER BY repository_fts.rowid DESC LIMIT ?
        """,
      arguments: [match, Self.rankingWindow + 1]
    )
  }

  /// Names (or full names) starting with the query, without the exact ones, by stars then full
  /// name. `> text` leaves the exact ones out and `< text + U+10FFFF` ends the range: NOCASE
  /// compares ASCII-folded UTF-8 bytes, and names are ASCII.
  private func prefixTier(_ db: Database, column: String, limit: Int) throws -> [IndexedRepository] {
    let range: StatementArguments = [query.text, query.text + "\u{10FFFF}"]
    // Sorted through the covering index, then only the rows of the page are read.
    func sortedRange() throws -> [IndexedRepository] {
      let ids = try Int64.fetchAll(
        db,
        sql: "SELECT id FROM repository WHERE \(column) > ?1 AND \(column) < ?2 "
          + "ORDER BY stargazers_count DESC, full_name LIMIT ?3",
        arguments: range + [limit]
      )
      return try fetch(db, ids: ids)
    }
    guard column == "name" else { return try sortedRange() }
    let rangeSize =
      try Int.fetchOne(
        db,
        sql: "SELECT count(*) FROM (SELECT 1 FROM repository WHERE name > ?1 AND name < ?2 LIMIT ?3)",
        arguments: range + [Self.largeRange]
      ) ?? 0
    // A large range is a good part of the index: walking the index in ranking order meets
    // `limit` matches after about limit × (index size) / (range size) rows. Too many for deep
    // pages, which sort the range instead.
    guard rangeSize >= Self.largeRange, let indexSize = try PopularCounts.repositoryCount(in: db),
      limit * (indexSize / rangeSize) <= Self.starredWalkLimit
    else {
      return try sortedRange()
    }
    // The starred matches, walking the starred repositories in ranking order (a bounded walk:
    // if too few of them match, sort the range after all).
    let starredIDs = try Int64.fetchAll(
      db,
      sql: """
        SELECT id FROM (
          SELECT rowid AS id, name FROM repository INDEXED BY repository_starred
          WHERE stargazers_count > 0 ORDER BY stargazers_count DESC, full_name LIMIT ?4
        ) WHERE name > ?1 AND name < ?2 LIMIT ?3
        """,
      arguments: range + [limit, Self.starredWalkLimit]
    )
    if starredIDs.count < limit,
      try Int.fetchOne(
        db,
        sql:
          "SELECT count(*) FROM (SELECT 1 FROM repository INDEXED BY repository_starred "
          + "WHERE stargazers_count > 0 LIMIT ?)",
        arguments: [Self.starredWalkLimit + 1]
      ) ?? 0 > Self.starredWalkLimit
    {
      return try sortedRange()
    }
    var rows = try fetch(db, ids: starredIDs)
    // Then the ones without stars, walking the full name index in order.
    if rows.count < limit {
      rows += try fetch(
        db,
        sql: "SELECT \(Self.qualifiedColumns) FROM repository r INDEXED BY repository_on_full_name "
          + "WHERE stargazers_count = 0 AND name > ?1 AND name < ?2 ORDER BY full_name LIMIT ?3",
        arguments: range + [limit - rows.count]
      )
    }
    return rows
  }

  /// The full-text matches that are not name matches, best first, up to `limit` rows in all.
  private func relevanceTier(
    _ db: Database,
    match: String,
    window: [IndexedRepository]?,
    excluding nameMatches: [IndexedRepository],
    limit: Int
  ) throws -> [IndexedRepository] {
    let excluded = Set(nameMatches.map(\.id))
    let wanted = limit - nameMatches.count
    let window = try (window ?? relevanceWindow(db, match: match)).prefix(Self.rankingWindow)
    let relevance = Relevance(terms: query.terms, tokenizer: tokenizer)
    var scored: [(score: Double, key: String, repository: IndexedRepository)] = []
    scored.reserveCapacity(window.count)
    for repository in window where !excluded.contains(repository.id) {
      scored.append((try relevance.score(repository), RepositoryName.key(of: repository.fullName), repository))
    }
    scored.sort { a, b in
      if a.score != b.score { return a.score > b.score }
      if a.repository.stargazersCount != b.repository.stargazersCount {
        return a.repository.stargazersCount > b.repository.stargazersCount
      }
      return a.key < b.key
    }
    var rows = scored.prefix(wanted).map(\.repository)
    if rows.count < wanted, window.count == Self.rankingWindow {
      // Past the window: the remaining matches by descending id.
      let rest = try fetch(
        db,
        sql: """
          SELECT \(Self.qualifiedColumns) FROM repository_fts JOIN repository r ON r.id = repository_fts.rowid
          WHERE repository_fts MATCH ? ORDER BY repository_fts.rowid DESC LIMIT ? OFFSET ?
          """,
        arguments: [match, wanted - rows.count + excluded.count, Self.rankingWindow]
      )
      rows += rest.lazy.filter { !excluded.contains($0.id) }.prefix(wanted - rows.count)
    }
    return rows
  }

  /// The rows with these ids, in the order of `ids`.
  private func fetch(_ db: Database, ids: [Int64]) throws -> [IndexedRepository] {
    guard !ids.isEmpty else { return [] }
    let rows = try fetch(
      db,
      sql: "SELECT \(Self.qualifiedColumns) FROM repository r WHERE id IN (\(ids.map(String.init).joined(separator: ",")))",
      arguments: []
    )
    let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return ids.compactMap { byID[$0] }
  }

  private func fetch(_ db: Database, sql: String, arguments: StatementArguments) throws -> [IndexedRepository] {
    let statement = try db.cachedStatement(sql: sql)
    var result: [IndexedRepository] = []
    let rows = try Row.fetchCursor(statement, arguments: arguments)
    while let row = try rows.next() {
      result.append(IndexedRepository(row: row))
    }
    return result
  }
}
