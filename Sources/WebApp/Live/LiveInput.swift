/// One message from a live page: `{"type": "usernameChanged", "value": "octocat"}`, or
/// `{"type": "signup"}` for an action without text.
///
/// The text is read once (``JSONObjectReader``): its size, its JSON, a key written twice. The length of
/// its `value` is checked only by an action that takes it (``text()``), so a refusal names the first
/// thing wrong in the order a reader would see it: the size, the JSON, the action, then its text.
struct LiveInput: Sendable, Equatable {
  let type: String
  let value: String?
  /// The longest `value` an action takes.
  let maxCharacters: Int

  /// The `type` of the message a page sends every minute to keep its socket open, for no screen.
  static let keepAlive = "keepAlive"

  init(_ text: String, maxBytes: Int, maxCharacters: Int) throws(LiveInputError) {
    guard text.utf8.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
    let object: JSONObjectReader.Object
    do {
      object = try JSONObjectReader.read(text)
    } catch {
      throw .notJSON
    }
    guard case .string(let type)? = object.members["type"] else { throw .notJSON }
    switch object.members["value"] {
    case .string(let value)?: self.value = value
    case .null?, nil: self.value = nil
    case .other?: throw .notJSON
    }
    if let key = object.duplicateKey {
      throw .duplicateKey(["type", "value"].contains(key) ? key : nil)
    }
    self.type = type
    self.maxCharacters = maxCharacters
  }

  /// The text an action carries.
  func text() throws(LiveInputError) -> String {
    guard let value else { throw .missingValue }
    guard value.count <= maxCharacters else { throw .textTooLong(limit: maxCharacters) }
    return value
  }
}
