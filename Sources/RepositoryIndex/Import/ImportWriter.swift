internal import GRDB

/// Writes validated repositories into the index, inside the import's transaction.
///
/// Rows are upserted: a list line inserts a repository unless one with that full name exists
/// (any letter case); a GitHub object updates the row with its id, or else the row with its full
/// name (which then takes the GitHub id), or inserts one. A repository known only by name gets a
/// negative id: a name list reserves one id per line below every id in use, in file order, so
/// that rows are appended in id order and ids stay stable when the file is imported again.
///
/// **Bulk mode.** Inserting a million rows one by one into a NOCASE unique index, a name index
/// and the FTS index costs minutes; building each index once from the loaded table costs
/// seconds. So when the index starts empty, or once an import has written more than
/// ``bulkThreshold`` rows, the writer drops the secondary indexes and the FTS triggers, keeps
/// track of full names in memory instead (``FullNameTable``), inserts the rows of a name list
/// 64 at a time (``NameBatch``), and rebuilds everything in ``finish(progress:)``. It all
/// happens in the import's transaction, so readers never see the index without them.
final class ImportWriter {
  private let db: Database
  private(set) var report: ImportReport
  private let existingCount: Int
  /// The next id for a repository known only by name.
  private var nextLocalID: Int64
  /// Rows inserted or updated.
  private var writes = 0
  /// In bulk mode, the id of every full name, standing in for the dropped unique index.
  private var names: FullNameTable?
  /// In bulk mode, rows of a name list not yet written: nothing reads the table until the end.
  private var batch: NameBatch?
  /// For a name list into an empty index, the full-text index built meanwhile on another core;
  /// otherwise bulk mode rebuilds it at the end.
  private var fullText: FullTextBuilder?
  private let expectedCount: Int
  /// The objects of ``Schema/deferredObjects`` that bulk mode drops, and rebuilds at the end.
  private let deferredObjects: [(kind: String, name: String, sql: String)]

  private let insertName: FastStatement
  private let selectIDByName: FastStatement
  private let insertStatement: Statement
  private let updateStatement: Statement
  private let selectByIDStatement: Statement
  private let selectByNameStatement: Statement
  private let deleteStatement: Statement

  /// - Parameter lineCount: An upper bound of the records to come: a name list gets that many
  ///   ids reserved.
  init(db: Database, format: ImportFormat, lineCount: Int) throws {
    self.db = db
    report = ImportReport(format: format)
    expectedCount = lineCount
    existingCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM repository") ?? 0
    let lowestID = try Int64.fetchOne(db, sql: "SELECT min(id) FROM repository") ?? 0
    nextLocalID = min(lowestID, 0) - Int64(format == .nameList ? lineCount : 0)
    // A name list only inserts repositories without stars, topics or language, which the partial
    // indexes on those leave out: keeping them costs nothing, rebuilding them means reading the table.
    deferredObjects = Schema.deferredObjects.filter {
      format != .nameList
        || !["repository_starred", "repository_with_topics", "repository_on_language"].contains($0.name)
    }
    insertName = try FastStatement(db, sql: "INSERT INTO repository (id, full_name, owner, name) VALUES (?, ?, ?, ?)")
    selectIDByName = try FastStatement(db, sql: "SELECT id FROM repository WHERE full_name = ?")
    insertStatement = try db.makeStatement(
      sql: """
        INSERT INTO repository (id, full_name, owner, name, description, html_url, stargazers_count, language,
          forks_count, topics, fork, archived, owner_id, owner_type, created_at, updated_at, pushed_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    )
    updateStatement = try db.makeStatement(
      sql: """
        UPDATE repository SET id = ?, full_name = ?, owner = ?, name = ?, description = ?, html_url = ?,
          stargazers_count = ?, language = ?, forks_count = ?, topics = ?, fork = ?, archived = ?, owner_id = ?,
          owner_type = ?, created_at = ?, updated_at = ?, pushed_at = ?
        WHERE id = ?
        """
    )
    selectByIDStatement = try db.makeStatement(
      sql:
        """
        SELECT full_name, owner, name, description, html_url, stargazers_count, language, forks_count, topics, fork,
          archived, owner_id, owner_type, created_at, updated_at, pushed_at
        FROM repository WHERE id = ?
        """
    )
    selectByNameStatement = try db.makeStatement(sql: "SELECT id FROM repository WHERE full_name = ?")
    deleteStatement = try db.makeStatement(sql: "DELETE FROM repository WHERE id = ?")
    if existingCount == 0 {
      try enterBulkMode()
      if format == .nameList { fullText = try FullTextBuilder(copying: db) }
    }
  }

  /// Rows written one by one before switching to bulk mode: rebuilding the indexes costs about
  /// as much as writing an eighth of the index row by row.
  var bulkThreshold: Int { 10_000 + existingCount / 8 }

  func skip(_ issue: ImportIssue) {
    report.skip(issue)
  }

  /// Inserts a repository known only by name, unless it is already in the index.
  func write(_ name: NameBytes) throws {
    let id = nextLocalID
    if let names, let batch {
      // Recorded at once: should the insert fail, the whole import fails.
      guard names.insert(id, ifAbsent: name.bytes) == nil else {
        report.unchanged += 1
        return
      }
      try batch.append(id: id, name)
      fullText?.append(id: id, name)
    } else {
      selectIDByName.bind(1, name.bytes)
      guard try selectIDByName.fetchInt64() == nil else {
        report.unchanged += 1
        return
      }
      insertName.bind(1, id)
      insertName.bind(2, name.bytes)
      insertName.bind(3, name.owner)
      insertName.bind(4, name.name)
      try insertName.execute()
    }
    nextLocalID += 1
    report.inserted += 1
    try didWrite()
  }

  /// Inserts or updates a repository described by GitHub.
  func write(_ fields: RepositoryFields) throws {
    try batch?.flush()  // the statements below read the table
    fullText = nil  // which may change rows: rebuild the full-text index instead
    let stored = try Row.fetchOne(selectByIDStatement, arguments: [fields.id]).map { row in
      RepositoryFields(
        id: fields.id,
        name: RepositoryName(owner: row[1], name: row[2], key: RepositoryName.key(of: row[0])),
        description: row[3],
        htmlURL: row[4],
        stargazersCount: row[5],
        language: row[6],
        details: RepositoryDetails(
          forksCount: row[7], topics: row[8], isFork: row[9], isArchived: row[10], ownerID: row[11],
          ownerType: row[12], createdAt: row[13], updatedAt: row[14], pushedAt: row[15])
      )
    }
    let idOfName =
      if let names { names.id(of: fields.name.key) } else {
        try Int64.fetchOne(selectByNameStatement, arguments: [fields.name.fullName])
      }
    if let stored {
      if let idOfName, idOfName != fields.id {
        // Another row holds the name: a name-only placeholder, or a repository since renamed.
        try deleteStatement.execute(arguments: [idOfName])
        names?.removeID(for: fields.name.key)
      }
      guard stored != fields else {
        report.unchanged += 1
        return
      }
      try update(id: fields.id, to: fields)
      names?.removeID(for: stored.name.key)
      report.updated += 1
    } else if let idOfName {
      try update(id: idOfName, to: fields)
      report.updated += 1
    } else {
      try insertStatement.execute(arguments: arguments(fields))
      report.inserted += 1
    }
    names?.setID(fields.id, for: fields.name.key)
    try didWrite()
  }

  /// Rebuilds what bulk mode dropped, reporting the indexing phase first; returns what to
  /// count for the popular queries when rows changed.
  func finish(progress: () -> Void) throws -> PopularCounts.Plan? {
    if names != nil {
      progress()
      try batch?.flush()
      batch = nil
      names = nil
      let fullText = fullText
      self.fullText = nil
      try rebuildDroppedObjects(fullText: fullText)
    }
    guard writes > 0 else { return nil }
    // Search leaves forks out by default and looks for words in topics too; its fast path for plain
    // text, which does neither, serves only an index without known forks or topics.
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO index_state (key, value)
        VALUES ('fork_count', (SELECT count(*) FROM repository WHERE fork = 1)),
          ('topic_count', (
            SELECT count(*) FROM repository INDEXED BY repository_with_topics WHERE topics IS NOT NULL AND topics != ''
          ))
        """
    )
    return try PopularCounts.invalidate(db)
  }

  private func rebuildDroppedObjects(fullText: FullTextBuilder?) throws {
    // Sorting a million keys is faster in small runs merged by two threads than in one big
    // in-memory sort (the default page cache is small enough). But while another thread
    // builds the full-text index, a sorting thread only slows it down: the second core is busy.
    fullText?.start()  // tokenizing names while the indexes are sorted
    let threads = try Int.fetchOne(db, sql: "PRAGMA threads") ?? 0
    try db.execute(sql: "PRAGMA threads = \(fullText == nil ? 2 : 0)")
    defer { try? db.execute(sql: "PRAGMA threads = \(threads)") }
    for object in deferredObjects where object.kind == "INDEX" {
      try db.execute(sql: object.sql)
    }
    if let fullText {
      try fullText.copy(into: db)
    } else {
      try? db.execute(sql: FullTextBuilder.hashSizeSQL)
      try db.execute(sql: "INSERT INTO repository_fts (repository_fts) VALUES ('rebuild')")
    }
    for object in deferredObjects where object.kind == "TRIGGER" {
      try db.execute(sql: object.sql)
    }
  }

  // MARK: - Private

  private func didWrite() throws {
    writes += 1
    if names == nil, writes > bulkThreshold { try enterBulkMode() }
  }

  private func enterBulkMode() throws {
    for object in deferredObjects.reversed() {
      try db.execute(sql: "DROP \(object.kind) IF EXISTS \(object.name)")
    }
    let names = FullNameTable(capacity: existingCount + expectedCount)
    let rows = try Row.fetchCursor(db, sql: "SELECT full_name, id FROM repository")
    while let row = try rows.next() {
      names.setID(row[1], for: row[0] as String)
    }
    self.names = names
    batch = try NameBatch(db)
  }

  private func update(id: Int64, to fields: RepositoryFields) throws {
    try updateStatement.execute(arguments: arguments(fields) + [id])
  }

  private func arguments(_ fields: RepositoryFields) -> StatementArguments {
    [
      fields.id, fields.name.fullName, fields.name.owner, fields.name.name, fields.description, fields.htmlURL,
      fields.stargazersCount, fields.language, fields.details.forksCount, fields.details.topics,
      fields.details.isFork, fields.details.isArchived, fields.details.ownerID, fields.details.ownerType,
      fields.details.createdAt, fields.details.updatedAt, fields.details.pushedAt,
    ]
  }
}
