import ConcurrencyTestSupport
import OctoreactCore
import Testing

private struct Failure: Error {}

@Suite(.timeLimit(.minutes(1)))
struct ActivityTrackerTests {
  @Test func isNotRunningBeforeAnyWork() async {
    let tracker = ActivityTracker()

    #expect(!tracker.isRunning)
    #expect(await prefix(1, of: tracker.isActive) == [false])
  }

  @Test func isActiveGoesFalseTrueFalseAroundTrackedWork() async {
    let tracker = ActivityTracker()
    let activity = tracker.isActive
    let probe = Probe<String>()
    let gate = Gate()

    let work = Task {
      await tracker.track {
        probe.record("working")
        await gate.wait()
      }
    }
    await probe.wait(for: "working")
    #expect(tracker.isRunning)

    gate.open()
    await work.value
    #expect(!tracker.isRunning)
    #expect(await prefix(3, of: activity) == [false, true, false])
  }

  @Test func overlappingWorkIsReportedAsOneActivity() async {
    let tracker = ActivityTracker()
    let activity = tracker.isActive
    let probe = Probe<String>()
    let first = Gate()
    let second = Gate()

    let firstWork = Task {
      await tracker.track {
        probe.record("first")
        await first.wait()
      }
    }
    let secondWork = Task {
      await tracker.track {
        probe.record("second")
        await second.wait()
      }
    }
    await probe.wait(for: "first")
    await probe.wait(for: "second")

    first.open()
    await firstWork.value
    #expect(tracker.isRunning)

    second.open()
    await secondWork.value
    #expect(!tracker.isRunning)

    // Later work shows that nothing came between the overlapping work's `true` and `false`.
    await tracker.track {}
    #expect(await prefix(5, of: activity) == [false, true, false, true, false])
  }

  @Test func trackReturnsTheWorkResult() async {
    let tracker = ActivityTracker()

    let answer = await tracker.track { 42 }

    #expect(answer == 42)
    #expect(!tracker.isRunning)
  }

  @Test func failingWorkStopsCountingAndRethrows() async {
    let tracker = ActivityTracker()
    let activity = tracker.isActive

    await #expect(throws: Failure.self) {
      try await tracker.track { throw Failure() }
    }

    #expect(!tracker.isRunning)
    #expect(await prefix(3, of: activity) == [false, true, false])
  }

  @Test func lateObserverSeesTheCurrentActivity() async {
    let tracker = ActivityTracker()
    let probe = Probe<String>()
    let gate = Gate()
    let work = Task {
      await tracker.track {
        probe.record("working")
        await gate.wait()
      }
    }
    await probe.wait(for: "working")

    let activity = tracker.isActive
    gate.open()
    await work.value

    #expect(await prefix(2, of: activity) == [true, false])
  }
}
