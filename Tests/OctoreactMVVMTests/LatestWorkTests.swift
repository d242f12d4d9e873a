import ConcurrencyTestSupport
import OctoreactCore
import OctoreactMVVM
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1)))
struct LatestWorkTests {
  @Test func aPublicationRunsBeforeReplaceReturnsWhenNobodyPublishes() {
    let work = LatestWork()
    let seen = RuntimeLock<[String]>([])

    work.replace(publishing: { seen.withLock { $0.append("validating") } })

    #expect(seen.withLock { $0 } == ["validating"])
  }

  /// Publications used to run under the lock that accepts newer work: one that replaced the work
  /// (a result whose observer starts the next request) crashed with "Recursive call to lock Mutex".
  @Test func aPublicationMayReplaceTheWorkAndItsOwnPublicationRunsAfterIt() {
    let work = LatestWork()
    let log = CallLog<String>()

    work.replace(publishing: {
      log.call("first") {
        work.replace(publishing: { log.call("second") })
      }
    })

    #expect(log.values == ["first", "second"])
    #expect(!log.overlapped)
  }

  @Test func onlyTheLatestWorkPublishesItsAnswer() async {
    let work = LatestWork()
    let answers = RuntimeLock<[String]>([])
    let probe = Probe<String>()
    let gate = Gate()

    work.replace(with: { ticket in
      probe.record("old started")
      await gate.wait()  // ignores cancellation, as a slow request may
      ticket.ifLatest { answers.withLock { $0.append("old") } }
      probe.record("old ended")
    })
    await probe.wait(for: "old started")
    work.replace(with: { ticket in
      ticket.ifLatest { answers.withLock { $0.append("new") } }
      probe.record("new ended")
    })
    await probe.wait(for: "new ended")
    gate.open()
    await probe.wait(for: "old ended")

    #expect(answers.withLock { $0 } == ["new"])
  }
}
