import Foundation

/// Where Octoreact keeps its data by default: the platform's per-user data folder.
enum DataDirectory {
  /// `$XDG_DATA_HOME/octoreact/octoreact.sqlite`, `~/.local/share/octoreact/…` on Linux;
  /// `~/Library/Application Support/Octoreact/…` on macOS.
  static var defaultDatabasePath: String {
    #if os(macOS)
      let base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Library/Application Support")
      return base.appendingPathComponent("Octoreact/octoreact.sqlite").path
    #else
      let environment = ProcessInfo.processInfo.environment
      let base =
        environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
      return base.appendingPathComponent("octoreact/octoreact.sqlite").path
    #endif
  }
}
