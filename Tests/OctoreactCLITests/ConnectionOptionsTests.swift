import ArgumentParser
import Testing

@testable import octoreact

/// `serve`'s connection limits are checked when the command line is read: a value out of range is refused
/// with its flag's name, so no server starts with a deadline that never fires or cannot be computed.
struct ConnectionOptionsTests {
  @Test(arguments: [
    (["--idle-timeout", "0"], "--idle-timeout must be between 0.001 and 86400 seconds"),
    (["--head-timeout", "86401"], "--head-timeout must be between 0.001 and 86400 seconds"),
    (["--body-timeout=-1"], "--body-timeout must be between 0.001 and 86400 seconds"),
    (["--write-timeout", "0"], "--write-timeout must be between 0.001 and 86400 seconds"),
    (["--live-idle-timeout", "119"], "--live-idle-timeout must be between 120 and 86400 seconds"),
    (["--max-connections", "0"], "--max-connections must be between 1 and 1000000"),
  ])
  func aLimitOutOfRangeIsRefusedWithItsFlag(arguments: [String], message: String) {
    #expect {
      try Octoreact.parseWithEnvironment(["serve"] + arguments, environment: [:])
    } throws: { error in
      Octoreact.message(for: error).contains(message)
    }
  }

  @Test func theDefaultsAreAccepted() throws {
    let serve = try #require(try Octoreact.parseWithEnvironment(["serve"], environment: [:]) as? Serve)
    #expect(serve.connections.idleTimeout == 60)
  }
}
