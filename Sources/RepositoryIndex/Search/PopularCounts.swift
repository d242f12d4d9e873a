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
  }

  /// Empties `search_count`, numbers this import, and lists what to count (in the import's
  /// transaction). The vocabulary (each term, and the number of repositories containing it)
  /// bounds the count of every prefix from above; only the prefixes whose bound reaches
  /// ``threshold`` need counting.
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
    var candidates: [(prefix: String, bound: Int)] = []
    var previous: [UInt8] = []
    // sums[i]: the documents of the terms seen so far that start with previous[0...i].
    var sums: [Int] = []
    func flush(downTo length: Int) {
      while sums.count > length {
        let prefixLength = sums.count
        let sum = sums.removeLast()
        let endsOnCharacter = prefixLength == previous.count || previous[prefixLength] & 0xC0 != 0x80
        if sum >= threshold, endsOnCharacter {
          candidates.append((String(decoding: previous[..<prefixLength], as: UTF8.self), sum))
        }
      }
    }
    // fts5vocab returns terms in index order, so the terms sharing a prefix come together.
    let rows = try Row.fetchCursor(db, sql: "SELECT term, doc FROM temp.repository_vocabulary")
    while let row = try rows.next() {
      let term = [UInt8]((row[0] as String).utf8)
      let documents: Int = row[1]
      var common = 0
      while common < min(term.count, previous.count), term[common] == previous[common] { common += 1 }
      flush(downTo: common)
      previous = term
      sums += repeatElement(0, count: term.count - sums.count)
      for index in sums.indices { sums[index] += documents }
    }
    flush(downTo: 0)
    candidates.sort { $0.bound > $1.bound }
    return Plan(serial: serial, repositoryCount: repositoryCount, candidates: candidates)
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
