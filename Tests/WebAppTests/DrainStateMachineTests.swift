import Synchronization
import Testing
@testable import WebApp

/// ``DrainStateMachine``, step by step, and ``DrainState`` running its sessions' `goAway` actions.
struct DrainStateMachineTests {
  @Test func drainingSendsAwayEveryRegisteredSessionOnceInOrder() {
    var machine = DrainStateMachine<String>()
    guard case .registered(let first) = machine.register("first"),
      case .registered = machine.register("second"),
      case .registered = machine.register("third")
    else { Issue.record("a session was refused while serving"); return }
    machine.unregister(first)
    #expect(!machine.isDraining)
    #expect(machine.beginDraining() == ["second", "third"])
    #expect(machine.isDraining)
    #expect(machine.sessionCount == 0)
    #expect(machine.beginDraining() == [], "draining starts once")
  }

  @Test func aSessionArrivingWhileDrainingIsSentAwayAtOnce() {
    var machine = DrainStateMachine<String>()
    _ = machine.beginDraining()
    guard case .goAwayNow = machine.register("late") else { Issue.record("a late session was kept"); return }
    #expect(machine.sessionCount == 0)
  }

  @Test func unregisteringAfterDrainingIsHarmless() {
    var machine = DrainStateMachine<String>()
    guard case .registered(let id) = machine.register("page") else { Issue.record("refused"); return }
    #expect(machine.beginDraining() == ["page"])
    machine.unregister(id)
    #expect(machine.sessionCount == 0)
  }

  /// `beginDraining()` returns only after every entered connection's `goAway` has run; one that left is
  /// not sent away; one entering afterwards is sent away at once.
  @Test func drainStateSendsAwayTheConnectionsStillThere() async {
    let drain = DrainState()
    let wentAway = Recorder()
    drain.leave(await drain.enter { wentAway.append("ended") })
    let running = await drain.enter { wentAway.append("running") }
    await drain.beginDraining()
    #expect(drain.isDraining)
    #expect(wentAway.names == ["running"])
    drain.leave(running)
    let late = await drain.enter { wentAway.append("late") }
    #expect(wentAway.names == ["running", "late"])
    drain.leave(late)
  }
}

/// The names of the sessions sent away, in order.
private final class Recorder: Sendable {
  private let state = Mutex<[String]>([])
  var names: [String] { state.withLock { $0 } }
  func append(_ name: String) { state.withLock { $0.append(name) } }
}
