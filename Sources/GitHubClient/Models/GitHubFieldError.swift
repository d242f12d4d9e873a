/// One entry of the `errors` array in GitHub's 422 "Validation Failed" body.
///
/// Every field is optional, and a bare string entry (some endpoints send those) becomes the ``message``,
/// so decoding never fails on an unexpected shape.
public struct GitHubFieldError: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The kind of resource that failed validation, such as `User`.
  public var resource: String?
  /// The field that failed validation, such as `username`.
  public var field: String?
  /// GitHub's machine-readable reason: `missing`, `missing_field`, `invalid`, `already_exists`, `unprocessable` or `custom`.
  public var code: String?
  /// A human-readable explanation, present with the `custom` code.
  public var message: String?

  /// Creates a field error from its parts.
  public init(resource: String? = nil, field: String? = nil, code: String? = nil, message: String? = nil) {
    self.resource = resource
    self.field = field
    self.code = code
    self.message = message
  }

  private enum CodingKeys: String, CodingKey {
    case resource, field, code, message
  }

  /// Decodes an object entry, or a bare string entry as its message.
  public init(from decoder: any Decoder) throws {
    if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
      self.init(message: text)
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      resource: Self.lenientString(container, .resource),
      field: Self.lenientString(container, .field),
      code: Self.lenientString(container, .code),
      message: Self.lenientString(container, .message)
    )
  }

  /// Encodes the entry in GitHub's object shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(resource, forKey: .resource)
    try container.encodeIfPresent(field, forKey: .field)
    try container.encodeIfPresent(code, forKey: .code)
    try container.encodeIfPresent(message, forKey: .message)
  }

  /// A short text such as `username invalid: "a b" is not a valid username`.
  public var description: String {
    let subject = [resource, field].compactMap(\.self).joined(separator: ".")
    var parts: [String] = []
    if !subject.isEmpty { parts.append(subject) }
    if let code { parts.append(code) }
    let head = parts.joined(separator: " ")
    switch (head.isEmpty, message) {
    case (_, nil): return head.isEmpty ? "invalid" : head
    case (true, let message?): return message
    case (false, let message?): return "\(head): \(message)"
    }
  }

  private static func lenientString(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String? {
    (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
  }
}
