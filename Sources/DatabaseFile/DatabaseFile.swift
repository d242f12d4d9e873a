import Foundation
public import GRDB

/// Opening an SQLite file in WAL mode, with errors that say what is wrong with its location: the
/// part both of Octoreact's databases (accounts, repository index) share.
public enum DatabaseFile {
  /// Why a database file could not be opened, in words for the user.
  public struct OpeningError: Error, Sendable {
    public let reason: String
    /// The other Octoreact database, when the file is that one instead of the one expected.
    public let otherKind: DatabaseKind?

    init(reason: String, otherKind: DatabaseKind? = nil) {
      self.reason = reason
      self.otherKind = otherKind
    }
  }

  /// Checks the location before SQLite does, creating missing folders, and that an existing file is a
  /// database of the `expected` kind (see ``DatabaseKind``), then opens a pool on it.
  public static func openPool(
    at path: String,
    expected: DatabaseKind,
    configuration: Configuration
  ) throws(OpeningError) -> DatabasePool {
    let fileManager = FileManager.default
    let file = URL(fileURLWithPath: path)
    let folder = file.deletingLastPathComponent()

    // The nearest part of the folder path that exists must be a folder.
    var existing = folder
    var isFolder: ObjCBool = false
    while !fileManager.fileExists(atPath: existing.path, isDirectory: &isFolder) {
      existing = existing.deletingLastPathComponent()
    }
    guard isFolder.boolValue else {
      throw OpeningError(reason: "“\(existing.path)” is a file, not a folder")
    }
    if existing.path != folder.path {
      do {
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw OpeningError(
          reason: "the folder “\(folder.path)” cannot be created in “\(existing.path)” (\(reason(error) ?? "\(error)"))"
        )
      }
    }
    // WAL mode writes `-wal` and `-shm` files beside the database: the folder must be writable.
    guard fileManager.isWritableFile(atPath: folder.path) else {
      throw OpeningError(reason: "the folder “\(folder.path)” is not writable")
    }
    if fileManager.fileExists(atPath: file.path, isDirectory: &isFolder) {
      guard !isFolder.boolValue else { throw OpeningError(reason: "it is a folder") }
      guard fileManager.isWritableFile(atPath: file.path) else {
        throw OpeningError(reason: "the file is not writable")
      }
    }

    try checkIdentity(at: path, expected: expected)
    do {
      return try DatabasePool(path: path, configuration: configuration)
    } catch {
      throw OpeningError(reason: reason(error) ?? "\(error)")
    }
  }

  /// A description of a database, cancellation or file-system error without SQL or statement
  /// arguments; `nil` for other errors, which each store describes in its own way.
  public static func reason(_ error: any Error) -> String? {
    switch error {
    case let error as DatabaseError:
      "SQLite error \(error.extendedResultCode.rawValue): \(error.message ?? "unknown error")"
    case is CancellationError:
      "cancelled"
    case let error as CocoaError:
      // Foundation's own text says little ("error 512"); the POSIX error under it says what failed.
      (error.underlying.map { ($0 as NSError).localizedDescription } ?? error.localizedDescription)
        .replacingOccurrences(of: "The operation could not be completed. ", with: "")
    default:
      nil
    }
  }
}
