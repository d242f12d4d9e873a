@testable import OctoreactMVVM
import Testing

/// The rule of `LatestWork`, step by step: work and publications are names.
@Suite struct LatestWorkStateMachineTests {
  typealias Machine = LatestWorkStateMachine<String, String>

  @Test func theFirstWorkStartsAWorkerAndItsPublicationRunsAtOnce() {
    var machine = Machine()

    let action = machine.replace(publishing: "validating", with: "check a")

    #expect(action.publish == "validating")
    #expect(action.startsWorker == 1)
    #expect(!action.cancelsWorker)
    #expect(machine.publicationDone() == nil)
    #expect(machine.takeWork(worker: 1)?.work == "check a")
  }

  @Test func workReplacedBeforeTheWorkerTookItIsDroppedWithoutANewWorker() {
    var machine = Machine()
    _ = machine.replace(publishing: nil, with: "check a")

    let action = machine.replace(publishing: nil, with: "check ab")

    #expect(action.startsWorker == nil)  // the idle worker takes the newer work
    #expect(!action.cancelsWorker)
    #expect(machine.takeWork(worker: 1)?.work == "check ab")
  }

  @Test func workReplacedWhileRunningCancelsItsWorkerAndStartsAnother() {
    var machine = Machine()
    _ = machine.replace(publishing: nil, with: "check a")
    let running = machine.takeWork(worker: 1)

    let action = machine.replace(publishing: nil, with: "check ab")

    #expect(action.cancelsWorker)
    #expect(action.startsWorker == 2)
    // The cancelled worker's answer is refused, and it takes no more work.
    #expect(machine.publish("answer a", ifLatest: running!.generation) == nil)
    machine.workDone(worker: 1)
    #expect(machine.takeWork(worker: 1) == nil)
    #expect(machine.takeWork(worker: 2)?.work == "check ab")
  }

  @Test func anAnswerAcceptedBeforeANewerRequestIsPublishedBeforeThatRequestsOwnPublication() {
    var machine = Machine()
    _ = machine.replace(publishing: nil, with: "check a")
    let running = machine.takeWork(worker: 1)!

    // The worker's answer is accepted first and runs; while it runs, a newer request comes.
    #expect(machine.publish("answer a", ifLatest: running.generation) == "answer a")
    let newer = machine.replace(publishing: "validating ab", with: "check ab")
    #expect(newer.publish == nil)  // queued behind the answer that is running

    #expect(machine.publicationDone() == "validating ab")
    #expect(machine.publicationDone() == nil)
    #expect(!machine.isPublishing)
  }

  @Test func publicationsQueuedWhilePublishingRunInTheOrderTheyWereAccepted() {
    var machine = Machine()
    #expect(machine.replace(publishing: "one", with: nil).publish == "one")
    #expect(machine.replace(publishing: "two", with: nil).publish == nil)
    #expect(machine.replace(publishing: "three", with: nil).publish == nil)

    #expect(machine.publicationDone() == "two")
    #expect(machine.publicationDone() == "three")
    #expect(machine.publicationDone() == nil)
    #expect(machine.replace(publishing: "four", with: nil).publish == "four")
  }

  @Test func theWorkerEndsWhenTheMailboxIsEmpty() {
    var machine = Machine()
    _ = machine.replace(publishing: nil, with: "check a")
    _ = machine.takeWork(worker: 1)
    machine.workDone(worker: 1)

    #expect(machine.takeWork(worker: 1) == nil)
    #expect(!machine.hasWorker)
    #expect(machine.replace(publishing: nil, with: "check b").startsWorker == 2)
  }

  // `LatestWork` makes a worker's task after unlocking and keeps its handle only while the worker is
  // still current; otherwise nobody would cancel the task, so it cancels it itself.
  @Test func aWorkerReplacedBeforeItsTaskHandleIsStoredIsNoLongerCurrent() {
    var machine = Machine()
    let first = machine.replace(publishing: nil, with: "check a")
    #expect(first.startsWorker == 1)
    #expect(machine.isCurrentWorker(1))
    _ = machine.takeWork(worker: 1)

    // Newer work comes before worker 1's handle is stored: the handle is not there to cancel.
    let second = machine.replace(publishing: nil, with: "check ab")

    #expect(second.cancelsWorker)
    #expect(!machine.isCurrentWorker(1))
    #expect(machine.isCurrentWorker(2))
  }

  @Test func aWorkerThatEndedBeforeItsTaskHandleIsStoredIsNoLongerCurrent() {
    var machine = Machine()
    _ = machine.replace(publishing: nil, with: "check a")
    _ = machine.takeWork(worker: 1)
    machine.workDone(worker: 1)
    #expect(machine.isCurrentWorker(1))

    #expect(machine.takeWork(worker: 1) == nil)

    #expect(!machine.isCurrentWorker(1))
  }
}
