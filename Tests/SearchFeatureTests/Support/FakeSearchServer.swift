import Clocks
import OctoreactCore
import OctoreactMVVM
import SearchFeature

/// A repository search server that answers in virtual time: the test decides the pages of each
/// query, how long each answer takes, and which requests fail.
final class FakeSearchServer: Sendable {
  /// One request: a query and a page number.
  struct Request: Sendable, Hashable, CustomStringConvertible {
    let query: String
    let page: Int

    init(_ query: String, page: Int) {
      self.query = query
      self.page = page
    }

    var description: String { "\(query)#\(page)" }
  }

  enum Event: Sendable, Hashable {
    case asked(Request)
    case answered(Request)
  }

  struct Configuration: Sendable {
    /// Every page of each query's results, in order; a query not listed has one empty page.
    var pages: [String: [[Repository]]] = [:]
    /// `total_count` per query; the number of repositories on all its pages otherwise.
    var totalCounts: [String: Int] = [:]
    /// Queries whose pages say `incomplete_results`.
    var incomplete: Set<String> = []
    var delays: [Request: Duration] = [:]
    var defaultDelay: Duration = .milliseconds(200)
    /// Failures for the next requests of a page, in order: each one answers one request.
    var failures: [Request: [SearchFailure]] = [:]
    /// Delays for the next requests, whatever they ask, in order, before `delays` and `defaultDelay`.
    var callDelays: [Duration] = []
    /// Outcomes for the next requests, whatever they ask, in order (`nil`: answer with the page),
    /// before `failures`.
    var callFailures: [SearchFailure?] = []
    /// Answers even when the request was cancelled, as a server that has already sent its answer
    /// would: the runtime must be the one that drops it.
    var ignoresCancellation = true
  }

  private let configuration: RuntimeLock<Configuration>
  let events = Broadcast<[Event]>([])
  let clock: TestClock<Duration>

  init(clock: TestClock<Duration>, configure: (inout Configuration) -> Void = { _ in }) {
    var configuration = Configuration()
    configure(&configuration)
    self.configuration = RuntimeLock(configuration)
    self.clock = clock
  }

  var client: RepositorySearchClient {
    RepositorySearchClient { [self] query, page throws(SearchFailure) in try await search(query, page: page) }
  }

  /// Every request made so far, in order.
  var requests: [Request] {
    events.value.compactMap { if case .asked(let request) = $0 { request } else { nil } }
  }

  /// Waits until `event` has happened.
  func waitFor(_ event: Event) async {
    for await log in events.values() where log.contains(event) { return }
  }

  /// Waits until a request for `request` is unanswered, and returns how many were answered before.
  @discardableResult
  func waitForUnanswered(_ request: Request) async -> Int {
    for await log in events.values() {
      let asked = log.count(where: { $0 == .asked(request) })
      let answered = log.count(where: { $0 == .answered(request) })
      if asked > answered { return answered }
    }
    return 0
  }

  /// Waits until `request` has been answered `count` times.
  func waitForAnswers(of request: Request, count: Int) async {
    for await log in events.values() where log.count(where: { $0 == .answered(request) }) >= count { return }
  }

  private func search(_ query: String, page: Int) async throws(SearchFailure) -> SearchPage {
    let request = Request(query, page: page)
    let (config, delay, failure) = configuration.withLock { config in
      let delay = config.callDelays.isEmpty ? nil : config.callDelays.removeFirst()
      let failure: SearchFailure? =
        if !config.callFailures.isEmpty {
          config.callFailures.removeFirst()
        } else if config.failures[request]?.isEmpty == false {
          config.failures[request]?.removeFirst()
        } else {
          nil
        }
      return (config, delay, failure)
    }
    // The deadline is fixed when the request is recorded, so a test that advances the clock right
    // after seeing the request gets the answer at the time it expects, whether or not the sleeper
    // has reached the clock yet.
    let deadline = clock.now.advanced(by: delay ?? config.delays[request] ?? config.defaultDelay)
    record(.asked(request))
    if config.ignoresCancellation {
      // An unstructured task is not cancelled with its caller: the answer arrives all the same.
      await Task { [clock] in try? await clock.sleep(until: deadline) }.value
    } else {
      do {
        try await clock.sleep(until: deadline)
      } catch {
        // Cancelled: the failure a live client reports for an aborted request.
        record(.answered(request))
        throw .unavailable
      }
    }
    record(.answered(request))
    if let failure { throw failure }
    let pages = config.pages[query] ?? [[]]
    let repositories = page <= pages.count ? pages[page - 1] : []
    return SearchPage(
      repositories: repositories,
      totalCount: config.totalCounts[query] ?? pages.joined().count,
      incompleteResults: config.incomplete.contains(query),
      nextPage: page < pages.count ? page + 1 : nil
    )
  }

  private func record(_ event: Event) {
    events.update { $0.append(event) }
  }
}

extension Repository {
  /// A repository whose fields follow from its id: `owner/<name>-<id>`.
  static func fixture(_ id: Int64, name: String = "repo") -> Repository {
    Repository(
      id: id,
      fullName: "owner/\(name)-\(id)",
      htmlURL: "https://github.com/owner/\(name)-\(id)",
      description: "Repository \(id)",
      stargazersCount: Int(id),
      language: "Swift"
    )
  }
}

extension [Repository] {
  /// Repositories `ids`, as one page.
  static func page(_ ids: ClosedRange<Int64>) -> [Repository] {
    ids.map { Repository.fixture($0) }
  }
}
