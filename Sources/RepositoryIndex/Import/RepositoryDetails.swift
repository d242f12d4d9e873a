/// The fields of a GitHub repository object beyond its name and first figures, as the index stores
/// them (see migration `v3-add-repository-details`): each nil when unknown.
struct RepositoryDetails: Equatable {
  var forksCount: Int?
  /// The topics in lower case, separated by single spaces.
  var topics: String?
  var isFork: Bool?
  var isArchived: Bool?
  var ownerID: Int64?
  var ownerType: String?
  var createdAt: String?
  var updatedAt: String?
  var pushedAt: String?

  /// The most topics kept (GitHub allows 20 on a repository).
  static let maximumTopics = 50

  /// GitHub's topics as stored: lower case, well formed ones only (letters, digits, hyphens, at most
  /// 50 characters), separated by single spaces.
  static func topicsText(_ topics: [String]) -> String {
    topics.lazy
      .filter { topic in
        (1...50).contains(topic.utf8.count)
          && topic.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
              UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
              true
            default: false
            }
          }
      }
      .prefix(maximumTopics).map { $0.lowercased() }.joined(separator: " ")
  }

  /// `text` when it is a timestamp as GitHub writes them (`2011-01-26T19:01:12Z`), which sorts as it
  /// reads; nil otherwise.
  static func timestamp(_ text: String) -> String? {
    let pattern = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
    let bytes = Array(text.utf8)
    guard bytes.count == pattern.count else { return nil }
    for (byte, expected) in zip(bytes, pattern) {
      if expected == UInt8(ascii: "d") {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      } else if byte != expected {
        return nil
      }
    }
    return text
  }
}
