import Clocks
import ScreenRecordings
import Testing
@testable import WebApp

/// ``LiveOutboxStateMachine`` step by step, and ``LiveOutbox`` sending to a page that takes its time.
@Suite(.timeLimit(.minutes(1)))
struct LiveOutboxTests {
  @Test func theFirstArrivalStartsOneSenderWhichStopsWhenNothingWaits() {
    var machine = LiveOutboxStateMachine<Int>()
    let starts = [machine.stateChanged(1), machine.stateChanged(2), machine.inspectorEventsWaiting()]
    #expect(starts == [true, false, false], "only the first arrival starts a sender")
    guard case .state(2, after: nil) = machine.next() else { Issue.record("expected the latest state"); return }
    guard case .inspectorEvents = machine.next() else { Issue.record("expected the events"); return }
    guard case .stop = machine.next() else { Issue.record("expected the sender to stop"); return }
    let restarts = machine.stateChanged(3)
    #expect(restarts, "an idle outbox starts a new sender")
    guard case .state(3, after: 2) = machine.next() else { Issue.record("expected 3 after 2"); return }
  }

  @Test func aClosedOutboxSendsNothingAndStartsNoSender() {
    var machine = LiveOutboxStateMachine<Int>()
    let started = machine.stateChanged(1)
    #expect(started)
    machine.close()
    guard case .stop = machine.next() else { Issue.record("a closed outbox sent"); return }
    let startsAfterClosing = [machine.stateChanged(2), machine.inspectorEventsWaiting()]
    #expect(startsAfterClosing == [false, false])
    guard case .stop = machine.next() else { Issue.record("a closed outbox sent"); return }
  }

  /// A page that takes each message only when the test lets it: the states made meanwhile are skipped but
  /// the latest, which is rendered after the one the page has.
  @Test func aSlowPageSkipsToTheLatestState() async {
    let page = SlowPage()
    let outbox = LiveOutbox<Int>(
      render: { "\($0) after \($1.map(String.init) ?? "none")" }, inspector: nil, executor: nil,
      send: page.take)
    var sent = page.arrivals.makeAsyncIterator()
    outbox.stateChanged(1)
    #expect(await sent.next() == "1 after none")
    outbox.stateChanged(2)
    outbox.stateChanged(3)
    await page.gate.open()
    #expect(await sent.next() == "3 after 1")
    await page.gate.open()
    outbox.stateChanged(4)
    #expect(await sent.next() == "4 after 3")
    await page.gate.open()
  }

  @Test func aFailedSendClosesTheOutbox() async {
    let attempts = AsyncStream<Int>.makeStream()
    let outbox = LiveOutbox<Int>(
      render: { state, _ in "\(state)" }, inspector: nil, executor: nil,
      send: { text in
        attempts.continuation.yield(Int(text) ?? 0)
        throw CancellationError()
      })
    var tried = attempts.stream.makeAsyncIterator()
    outbox.stateChanged(1)
    #expect(await tried.next() == 1)
    outbox.stateChanged(2)
    outbox.stateChanged(3)
    outbox.close()
    attempts.continuation.finish()
    #expect(await tried.next() == nil, "nothing was sent after the failure")
  }

  @Test func theInspectorsEventsGoOutWhenTheyStartWaiting() async {
    let page = SlowPage()
    let inspector = LiveInspector(clock: TestClock())
    inspector.report(InspectedEvent(lane: "action", text: "before the page"))
    let outbox = LiveOutbox<Int>(
      render: { state, _ in "\(state)" }, inspector: inspector, executor: nil, send: page.take)
    inspector.whenEventsWait { outbox.inspectorEventsWaiting() }
    var sent = page.arrivals.makeAsyncIterator()
    #expect(await sent.next()?.contains("before the page") == true)
    await page.gate.open()
    inspector.report(InspectedEvent(lane: "action", text: "later"))
    #expect(await sent.next()?.contains("later") == true)
    await page.gate.open()
  }
}

/// A page that reports each message as it arrives and takes it when the gate opens.
private final class SlowPage: Sendable {
  let arrivals: AsyncStream<String>
  private let arrival: AsyncStream<String>.Continuation
  let gate = Gate()

  init() {
    (arrivals, arrival) = AsyncStream.makeStream()
  }

  @Sendable func take(_ text: String) async throws {
    arrival.yield(text)
    await gate.pass()
  }
}

/// Lets one waiter pass per ``open()``.
private actor Gate {
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var opened = 0

  func pass() async {
    guard opened == 0 else {
      opened -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func open() {
    if waiting.isEmpty { opened += 1 } else { waiting.removeFirst().resume() }
  }
}
