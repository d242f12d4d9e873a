import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The standard streams as the command line sees them: whether each is a terminal, and how wide standard output is.
enum Terminal {
  /// Whether standard output is a terminal (not a pipe or a file).
  static var isStandardOutputATerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Whether standard error is a terminal, so progress can be drawn on it.
  static var isStandardErrorATerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// The width of standard output in columns: `COLUMNS` when set, else the terminal's, else 80.
  static var width: Int {
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
      return columns
    }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return 80
  }

  /// Writes `text` to standard error at once, unbuffered.
  static func writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
