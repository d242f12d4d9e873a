import ArgumentParser

/// The `octoreact` command: `serve` (the default) runs the server.
@main
struct Octoreact: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "octoreact",
    abstract: "The GitHub Signup and Search examples of RxSwift/ReactorKit as Swift reactors behind a live web page.",
    version: OctoreactVersion.current,
    subcommands: [Serve.self, SearchCommand.self, IndexCommand.self],
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
      var command = try parseAsRoot(arguments)
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }
}
