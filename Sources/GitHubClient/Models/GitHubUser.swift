public import Foundation

/// A GitHub account as the users API returns it: only the fields Octoreact reads.
///
/// It decodes from GitHub's JSON (`login`, `id`, `created_at` as ISO 8601) whatever the decoder's date strategy,
/// and encodes back to the same shape, so Octoreact's own API can serve it as GitHub does.
public struct GitHubUser: Sendable, Hashable, Codable {
  /// The username, such as `octocat`.
  public let login: String
  /// GitHub's numeric identifier of the account.
  public let id: Int64
  /// When the account was created, if the server said so.
  public let createdAt: Date?

  /// Creates a user from its fields.
  public init(login: String, id: Int64, createdAt: Date? = nil) {
    self.login = login
    self.id = id
    self.createdAt = createdAt
  }

  private enum CodingKeys: String, CodingKey {
    case login
    case id
    case createdAt = "created_at"
  }

  /// Decodes a user from GitHub's JSON shape.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.login = try container.decode(String.self, forKey: .login)
    self.id = try container.decode(Int64.self, forKey: .id)
    if let text = try container.decodeIfPresent(String.self, forKey: .createdAt) {
      guard let date = ISO8601.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .createdAt,
          in: container,
          debugDescription: "Expected an ISO 8601 date such as 2011-01-25T18:44:36Z."
        )
      }
      self.createdAt = date
    } else {
      self.createdAt = nil
    }
  }

  /// Encodes the user in GitHub's JSON shape, `created_at` as ISO 8601 in UTC.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(login, forKey: .login)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(createdAt.map(ISO8601.string(from:)), forKey: .createdAt)
  }
}
