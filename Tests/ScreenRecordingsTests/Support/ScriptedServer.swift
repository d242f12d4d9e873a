import Clocks
import OctoreactCore
import SearchFeature
import SignupFeature

/// The outside world of a recorded session, in virtual time: each request is answered at a fixed
/// time after it was made, and the script waits for a request before moving the clock past it.
final class ScriptedServer: Sendable {
  let clock: TestClock<Duration>
  private let requests = RuntimeLock<(count: Int, waiters: [(Int, CheckedContinuation<Void, Never>)])>((0, []))

  init(clock: TestClock<Duration>) { self.clock = clock }

  /// Records a request, then sleeps `delay` from the moment it was made.
  func answer(after delay: Duration) async throws {
    let deadline = clock.now.advanced(by: delay)
    let ready = requests.withLock { requests in
      requests.count += 1
      let count = requests.count
      let ready = requests.waiters.filter { $0.0 <= count }
      requests.waiters.removeAll { $0.0 <= count }
      return ready
    }
    for (_, waiter) in ready { waiter.resume() }
    try await clock.sleep(until: deadline)
  }

  /// Returns once `count` requests have been made.
  func waitForRequests(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let isDone = requests.withLock { requests in
        if requests.count >= count { return true }
        requests.waiters.append((count, continuation))
        return false
      }
      if isDone { continuation.resume() }
    }
  }

  /// Usernames: taken ones answer `false`, `failing` ones throw, after 200 ms; signups take 1 s and
  /// fail when `signupFails`.
  func signupAPI(taken: Set<String> = ["octocat"], failing: Set<String> = [], signupFails: Bool = false) -> SignupAPI {
    SignupAPI(
      usernameAvailable: { [self] name in
        try await answer(after: .milliseconds(200))
        if failing.contains(name) { throw ScriptedFailure() }
        return !taken.contains(name)
      },
      signup: { [self] name, _ in
        try await answer(after: .seconds(1))
        if signupFails { throw ScriptedFailure() }
        return .created(username: name)
      }
    )
  }

  /// Two pages of `swift` after 300 ms each; any other query fails as unavailable.
  func searchClient() -> RepositorySearchClient {
    RepositorySearchClient { [self] query, page throws(SearchFailure) in
      do { try await answer(after: .milliseconds(300)) } catch { throw .unavailable }
      guard query == "swift" else { throw .unavailable }
      let repositories = (1...3).map { index in
        let number = (page - 1) * 3 + index
        return Repository(
          id: Int64(number), fullName: "swift/repo\(number)", htmlURL: "https://github.com/swift/repo\(number)",
          stargazersCount: 100 - number, language: "Swift")
      }
      return SearchPage(repositories: repositories, totalCount: 6, nextPage: page < 2 ? page + 1 : nil)
    }
  }
}

struct ScriptedFailure: Error {}
