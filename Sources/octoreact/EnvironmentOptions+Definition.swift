import ArgumentParser
import Foundation

extension EnvironmentOptions {
  /// A named option of a command, as the environment sets it.
  struct Option: Equatable {
    enum Kind: Equatable {
      /// An option taking a value, repeatable or not.
      case value(repeating: Bool)
      /// A flag, with the long name of its inversion (`no-github`) if it has one.
      case flag(inverted: String?)
    }

    /// The long name, such as `rate-limit`.
    var name: String
    /// Every long name (a flag's inversion included).
    var names: [String]
    var kind: Kind
  }

  /// The options of `command` that take a long name, but `--help` and `--version`.
  ///
  /// Read from swift-argument-parser's JSON help dump (`--experimental-dump-help`), which describes every
  /// option the parser knows, option groups included; its underscored entry point is the only one that
  /// exposes the definitions.
  static func options(of command: any ParsableCommand.Type) throws -> [Option] {
    struct Dump: Decodable {
      struct Command: Decodable { var arguments: [Argument]? }
      struct Argument: Decodable {
        struct Name: Decodable {
          var kind: String
          var name: String
        }
        var kind: String
        var isRepeating: Bool
        var names: [Name]?
      }
      var command: Command
    }
    let dump = try JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8))
    return (dump.command.arguments ?? []).compactMap { argument in
      let names = (argument.names ?? []).filter { $0.kind == "long" }.map(\.name)
      guard let name = names.first(where: { !$0.hasPrefix("no-") }) ?? names.first,
        !["help", "version", "experimental-dump-help"].contains(name)
      else { return nil }
      switch argument.kind {
      case "option": return Option(name: name, names: names, kind: .value(repeating: argument.isRepeating))
      case "flag": return Option(name: name, names: names, kind: .flag(inverted: names.first { $0 == "no-" + name }))
      default: return nil
      }
    }
  }
}
