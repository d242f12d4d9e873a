/// The one request the Search screen makes: a page of the repositories matching a query.
///
/// A struct of closures, like `SignupAPI`, so each front end and test supplies its own: the live
/// adapter talks to GitHub or Octoreact's own index, tests answer in virtual time, and
/// `RepositorySearchClient.unimplemented()` (module `SearchFeatureTesting`, for tests only) fails the
/// test that makes a request it did not expect.
///
/// The closure throws only ``SearchFailure``: the adapter decides, once, what a rate limit, a rejected
/// query or a broken connection is, and the reactor stores that value as it is.
///
/// For example, a client that knows one repository and answers after 100 ms of the given clock:
///
/// ```swift
/// let client = RepositorySearchClient { query, page throws(SearchFailure) in
///   do { try await clock.sleep(for: .milliseconds(100)) } catch { throw .unavailable }
///   let swift = Repository(id: 44838949, fullName: "apple/swift", htmlURL: "https://github.com/apple/swift")
///   return SearchPage(repositories: query == "swift" ? [swift] : [], totalCount: 1, nextPage: nil)
/// }
/// ```
///
/// **Cancellation.** When a newer query replaces a request, its task is cancelled; the client should
/// return promptly (throwing anything, typically ``SearchFailure/unavailable``). Whatever it returns
/// afterwards is dropped by the runtime, so a client that ignores cancellation is slow, never wrong.
public struct RepositorySearchClient: Sendable {
  /// Page `page` (counted from 1) of the repositories matching `query`, a non-blank search text.
  public var search: @Sendable (_ query: String, _ page: Int) async throws(SearchFailure) -> SearchPage

  public init(search: @escaping @Sendable (_ query: String, _ page: Int) async throws(SearchFailure) -> SearchPage) {
    self.search = search
  }
}
