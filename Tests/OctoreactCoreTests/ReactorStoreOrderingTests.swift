import ConcurrencyTestSupport
import Clocks
import OctoreactCore
import OctoreactTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ReactorStoreOrderingTests {
  // MARK: - Synchronous effects

  @Test func synchronousMutationsAreAppliedBeforeSendReturns() {
    let store = ReactorStore(LogReactor { action, _ in .concat(.just("\(action).1"), .just("\(action).2")) })

    store.send("a")
    #expect(store.currentState == ["a.1", "a.2"])

    store.send("b")
    #expect(store.currentState == ["a.1", "a.2", "b.1", "b.2"])
  }

  @Test func mergeOfSynchronousEffectsIsAppliedBeforeSendReturns() {
    let store = ReactorStore(LogReactor { action, _ in .merge(.just("\(action).1"), .none, .just("\(action).2")) })

    store.send("a")

    #expect(store.currentState == ["a.1", "a.2"])
  }

  @Test func mutateSeesTheStateLeftByThePreviousAction() {
    let store = ReactorStore(LogReactor { action, state in .just("\(action) after \(state.count)") })

    store.send("a")
    store.send("b")

    #expect(store.currentState == ["a after 0", "b after 1"])
  }

  // MARK: - Asynchronous effects

  @Test func concatAppliesLeadingSynchronousStepsAtOnceAndTheRestInOrder() async {
    let clock = TestClock()
    let gate = Gate()
    let store = ReactorStore(LogReactor { _, _ in
      .concat(
        .just("1"),
        .run { send in
          await gate.wait()
          send("2")
        },
        .just("3"),
        .run { send in send("4") }
      )
    })
    let recorder = store.record(clock: clock)

    store.send("go")
    #expect(store.currentState == ["1"])

    gate.open()
    await recorder.waitFor { $0.count == 4 }
    #expect(store.currentState == ["1", "2", "3", "4"])
    #expect(recorder.values == [[], ["1"], ["1", "2"], ["1", "2", "3"], ["1", "2", "3", "4"]])
  }

  @Test func concatStartsEachAsynchronousStepOnlyAfterThePreviousOneFinished() async {
    let clock = TestClock()
    let probe = Probe<String>()
    let store = ReactorStore(LogReactor { _, _ in
      .concat(
        .run { send in
          probe.record("slow sleeping")
          try? await clock.sleep(for: .milliseconds(100))
          send("slow")
        },
        .run { send in send("fast") }
      )
    })
    let recorder = store.record(clock: clock)

    store.send("go")
    await probe.wait(for: "slow sleeping")
    await clock.waitForSleeper()
    #expect(store.currentState == [])

    await clock.advance(by: .milliseconds(100))
    await recorder.waitFor { $0.count == 2 }
    #expect(store.currentState == ["slow", "fast"])
  }

  @Test func mergeRunsAsynchronousStepsSideBySide() async {
    let clock = TestClock()
    let probe = Probe<String>()
    let store = ReactorStore(LogReactor { _, _ in
      .merge(
        .run { send in
          probe.record("slow sleeping")
          try? await clock.sleep(for: .milliseconds(100))
          send("slow")
        },
        .run { send in send("fast") }
      )
    })
    let recorder = store.record(clock: clock)

    store.send("go")
    await recorder.waitFor { $0 == ["fast"] }
    await probe.wait(for: "slow sleeping")
    await clock.waitForSleeper()

    await clock.advance(by: .milliseconds(100))
    await recorder.waitFor { $0.count == 2 }
    #expect(store.currentState == ["fast", "slow"])
  }

  @Test func mutationsOfOneEffectAreAppliedInTheOrderItSendsThem() async {
    let clock = TestClock()
    let store = ReactorStore(LogReactor { _, _ in
      .run { send in
        for index in 0..<100 { send("\(index)") }
      }
    })
    let recorder = store.record(clock: clock)

    store.send("go")

    await recorder.waitFor { $0.count == 100 }
    #expect(store.currentState == (0..<100).map { "\($0)" })
  }

  @Test func taskEffectAppliesItsSingleMutation() async {
    let clock = TestClock()
    let store = ReactorStore(LogReactor { action, _ in .task { "answer to \(action)" } })
    let recorder = store.record(clock: clock)

    store.send("question")

    #expect(await recorder.waitFor { !$0.isEmpty } == ["answer to question"])
  }

  // MARK: - Re-entrant sends

  @Test func reentrantSendsFromMutateAndReduceAreProcessedAfterTheCurrentActionInOrder() {
    let box = StoreBox<LogReactor>()
    var reactor = LogReactor { action, _ in
      if action == "trigger" {
        box.send("a")
        box.send("b")
      }
      return .just(action)
    }
    reactor.onReduce = { mutation in
      if mutation == "a" { box.send("c") }
    }
    let store = box.hold(ReactorStore(reactor))

    store.send("trigger")

    // The re-entrant actions are queued behind the current one (whose mutation lands first), and
    // the drain that `send` runs processes them all before it returns.
    #expect(store.currentState == ["trigger", "a", "b", "c"])
  }

  @Test func reentrantSendFromTransformActionIsProcessedAfterTheCurrentAction() {
    let box = StoreBox<LogReactor>()
    var reactor = LogReactor()
    reactor.onTransformAction = { action in
      if action == "trigger" { box.send("echo") }
    }
    let store = box.hold(ReactorStore(reactor))

    store.send("trigger")
    store.send("next")

    #expect(store.currentState == ["trigger", "echo", "next"])
  }

  @Test func reentrantSendsCascadeWithoutLosingAny() {
    let box = StoreBox<LogReactor>()
    let store = box.hold(
      ReactorStore(LogReactor { action, _ in
        // Each action sends the next two numbers until 50: a wide, deep cascade.
        if let number = Int(action), number < 50 {
          box.send("\(2 * number)")
          box.send("\(2 * number + 1)")
        }
        return .just(action)
      })
    )

    store.send("1")

    // Breadth first, as a queue processes it: 1, 2, 3, 4, 5, …, 99.
    #expect(store.currentState == (1..<100).map { "\($0)" })
  }

  @Test func reentrantSendFromAnAsynchronousMutationIsProcessedBeforeTheDeliveryReturns() async {
    let box = StoreBox<LogReactor>()
    let probe = Probe<[String]>()
    // The task delivers only after `send("go")` has returned: then nobody else drains, and its
    // delivery drains the store itself (while the test thread drained, it would only be queued).
    let sendReturned = Gate()
    var reactor = LogReactor { action, _ in
      guard action == "go" else { return .just(action) }
      return .run { send in
        await sendReturned.wait()
        send("async")
        // `send` drained the queue: the action sent from `reduce` has been processed too.
        probe.record(box.store?.currentState ?? [])
      }
    }
    reactor.onReduce = { mutation in
      if mutation == "async" { box.send("follow-up") }
    }
    let store = box.hold(ReactorStore(reactor))

    store.send("go")
    sendReturned.open()

    #expect(await probe.first { _ in true } == ["async", "follow-up"])
    #expect(store.currentState == ["async", "follow-up"])
  }

  @Test func actionSentFromACancellationHandlerIsProcessedAfterTheCancellingAction() async {
    let box = StoreBox<LogReactor>()
    let probe = Probe<String>()
    let gate = Gate()
    let store = box.hold(
      ReactorStore(LogReactor { action, _ in
        switch action {
        case "start":
          .run { _ in
            await withTaskCancellationHandler {
              probe.record("waiting")
              await gate.wait()
            } onCancel: {
              // Runs synchronously inside the `send` that cancels, on the thread that drains.
              box.send("cleanup")
            }
          }
          .cancellable(id: "job")
        case "stop":
          .concat(.cancel(id: "job"), .just("stopped"))
        default:
          .just(action)
        }
      })
    )
    store.send("start")
    await probe.wait(for: "waiting")

    store.send("stop")

    #expect(store.currentState == ["stopped", "cleanup"])
    gate.open()
  }

  // MARK: - Concurrent sends

  @Test func concurrentSendsFromManyTasksAreAllAppliedOneAtATime() async {
    let store = ReactorStore(CounterReactor())
    let states = store.states

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<1000 { store.send(.increase) }
        }
      }
    }

    #expect(store.currentState.count == 8000)
    // Applied one at a time: an observer sees every count from 0 to 8000, in order.
    let counts = await prefix(8001, of: states).map(\.count)
    #expect(counts == Array(0...8000))
  }

  /// The realistic face of the bug `SendTests.mutationSentWhileAnotherThreadDrainsIsAppliedByThatThreadBeforeItLetsGo`
  /// pins down: an effect whose mutation is queued for a busy drainer, and which ends before the
  /// drainer reaches it, loses that mutation. Whether it happens depends on the interleaving.
  @Test func concurrentSendsAndAsynchronousMutationsAreAllApplied() async {
    let store = ReactorStore(LogReactor { action, _ in
      .concat(
        .just(action),
        .run { send in send("\(action) async") }
      )
    })

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for index in 0..<250 { store.send("\(task).\(index)") }
        }
      }
    }
    // Every send has returned and every effect has ended: nothing is left to apply.
    await yieldUntil { store.runningTaskCount == 0 }

    let log = store.currentState
    for task in 0..<4 {
      let own = log.filter { $0.hasPrefix("\(task).") && !$0.hasSuffix("async") }
      #expect(own == (0..<250).map { "\(task).\($0)" })
    }
    #expect(log.count == 2000)
  }
}
