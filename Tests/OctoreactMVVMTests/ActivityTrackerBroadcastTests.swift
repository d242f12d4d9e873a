import ConcurrencyTestSupport
import OctoreactCore
import OctoreactMVVM
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ActivityTrackerBroadcastTests {
  @Test func theBroadcastIsSetToFalseAtOnceThenFollowsTheActivity() async {
    let isBusy = Broadcast(true)
    let tracker = ActivityTracker(reportingTo: isBusy)
    #expect(isBusy.value == false)
    let values = isBusy.values()

    await tracker.track {}

    #expect(await prefix(3, of: values) == [false, true, false])
  }

  /// The tracker used to send to its broadcast under its count's lock, and the broadcast called
  /// observers under its own: an observer reading the tracker crashed with "Recursive call to lock Mutex".
  @Test func anObserverOfTheBroadcastMayReadTheTracker() async {
    let isBusy = Broadcast(false)
    let tracker = ActivityTracker(reportingTo: isBusy)
    let seen = RuntimeLock<[String]>([])
    let observation = isBusy.observe { value in
      seen.withLock { $0.append("\(value) \(tracker.isRunning)") }
    }

    await tracker.track {}

    #expect(seen.withLock { $0 } == ["false false", "true true", "false false"])
    withExtendedLifetime(observation) {}
  }
}
