import OctoreactCore
import SearchFeature
import SearchFeatureTesting
import Testing

/// `RepositorySearchClient.unimplemented()` fails the test that searches (Point-Free's
/// `unimplemented`), instead of showing a fake outage a test could pass over.
@Suite(.timeLimit(.minutes(1)))
struct UnimplementedSearchClientTests {
  @Test func anUnexpectedSearchRecordsAnIssueAtTheLineThatMadeTheDouble() async {
    let client = RepositorySearchClient.unimplemented()
    let line = #line - 1
    await withKnownIssue {
      do {
        _ = try await client.search("swift", 2)
        Issue.record("the double answered")
      } catch {
        #expect(error as? SearchFailure == .unavailable)
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [#"Unexpected request: RepositorySearchClient.search("swift", page: 2)"#]
        && issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
    }
  }

  /// The case the old double let through: the screen showed "unavailable" and a test that expected
  /// a failure there passed without noticing that a request was made.
  @Test func aScreenThatSearchesUnexpectedlyFailsTheTest() async {
    let store = ReactorStore(SearchReactor(client: .unimplemented()))
    await withKnownIssue {
      store.send(.updateQuery("swift"))
      for await state in store.states where !state.isLoading { break }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [#"Unexpected request: RepositorySearchClient.search("swift", page: 1)"#]
    }
  }

  @Test func aBlankQueryAsksNothingSoTheDoubleStaysSilent() {
    let store = ReactorStore(SearchReactor(client: .unimplemented()))
    store.send(.updateQuery("   "))
    #expect(store.currentState.query == "   ")
    #expect(!store.currentState.isLoading)
  }
}
