internal import Foundation
internal import GRDB
public import SearchSyntax

extension RepositoryIndex {
  /// One page of the repositories matching a parsed query in GitHub's syntax, in `sort` order.
  ///
  /// Plain text in best-match order takes the ranked path of ``search(_:page:perPage:)`` (unless the
  /// index knows of forks, which GitHub leaves out by default, or of topics, where words are looked
  /// for too); qualifiers or a `sort` take one SQL
  /// statement with the filters (see `FilteredSearch`). Either way no page goes past the
  /// 1,000th result for a filtered search. A short page of a query filtering on fields that
  /// repositories known only by name lack counts those left out (``IndexSearchResult/nameOnlyMatches``).
  ///
  /// For example:
  ///
  /// ```swift
  /// let query = try RepositoryQuery.parse("swift language:swift stars:>100")
  /// let page = try await index.search(query, sort: RepositorySort(key: .stars), page: 1, perPage: 30)
  /// ```
  public func search(_ query: RepositoryQuery, sort: RepositorySort = .bestMatch, page: Int, perPage: Int)
    async throws(RepositoryIndexError) -> IndexSearchResult
  {
    try forgetCacheIfFileChanged()
    let perPage = min(max(perPage, 1), 100)
    let page = min(max(page, 1), Int.max / 100 - 1)
    if !query.hasQualifiers, sort == .bestMatch, try await !hasForksOrTopics() {
      var result = try await searchText(query.text, page: page, perPage: perPage)
      // The last page ends at the 1,000th result, as GitHub's does (34 × 30 would reach 1,020).
      let available = max(0, FilteredSearch.resultLimit - (page - 1) * perPage)
      if result.items.count > available { result.items.removeSubrange(available...) }
      return result
    }
    let text = query.text
    return try await read { db in
      let tokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: Schema.tokenizerComponents))
      let words = try SearchQuery(text: text, tokenizer: tokenizer)
      // Words that are only punctuation match nothing, as plain text does.
      if !text.isEmpty, words.terms.isEmpty { return .empty }
      let search = FilteredSearch(query: query, words: words, sort: sort, tokenizer: tokenizer)
      let (total, items) = try search.run(db, offset: (page - 1) * perPage, limit: perPage)
      // A short page is the last one: say what the field filters left out, which only then matters.
      let leftOut = items.count < perPage ? try search.nameOnlyMatches(db) : nil
      return IndexSearchResult(totalCount: total, items: items, nameOnlyMatches: leftOut)
    }
  }

  /// How many repositories known only by name match `query`'s words and owners but not its field
  /// qualifiers (`language:`, `stars:`…), which they lack; nil when none or when the query has no
  /// such qualifier. For a front end that pages through results itself (`octoreact search --index`).
  ///
  /// **Cost:** one `count(*)` of the name-only rows matching the words.
  public func nameOnlyMatches(_ query: RepositoryQuery) async throws(RepositoryIndexError) -> NameOnlyMatches? {
    let text = query.text
    return try await read { db in
      let tokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: Schema.tokenizerComponents))
      let words = try SearchQuery(text: text, tokenizer: tokenizer)
      if !text.isEmpty, words.terms.isEmpty { return nil }
      return try FilteredSearch(query: query, words: words, sort: .bestMatch, tokenizer: tokenizer).nameOnlyMatches(db)
    }
  }

  /// Whether any repository is known to be a fork or has topics (counted by every import in
  /// `index_state`), cached until the next write: plain text then needs the filtered path.
  private func hasForksOrTopics() async throws(RepositoryIndexError) -> Bool {
    let generation = cache.generation
    if let known = cache.hasForksOrTopics(generation: generation) { return known }
    let known = try await read { db in
      try Int.fetchOne(
        db, sql: "SELECT coalesce(sum(value), 0) FROM index_state WHERE key IN ('fork_count', 'topic_count')") ?? 0 > 0
    }
    cache.storeHasForksOrTopics(known, generation: generation)
    return known
  }

  /// One page of the repositories matching plain text `query`, best first, and how many match in all.
  ///
  /// `query` is text, never GitHub's qualifiers (see ``search(_:sort:page:perPage:)`` for those): its words are matched in owner, name and description, the last one as a
  /// prefix (`swift ni` finds `apple/swift-nio`), ignoring case and diacritics. Punctuation and
  /// FTS operators (`"`, `*`, `-`, `:`, `AND`, `NEAR`…) are never syntax. A query without any
  /// word (blank, or only punctuation) matches nothing. See ``RepositoryIndex`` for the ranking.
  ///
  /// - Parameters:
  ///   - page: The page, from 1; lower values mean 1.
  ///   - perPage: Results per page, clamped to 1...100.
  ///
  /// For example:
  ///
  /// ```swift
  /// let first = try await index.search("swift nio", page: 1, perPage: 30)
  /// let second = try await index.search("swift nio", page: 2, perPage: 30)  // continues `first`
  /// ```
  public func search(_ query: String, page: Int, perPage: Int) async throws(RepositoryIndexError) -> IndexSearchResult {
    try forgetCacheIfFileChanged()
    return try await searchText(query, page: page, perPage: perPage)
  }

  /// ``search(_:page:perPage:)`` once the cache has been checked against the file (each public search
  /// checks once, so a qualified search that falls back to plain text does not check twice).
  private func searchText(_ query: String, page: Int, perPage: Int) async throws(RepositoryIndexError)
    -> IndexSearchResult
  {
    let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return .empty }
    let perPage = min(max(perPage, 1), 100)
    let page = min(max(page, 1), Int.max / 100 - 1)
    let offset = (page - 1) * perPage
    let limit = offset + perPage

    // Results depend on the query's case only through ASCII-folded names and FTS case folding.
    let key = text.lowercased()
    let generation = cache.generation
    let cached = cache.entry(for: key)
    if let cached, cached.ranked.count >= min(limit, cached.totalCount) {
      return Self.page(of: cached.ranked, totalCount: cached.totalCount, offset: offset, perPage: perPage)
    }

    let knownTotal = cached?.totalCount
    let (total, ranked) = try await read { db in
      let tokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: Schema.tokenizerComponents))
      return try RankedSearch(query: SearchQuery(text: text, tokenizer: tokenizer), tokenizer: tokenizer)
        .run(db, limit: limit, knownTotal: knownTotal)
    }
    cache.store(SearchCache.Entry(totalCount: total, ranked: ranked), for: key, generation: generation)
    return Self.page(of: ranked, totalCount: total, offset: offset, perPage: perPage)
  }

  /// Forgets cached results, so that the next searches read the database (for benchmarks).
  package func clearSearchCache() {
    cache.removeAll()
  }

  private static func page(of ranked: [IndexedRepository], totalCount: Int, offset: Int, perPage: Int)
    -> IndexSearchResult
  {
    guard offset < ranked.count else { return IndexSearchResult(totalCount: totalCount, items: []) }
    return IndexSearchResult(totalCount: totalCount, items: Array(ranked[offset..<min(offset + perPage, ranked.count)]))
  }
}
