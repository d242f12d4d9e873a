import Clocks
import OctoreactCore
import OctoreactFeedback
import OctoreactTesting
import SearchFeature

/// A Search screen of one architecture with its fake server and virtual clock.
struct SearchFixture {
  let clock: TestClock<Duration>
  let server: FakeSearchServer
  let screen: any SearchScreen
  let recorder: StateRecorder<SearchReactor.State>

  init(_ architecture: SearchArchitecture, configure: (inout FakeSearchServer.Configuration) -> Void = { _ in }) {
    clock = TestClock()
    server = FakeSearchServer(clock: clock, configure: configure)
    screen = architecture.makeScreen(client: server.client)
    recorder = StateRecorder(screen.states, clock: clock)
  }

  var state: SearchReactor.State { screen.currentState }

  /// The screen's tasks whose work may still be running.
  var runningTaskCount: Int {
    switch screen {
    case let screen as ReactorSearchScreen: screen.store.runningTaskCount
    case let screen as FeedbackSearchScreen: screen.system.runningEffectCount
    default: fatalError("a screen of an unknown architecture")
    }
  }

  /// The virtual time since the fixture was made, as the recorder's timeline counts it.
  var elapsed: Duration { TestClock<Duration>.Instant().duration(to: clock.now) }

  func send(_ action: SearchReactor.Action) { screen.send(action) }

  /// Waits until the store's state satisfies `predicate` (checking the current state first) and
  /// returns it.
  @discardableResult
  func expectState(_ predicate: @escaping @Sendable (SearchReactor.State) -> Bool) async -> SearchReactor.State? {
    await whileTimeFlows { [screen] in
      for await state in screen.states where predicate(state) { return state }
      return nil
    }
  }

  /// Waits for `request` to reach the server, then advances the clock by `delay`, its answer time,
  /// and waits until the server has answered it.
  func answer(_ request: FakeSearchServer.Request, after delay: Duration = .milliseconds(200)) async {
    let answered = await server.waitForUnanswered(request)
    await clock.advance(by: delay)
    await whileTimeFlows { [server] in await server.waitForAnswers(of: request, count: answered + 1) }
  }

  /// Runs `operation` while the clock keeps waking the sleepers that are due, without moving its time.
  ///
  /// A sleeper that reaches a `TestClock` only after the clock was advanced to exactly its deadline
  /// waits for the next advance (the clock wakes sleepers only while advancing). The fake server's
  /// sleepers start in tasks of their own, so under load one can be that late; advancing by zero
  /// until `operation` ends wakes it, as a real clock's passing time would.
  private func whileTimeFlows<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T {
    await withTaskGroup(of: T?.self) { [clock] group in
      group.addTask { await operation() }
      group.addTask {
        while !Task.isCancelled { await clock.advance(by: .zero) }
        return nil
      }
      // The clock task gives `nil` and ends only when cancelled; the operation always ends (a
      // cancelled wait returns), and its result is the one that is not `nil`.
      for await case let result? in group {
        group.cancelAll()
        return result
      }
      fatalError("the operation's task always returns a result")
    }
  }

  /// Types `query` and lets its first page arrive.
  @discardableResult
  func search(_ query: String) async -> SearchReactor.State? {
    send(.updateQuery(query))
    await answer(.init(query, page: 1))
    return await expectState { $0.query == query && !$0.isLoading }
  }

  /// Lets an answer that must be dropped reach the screen: the store task that got it has only
  /// synchronous work left (return, `send`), which a yield of the clock lets finish.
  func letDroppedAnswerLand(_ request: FakeSearchServer.Request) async {
    await whileTimeFlows { [server] in await server.waitFor(.answered(request)) }
    await clock.advance(by: .zero)
  }

  /// Lets every request the store could still make reach the server and be answered: time passes
  /// far beyond every delay, so a request that should not have been made shows up in
  /// ``FakeSearchServer/requests``.
  func settle() async {
    await clock.advance(by: .zero)
    await clock.advance(by: .seconds(10))
  }
}
