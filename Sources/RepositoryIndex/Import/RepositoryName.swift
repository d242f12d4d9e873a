internal import AccountRules

/// A valid `owner/name`, and the key that identifies it whatever its letter case.
struct RepositoryName: Hashable {
  let owner: String
  let name: String
  /// The full name in ASCII lower case: equal keys are equal names for the NOCASE index.
  let key: String

  var fullName: String { owner + "/" + name }

  /// Parses `owner/name` (from JSON), or says what is wrong with it.
  static func parse(_ fullName: String) -> Result<RepositoryName, RepositoryNameError> {
    var fullName = fullName
    return fullName.withUTF8 { bytes in NameBytes.parse(bytes).map(\.repositoryName) }
  }

  /// The key of a full name read back from the database.
  static func key(of fullName: String) -> String {
    String(decoding: fullName.utf8.map(NameBytes.lowercased), as: UTF8.self)
  }
}

/// A valid `owner/name` still in the bytes of the line it was read from: the import of a name
/// list binds these bytes to SQLite directly, without making strings.
struct NameBytes {
  /// The whole `owner/name`.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The index of the slash in `bytes`.
  let slash: Int

  /// The longest login GitHub allows.
  static var maximumOwnerLength: Int { UsernameRules.githubExistingLogins.maximumLength }
  /// The longest repository name GitHub allows.
  static let maximumNameLength = 100

  var owner: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[..<slash]) }
  var name: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]) }

  /// The full name in ASCII lower case.
  var key: String {
    String(unsafeUninitializedCapacity: bytes.count) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = Self.lowercased(byte) }
      return bytes.count
    }
  }

  var repositoryName: RepositoryName {
    RepositoryName(
      owner: String(decoding: owner, as: UTF8.self),
      name: String(decoding: name, as: UTF8.self),
      key: key
    )
  }

  /// Checks `owner/name` against GitHub's rules, or says what is wrong with it.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<NameBytes, RepositoryNameError> {
    guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")),
      !bytes[(slash + 1)...].contains(UInt8(ascii: "/"))
    else {
      return .failure(.init("expected “owner/name”, found “\(String(decoding: bytes, as: UTF8.self))”"))
    }
    let parsed = NameBytes(bytes: bytes, slash: slash)
    let owner = parsed.owner
    let name = parsed.name
    // Signup's rules, as GitHub applies them to logins that exist (see `UsernameRules`).
    guard !owner.isEmpty, UsernameRules.githubExistingLogins.violation(inUTF8: owner) == nil else {
      return .failure(
        .init(
          "the owner “\(String(decoding: owner, as: UTF8.self))” is not a GitHub login "
            + "(ASCII letters, digits and hyphens, not first, at most 39)"
        )
      )
    }
    guard !name.isEmpty, name.count <= maximumNameLength, name.allSatisfy(isNameByte),
      !name.allSatisfy({ $0 == UInt8(ascii: ".") }) || name.count > 2
    else {
      return .failure(
        .init(
          "the name “\(String(decoding: name, as: UTF8.self))” is not a GitHub repository name "
            + "(ASCII letters, digits, “.”, “_” and “-”, at most 100)"
        )
      )
    }
    return .success(parsed)
  }

  static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  private static func isLoginByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    isLoginByte(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
  }
}

struct RepositoryNameError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// The fields of a GitHub repository object that the index keeps.
struct RepositoryFields: Equatable {
  var id: Int64
  var name: RepositoryName
  var description: String?
  var htmlURL: String?
  var stargazersCount: Int
  var language: String?
  var details = RepositoryDetails()
}
