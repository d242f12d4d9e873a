import Foundation
import _ConnectionPoolModule
import PostgresNIO

extension PostgresPool {
  /// Translates postgres-nio's errors, whose descriptions say nothing ("PSQLError – Generic
  /// description…") to keep data out of logs, into errors that say what happened without data:
  /// SQLSTATE, the server's message (which names objects, never bound values), or the connection failure.
  static func translate(_ error: any Error) -> PostgresDatabaseError {
    switch error {
    case let error as PostgresDatabaseError:
      return error
    case let error as PSQLError:
      return translate(error)
    case let error as PostgresTransactionError:
      // What went wrong first: BEGIN, the body, or COMMIT.
      guard let first = error.beginError ?? error.closureError ?? error.commitError else {
        return .unavailable("the transaction failed")
      }
      return translate(first)
    case let error as ConnectionPoolError:
      switch error {
      case .poolShutdown: return .closed
      case .connectionCreationCircuitBreakerTripped: return .unavailable("connections to the server keep failing")
      default: return .unavailable("no connection (\(error))")
      }
    case is CancellationError:
      return .unavailable("the operation was cancelled")
    default:
      return .unavailable("\(type(of: error))")
    }
  }

  private static func translate(_ error: PSQLError) -> PostgresDatabaseError {
    guard error.code == .server, let info = error.serverInfo else {
      let underlying = error.underlying.map { ": \(bounded(String(describing: $0)))" } ?? ""
      return .unavailable("\(error.code)\(underlying)")
    }
    let sqlState = info[.sqlState] ?? "?????"
    let message = bounded(info[.message] ?? "no message")
    if sqlState == "23505" { return .uniqueViolation(constraint: info[.constraintName]) }
    if isUnavailable(sqlState) { return .unavailable("\(message) (SQLSTATE \(sqlState))") }
    return .server(sqlState: sqlState, message: message)
  }

  /// Connection exceptions (08), insufficient resources (53), a shutdown (57P01–57P03), a statement
  /// cancelled by `statement_timeout` (57014), authentication (28) and a missing database (3D000): the
  /// database cannot serve now, rather than refusing this statement.
  private static func isUnavailable(_ sqlState: String) -> Bool {
    ["08", "53", "28"].contains(String(sqlState.prefix(2))) || sqlState.hasPrefix("57P") || sqlState == "57014"
      || sqlState == "3D000"
  }

  /// At most 300 characters, one line.
  static func bounded(_ text: String) -> String {
    let line = text.replacingOccurrences(of: "\n", with: " ")
    return line.count > 300 ? String(line.prefix(300)) + "…" : line
  }
}
