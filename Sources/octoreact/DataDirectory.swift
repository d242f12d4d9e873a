import Foundation

/// Where Octoreact keeps its data by default: the platform's per-user data folder.
enum DataDirectory {
  /// The account database: `octoreact.sqlite` in ``folder``.
  static var defaultDatabasePath: String { folder.appendingPathComponent("octoreact.sqlite").path }

  /// The repository index: `repositories.sqlite` in ``folder``.
  static var defaultIndexPath: String { folder.appendingPathComponent("repositories.sqlite").path }

  /// `$XDG_DATA_HOME/octoreact`, `~/.local/share/octoreact` on Linux; `~/Library/Application
  /// Support/Octoreact` on macOS.
  static var folder: URL {
    #if os(macOS)
      let base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Library/Application Support")
      return base.appendingPathComponent("Octoreact")
    #else
      let environment = ProcessInfo.processInfo.environment
      let base =
        environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
      return base.appendingPathComponent("octoreact")
    #endif
  }
}
