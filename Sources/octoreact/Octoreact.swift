import ArgumentParser
import Foundation

/// The `octoreact` command: `serve` (the default) runs the server.
@main
struct Octoreact: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "octoreact",
    abstract: "The GitHub Signup and Search examples of RxSwift/ReactorKit as Swift reactors behind a live web page.",
    version: OctoreactVersion.current,
    subcommands: [Serve.self, SearchCommand.self, IndexCommand.self, ReplayCommand.self],
    defaultSubcommand: Serve.self
  )

  /// Parses and runs as swift-argument-parser's own `main()` does, after refusing a mistyped subcommand
  /// (which the parser would take for arguments of the default `serve`).
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let message = UnknownSubcommand.message(for: arguments, root: Self.self) {
      exit(withError: ValidationError(message))
    }
    do {
      var command = try parseWithEnvironment(arguments, environment: ProcessInfo.processInfo.environment)
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }

  /// The commands whose options are also read from `OCTOREACT_*` variables: the server, which operators
  /// configure through its environment. The other commands are run by hand, and a variable such as
  /// `OCTOREACT_INDEX` would silently turn `search` from asking a server into reading a file.
  static let environmentCommands: [any ParsableCommand.Type] = [Serve.self]

  /// `parseAsRoot(arguments)`, with the options of an ``environmentCommands`` command that `arguments`
  /// does not give read from `environment` (``EnvironmentOptions``).
  static func parseWithEnvironment(_ arguments: [String], environment: [String: String]) throws
    -> any ParsableCommand
  {
    let subcommands = configuration.subcommands
    let name = arguments.first
    let command = subcommands.first { $0._commandName == name } ?? (name?.hasPrefix("-") != false ? Serve.self : nil)
    // Help and the version are answered whatever the environment holds.
    let asksForHelp = arguments.contains { ["-h", "--help", "--version", "--experimental-dump-help"].contains($0) }
    guard let command, environmentCommands.contains(where: { $0 == command }), !asksForHelp else {
      return try parseAsRoot(arguments)
    }
    let settings = try EnvironmentOptions.settings(for: command, given: arguments, environment: environment)
    do {
      return try parseAsRoot(EnvironmentOptions.arguments(arguments, adding: settings))
    } catch {
      throw EnvironmentOptions.attribute(error, arguments: arguments, settings: settings) { _ = try parseAsRoot($0) }
    }
  }
}
