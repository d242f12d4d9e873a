internal import GRDB

extension IndexedRepository {
  /// The columns ``init(row:)`` reads, in its order, for a query on `repository` named `r`.
  static let selection = """
    r.id, r.full_name, r.owner, r.name, r.description, r.html_url, r.stargazers_count, r.language, r.forks_count, \
    r.topics, r.fork, r.archived, r.owner_id, r.owner_type, r.created_at, r.updated_at, r.pushed_at
    """

  /// A repository from a row of ``selection``.
  init(row: Row) {
    let topics: String? = row[9]
    self.init(
      id: row[0],
      fullName: row[1],
      owner: row[2],
      name: row[3],
      description: row[4],
      htmlURL: row[5],
      stargazersCount: row[6],
      language: row[7],
      forksCount: row[8],
      topics: topics.map { $0.split(separator: " ").map(String.init) },
      isFork: row[10],
      isArchived: row[11],
      ownerID: row[12],
      ownerType: row[13],
      createdAt: row[14],
      updatedAt: row[15],
      pushedAt: row[16]
    )
  }
}
