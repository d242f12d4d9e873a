import ArgumentParser
import NIOCore

/// A failure the user can act on, printed as one line instead of a stack trace.
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Turns server start-up errors into sentences.
enum StartupError {
  static func describe(_ error: any Error, host: String, port: Int) -> String {
    if let error = error as? IOError, error.errnoCode == 98 || error.errnoCode == 48 {
      return "port \(port) on \(host) is already in use: stop the other server or choose another with --port"
    }
    if let error = error as? IOError, error.errnoCode == 13 {
      return "not allowed to listen on \(host):\(port): choose a port above 1023 with --port"
    }
    if let error = error as? IOError, error.errnoCode == 99 {
      return "cannot listen on \(host): it is not an address of this machine"
    }
    return "the server stopped: \(error)"
  }
}
