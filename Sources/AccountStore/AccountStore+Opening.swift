internal import Foundation
internal import GRDB

/// Opening a database file, with errors that say what is wrong with the location.
extension AccountStore {
  static var configuration: Configuration {
    var configuration = Configuration()
    configuration.label = "AccountStore"
    // Other processes (an import, the sqlite3 shell) may hold the write lock for a moment.
    configuration.busyMode = .timeout(5)
    // The default, stated: statement arguments (password hashes) stay out of error descriptions.
    configuration.publicStatementArguments = false
    return configuration
  }

  /// Checks the location before SQLite does, for errors that say what is wrong, then opens it.
  static func openPool(at path: String) throws(AccountStoreError) -> DatabasePool {
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
      throw .cannotOpen(path: path, reason: "“\(existing.path)” is a file, not a folder")
    }
    if existing.path != folder.path {
      do {
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw .cannotOpen(
          path: path,
          reason: "the folder “\(folder.path)” cannot be created in “\(existing.path)” (\(reason(error)))"
        )
      }
    }
    // WAL mode writes `-wal` and `-shm` files beside the database: the folder must be writable.
    guard fileManager.isWritableFile(atPath: folder.path) else {
      throw .cannotOpen(path: path, reason: "the folder “\(folder.path)” is not writable")
    }
    if fileManager.fileExists(atPath: file.path, isDirectory: &isFolder) {
      guard !isFolder.boolValue else { throw .cannotOpen(path: path, reason: "it is a folder") }
      guard fileManager.isWritableFile(atPath: file.path) else {
        throw .cannotOpen(path: path, reason: "the file is not writable")
      }
    }

    do {
      return try DatabasePool(path: path, configuration: configuration)
    } catch {
      throw .cannotOpen(path: path, reason: reason(error))
    }
  }

  /// A description of `error` without SQL or statement arguments.
  static func reason(_ error: any Error) -> String {
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
      String(describing: type(of: error))
    }
  }
}
