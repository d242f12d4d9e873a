import ArgumentParser

/// The `octoreact` command: `serve` (the default) runs the server.
@main
struct Octoreact: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "octoreact",
    abstract: "The GitHub Signup and Search examples of RxSwift/ReactorKit as Swift reactors behind a live web page.",
    subcommands: [Serve.self, SearchCommand.self, IndexCommand.self],
    defaultSubcommand: Serve.self
  )
}
