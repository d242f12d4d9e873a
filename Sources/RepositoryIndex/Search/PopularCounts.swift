internal import GRDB

/// The match counts of popular one-word queries, computed after each import.
///
/// Counting the matches of `docs` means visiting each of its 260,000 postings: 20 ms. The
/// counts of the few hundred one-word queries (prefixes, since the last word is matched as a
/// prefix) that match more than ``threshold`` repositories are therefore computed once per
/// import and stored in `search_count`; any other query matches fewer and is counted on the spot
/// in well under a millisecond.
///
/// **Consistency:** an import that writes rows empties `search_count` in its own transaction
/// and numbers itself in `index_state`, so searches count on the spot until the refresh, which
/// runs after the commit (counting on two reader connections at once) and stores its counts
/// only if no other import committed meanwhile.
enum PopularCounts {
  /// A one-word query matching at least this many repositories has its count stored.
  static let threshold = 4_000

  /// What a refresh has to count, found in the import's transaction.
  struct Plan: Sendable {
    /// The import that the counts are for.
    var serial: Int
    var repositoryCount: Int
    /// Prefixes that may match at least ``threshold`` repositories, biggest first.
    var candidates: [(prefix: String, bound: Int)]
    /// Counts known without counting: a prefix that only one term starts with (`kubernete`)
    /// matches the repositories containing that term, which the vocabulary gives.
    var known: [String: Int] = [:]
    /// Prefixes that the same terms start with as a longer candidate or known prefix (`reac` and
    /// `react`, when no other term starts with `reac`), which therefore match the same
    /// repositories: counted once, for the longer one.
    var aliases: [(prefix: String, of: String)] = []
  }

  /// Empties `search_count`, numbers this import, and lists what to count (in the import's
  /// transaction). The vocabulary (each term, and the number of repositories containing it)
  /// bounds the count of every prefix from above; only the prefixes whose bound reaches
  /// ``threshold`` need counting, and only once per distinct set of terms.
  static func invalidate(_ db: Database) throws -> Plan {
    try db.execute(sql: "DELETE FROM search_count")
    try db.execute(
      sql: """
        INSERT INTO index_state (key, value) VALUES ('import_serial', 1)
        ON CONFLICT (key) DO UPDATE SET value = value + 1
        """
    )
    let serial = try Int.fetchOne(db, sql: "SELECT value FROM index_state WHERE key = 'import_serial'") ?? 0
    let repositoryCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM repository") ?? 0
    try db.execute(
      sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.repository_vocabulary USING fts5vocab(main, repository_fts, 'row')"
    )
    var plan = Plan(serial: serial, repositoryCount: repositoryCount, candidates: [])
    var previous: [UInt8] = []
    // levels[i]: the terms seen so far that start with previous[0...i]: how many, and the sum of
    // their documents (an upper bound of the documents matching the prefix).
    var levels: [(terms: Int, documents: Int)] = []
    // The prefix taken off `levels` just before, in the same flush: the last (in index order)
    // prefix one byte longer than the next one, and the prefix whose count it gets, if stored.
    var justFlushed: (length: Int, documents: Int, countedAs: String?)?
    func flush(downTo length: Int) {
      while levels.count > length {
        let prefixLength = levels.count
        let level = levels.removeLast()
        let endsOnCharacter = prefixLength == previous.count || previous[prefixLength] & 0xC0 != 0x80
        var countedAs: String?
        if level.documents >= threshold, endsOnCharacter {
          let prefix = String(decoding: previous[..<prefixLength], as: UTF8.self)
          // Every term has documents, so a prefix whose sum equals its last one-byte extension's
          // has no other term: the two prefixes match the same repositories.
          if let longer = justFlushed, longer.length == prefixLength + 1, longer.documents == level.documents,
            let counted = longer.countedAs
          {
            plan.aliases.append((prefix, counted))
            countedAs = counted
          } else if level.terms == 1 {
            plan.known[prefix] = level.documents
            countedAs = prefix
          } else {
            plan.candidates.append((prefix, level.documents))
            countedAs = prefix
          }
        }
        justFlushed = (prefixLength, level.documents, countedAs)
      }
    }
    // fts5vocab returns terms in index order, so the terms sharing a prefix come together.
    let vocabulary = try FastStatement(db, sql: "SELECT term, doc FROM temp.repository_vocabulary")
    try vocabulary.forEachRow { term, documents in
      var common = 0
      while common < min(term.count, previous.count), term[common] == previous[common] { common += 1 }
      flush(downTo: common)
      justFlushed = nil
      previous.replaceSubrange(common..., with: term[common...])
      levels += repeatElement((terms: 0, documents: 0), count: term.count - levels.count)
      for index in levels.indices {
        levels[index].terms += 1
        levels[index].documents += Int(documents)
      }
    }
    flush(downTo: 0)
    plan.candidates.sort { $0.bound > $1.bound }
    return plan
  }

  /// Counts the matches of `prefixes` exactly, if the index is still at import `serial`.
  static func count(_ prefixes: [String], serial: Int, in db: Database) throws -> [String: Int]? {
    guard try currentSerial(db) == serial else { return nil }
    let statement = try db.makeStatement(sql: "SELECT count(*) FROM repository_fts WHERE repository_fts MATCH ?")
    var counts: [String: Int] = [:]
    for prefix in prefixes {
      counts[prefix] = try Int.fetchOne(statement, arguments: [SearchQuery.matchExpression(for: [prefix])]) ?? 0
    }
    return counts
  }

  /// Stores the counts of a refresh, unless another import committed since `plan` was made.
  static func store(_ counts: [String: Int], for plan: Plan, in db: Database) throws {
    guard try currentSerial(db) == plan.serial else { return }
    let insert = try db.makeStatement(sql: "INSERT OR REPLACE INTO search_count (prefix, total) VALUES (?, ?)")
    // The empty prefix, which no query has, holds the number of repositories.
    try insert.execute(arguments: ["", plan.repositoryCount])
    var counts = counts.merging(plan.known) { counted, _ in counted }
    for (prefix, longer) in plan.aliases {
      counts[prefix] = counts[longer]
    }
    for (prefix, total) in counts {
      try insert.execute(arguments: [prefix, total])
    }
  }

  /// The number of repositories at the last refresh.
  static func repositoryCount(in db: Database) throws -> Int? {
    try count(of: "", in: db)
  }

  /// The stored count of a one-word query, if it is popular.
  static func count(of term: String, in db: Database) throws -> Int? {
    try Int.fetchOne(db, sql: "SELECT total FROM search_count WHERE prefix = ?", arguments: [term])
  }

  private static func currentSerial(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT value FROM index_state WHERE key = 'import_serial'") ?? 0
  }
}
