internal import Foundation
internal import GRDB

/// Opening a database file, with errors that say what is wrong with the location.
extension RepositoryIndex {
  static var configuration: Configuration {
    var configuration = Configuration()
    configuration.label = "RepositoryIndex"
    // An import in another process holds the write lock for seconds; readers are never blocked.
    configuration.busyMode = .timeout(30)
    configuration.publicStatementArguments = false
    configuration.prepareDatabase { db in
      // Reading through a memory map saves copying pages for each FTS lookup.
      try db.execute(sql: "PRAGMA mmap_size = 268435456")
      // A bulk import grows the WAL to the size of the index; give the space back afterwards.
      try db.execute(sql: "PRAGMA journal_size_limit = 67108864")
    }
    return configuration
  }

  /// Checks the location before SQLite does, for errors that say what is wrong, then opens it.
  static func openPool(at path: String) throws(RepositoryIndexError) -> DatabasePool {
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
      String(describing: error)
    }
  }

  /// Translates any error at the index boundary.
  static func translate(_ error: any Error) -> RepositoryIndexError {
    if let error = error as? RepositoryIndexError { return error }
    return .storage(reason(error))
  }
}
