internal import Foundation

extension ByteSource {
  /// The bytes checked for being text before an import starts.
  static let textCheckLength = 65_536

  /// Refuses a file whose first block is not UTF-8 text (a NUL byte, or bytes that are not UTF-8), before
  /// anything is imported: otherwise every "line" of an image or a database would be reported with its raw
  /// bytes, which reach the terminal.
  func requireText() throws(RepositoryIndexError) {
    guard case .file(_, let path, _) = self else { return }
    let bytes: [UInt8]
    do {
      bytes = try prefix(Self.textCheckLength)
    } catch {
      throw RepositoryIndex.translate(error)
    }
    if let reason = Self.binaryReason(bytes, isWholeFile: Int64(bytes.count) == size) {
      throw .cannotRead(
        file: path, reason: "it is not a text file (\(reason)); import reads owner/name lines, JSON or JSON Lines")
    }
  }

  /// Why `bytes` (the start of a file, or all of it) are not UTF-8 text, or nil when they are.
  static func binaryReason(_ bytes: [UInt8], isWholeFile: Bool) -> String? {
    if let nul = bytes.firstIndex(of: 0) { return "a NUL byte at offset \(nul)" }
    // A block cut from a longer file may end inside a character: up to 3 bytes of it are not judged.
    let tolerated = isWholeFile ? 0 : min(3, bytes.count)
    for cut in 0...tolerated where String(validating: bytes.dropLast(cut), as: UTF8.self) != nil {
      return nil
    }
    return "not UTF-8"
  }
}
