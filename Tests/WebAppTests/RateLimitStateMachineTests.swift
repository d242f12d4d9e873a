import Testing
@testable import WebApp

/// The fixed-window counting behind every budget, in chosen time.
struct RateLimitStateMachineTests {
  let start = 1_700_000_000

  @Test func allowsTheLimitThenRefusesUntilTheWindowEnds() {
    var machine = RateLimitStateMachine(limit: 3, windowSeconds: 60, capacity: 10)
    let decisions = (0..<4).map { machine.take(client: "a", now: start + $0) }
    #expect(decisions.map(\.isAllowed) == [true, true, true, false])
    #expect(decisions.map(\.remaining) == [2, 1, 0, 0])
    #expect(decisions.map(\.used) == [1, 2, 3, 3])
    #expect(Set(decisions.map(\.reset)) == [start + 60])
    #expect(decisions[3].retryAfter(now: start + 3) == 57)
    #expect(!machine.take(client: "a", now: start + 59).isAllowed)
    let renewed = machine.take(client: "a", now: start + 60)
    #expect(renewed.isAllowed && renewed.remaining == 2 && renewed.reset == start + 120)
  }

  @Test func retryAfterIsAtLeastOneSecond() {
    var machine = RateLimitStateMachine(limit: 1, windowSeconds: 1, capacity: 10)
    _ = machine.take(client: "a", now: start)
    let refused = machine.take(client: "a", now: start)
    #expect(!refused.isAllowed)
    #expect(refused.retryAfter(now: start + 5) == 1)
  }

  @Test func countsEachClientApart() {
    var machine = RateLimitStateMachine(limit: 1, windowSeconds: 60, capacity: 10)
    #expect(machine.take(client: "a", now: start).isAllowed)
    #expect(!machine.take(client: "a", now: start).isAllowed)
    #expect(machine.take(client: "b", now: start).isAllowed)
  }

  @Test func aScanOfManyAddressesKeepsTheTableWithinItsCapacity() {
    var machine = RateLimitStateMachine(limit: 5, windowSeconds: 3600, capacity: 100)
    var largest = 0
    for address in 0..<100_000 {
      let client = "10.\(address / 65536).\(address / 256 % 256).\(address % 256)"
      _ = machine.take(client: client, now: start + address / 1000)
      largest = max(largest, machine.count)
    }
    #expect(largest == 100)
    #expect(machine.pendingStarts <= 200)
  }

  @Test func theWindowThatStartedFirstIsForgottenFirst() {
    var machine = RateLimitStateMachine(limit: 1, windowSeconds: 3600, capacity: 2)
    _ = machine.take(client: "a", now: start)
    _ = machine.take(client: "b", now: start + 1)
    _ = machine.take(client: "c", now: start + 2)   // forgets a
    #expect(!machine.take(client: "b", now: start + 3).isAllowed)
    #expect(!machine.take(client: "c", now: start + 3).isAllowed)
    #expect(machine.take(client: "a", now: start + 3).isAllowed)   // a new window, forgets b
    #expect(machine.take(client: "b", now: start + 4).isAllowed)
  }

  @Test func aRenewedWindowIsNotForgottenForItsOldStart() {
    var machine = RateLimitStateMachine(limit: 1, windowSeconds: 10, capacity: 2)
    _ = machine.take(client: "a", now: start)
    _ = machine.take(client: "b", now: start + 5)
    _ = machine.take(client: "a", now: start + 10)   // a's window renews: b is now the oldest
    _ = machine.take(client: "c", now: start + 11)   // forgets b, not a
    #expect(!machine.take(client: "a", now: start + 12).isAllowed)
    #expect(machine.take(client: "b", now: start + 12).isAllowed)
  }

  @Test func clientsRenewingForeverKeepTheBookkeepingBounded() {
    var machine = RateLimitStateMachine(limit: 1, windowSeconds: 1, capacity: 1000)
    for second in 0..<50_000 { _ = machine.take(client: "client-\(second % 3)", now: start + second) }
    #expect(machine.count == 3)
    #expect(machine.pendingStarts <= 32)
  }
}
