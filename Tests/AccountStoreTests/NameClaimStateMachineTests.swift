import Testing
@testable import AccountStore

/// One signup per name at a time, the others in arrival order.
struct NameClaimStateMachineTests {
  @Test func aFreeNameProceedsAndAHeldOneWaits() {
    var machine = NameClaimStateMachine()
    let actions = [machine.claim("octocat", id: 0), machine.claim("octocat", id: 1), machine.claim("other", id: 2)]
    #expect(actions == [.proceed, .wait, .proceed])
    #expect(machine.heldCount == 2)
  }

  @Test func releasingHandsTheNameToTheOldestWaiterThenFreesIt() {
    var machine = NameClaimStateMachine()
    for id in 0..<3 { _ = machine.claim("octocat", id: id) }
    let handedTo = [machine.release("octocat"), machine.release("octocat"), machine.release("octocat")]
    #expect(handedTo == [1, 2, nil])
    #expect(machine.heldCount == 0)
    let again = machine.claim("octocat", id: 3)
    #expect(again == .proceed)
  }

  @Test func aCancelledWaiterIsNeverHandedTheName() {
    var machine = NameClaimStateMachine()
    for id in 0..<3 { _ = machine.claim("octocat", id: id) }
    let withdrawn = machine.cancelled("octocat", id: 1)
    let holderWithdrawn = machine.cancelled("octocat", id: 0)
    #expect(withdrawn && !holderWithdrawn)
    let handedTo = machine.release("octocat")
    #expect(handedTo == 2)
  }
}
