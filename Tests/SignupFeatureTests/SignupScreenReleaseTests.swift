import Clocks
import SignupFeature
import Testing

/// A screen let go by its owner (a closed WebSocket, a dismissed view) must end all of its work and
/// release everything it holds: a server keeps one screen per connection for as long as it runs.
@Suite(.timeLimit(.minutes(1)))
struct SignupScreenReleaseTests {
  @Test(arguments: SignupArchitecture.allCases)
  func aDroppedScreenReleasesItsWorkAndDependencies(_ architecture: SignupArchitecture) async {
    let clock = TestClock()
    let (released, markReleased) = AsyncStream.makeStream(of: Void.self)
    var screen: (any SignupScreen)? = await makeScreen(architecture, clock: clock, marker: ReleaseMarker { markReleased.yield() })

    // Leave work in flight in every pipeline: a signup answered with its prompt still on screen, and
    // a newer username whose availability check waits on the clock.
    screen?.send(.usernameChanged("newbie"))
    screen?.send(.passwordChanged("secret1"))
    screen?.send(.repeatedPasswordChanged("secret1"))
    await waitForScreen(screen) { $0.isSignupEnabled }
    screen?.send(.signup)
    await waitForScreen(screen) { $0.alert != nil }
    screen?.send(.usernameChanged("newbie2"))
    await waitForScreen(screen) { $0.username == .validating }

    screen = nil

    // The marker lives in the API's closures: it is released only once no task, stream or
    // subscription of the screen still holds the validation service.
    var iterator = released.makeAsyncIterator()
    await iterator.next()
  }

  @Test(arguments: SignupArchitecture.allCases)
  func manyScreensOpenedAndDroppedAreAllReleased(_ architecture: SignupArchitecture) async {
    let clock = TestClock()
    let count = 50
    let (released, markReleased) = AsyncStream.makeStream(of: Void.self)
    for index in 0..<count {
      let screen = await makeScreen(architecture, clock: clock, marker: ReleaseMarker { markReleased.yield() })
      screen.send(.usernameChanged("user\(index)"))
      screen.send(.passwordChanged("pw"))
      await waitForScreen(screen) { $0.username == .validating }
    }
    var releasedCount = 0
    for await _ in released {
      releasedCount += 1
      if releasedCount == count { break }
    }
    #expect(releasedCount == count)
  }

  private func makeScreen(
    _ architecture: SignupArchitecture,
    clock: TestClock<Duration>,
    marker: ReleaseMarker
  ) async -> any SignupScreen {
    let api = SignupAPI(
      // "newbie" is free at once; any other name's check waits on the clock until cancelled.
      usernameAvailable: { name in
        marker.touch()
        if name != "newbie" { try await clock.sleep(for: .seconds(3600)) }
        return true
      },
      signup: { name, _ in
        marker.touch()
        return .created(username: name)
      }
    )
    return await architecture.makeScreen(validation: ValidationService(api: api))
  }

  private func waitForScreen(
    _ screen: (any SignupScreen)?,
    until predicate: (SignupScreenState) -> Bool
  ) async {
    guard let screen else { return }
    for await state in screen.states where predicate(state) { return }
  }
}

/// Calls its handler when deallocated; captured by the closures whose release a test checks.
private final class ReleaseMarker: Sendable {
  private let onRelease: @Sendable () -> Void
  init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
  deinit { onRelease() }
  /// Gives closures a use of the marker, so they capture it.
  func touch() {}
}
