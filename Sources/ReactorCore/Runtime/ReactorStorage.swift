import Synchronization

/// Carries out what ``ReactorStateMachine`` decides: it holds the locks, the state and the tasks.
///
/// Two locks:
/// - the **drain lock** guards the working state and is held by the one thread that processes work
///   (actions and mutations, in order). Holding it across `mutate` and `reduce` is what makes
///   synchronous mutations land before `send` returns, for concurrent senders too;
/// - the **machine lock** guards the queue and the task table, and is only held briefly, never
///   around user code, so a re-entrant `send` from user code can queue its action.
///
/// Tasks hold this storage weakly: when the store is released, nothing keeps it alive.
final class ReactorStorage<R: Reactor>: Sendable {
  typealias Machine = ReactorStateMachine<R.Action, R.Mutation>

  let reactor: R
  let broadcast: Broadcast<R.State>
  private let machine = Mutex(Machine())
  private let drainLock: Mutex<R.State>

  init(reactor: R) {
    self.reactor = reactor
    let initialState = reactor.transform(state: reactor.initialState)
    self.broadcast = Broadcast(initialState)
    self.drainLock = Mutex(initialState)
  }

  // MARK: - Entry points

  func send(_ action: R.Action) {
    let thread = ThreadIdentity.current
    if machine.withLock({ $0.offerAction(action, from: thread) }) == .queued { return }
    drainLock.withLock { state in
      machine.withLock { $0.beginDrain(on: thread) }
      process(action, state: &state)
      drainQueue(state: &state)
    }
  }

  func deliver(_ mutation: R.Mutation, from task: Machine.TaskID) {
    let thread = ThreadIdentity.current
    guard machine.withLock({ $0.offerMutation(mutation, from: task, on: thread) }) == .drainYourself else { return }
    drainLock.withLock { state in
      // Checked again with the drain lock held: an action processed while we waited for the lock
      // may have cancelled this task.
      let isLive = machine.withLock { machine in
        machine.beginDrain(on: thread)
        return machine.isLive(task)
      }
      if isLive { apply(mutation, state: &state) }
      drainQueue(state: &state)
    }
  }

  func isLive(_ task: Machine.TaskID) -> Bool {
    machine.withLock { $0.isLive(task) }
  }

  func shutDown() {
    let handles = machine.withLock { $0.shutDown() }
    for handle in handles { handle.cancel() }
    broadcast.finish()
  }

  var runningTaskCount: Int { machine.withLock { $0.runningTaskCount } }

  // MARK: - The serial path (drain lock held)

  private func drainQueue(state: inout R.State) {
    while let work = machine.withLock({ $0.nextWork() }) {
      switch work {
      case .action(let action): process(action, state: &state)
      case .mutation(let mutation, _): apply(mutation, state: &state)
      }
    }
  }

  private func process(_ action: R.Action, state: inout R.State) {
    let action = reactor.transform(action: action)
    perform(reactor.mutate(action: action, state: state), cancelIDs: [], state: &state)
  }

  private func apply(_ mutation: R.Mutation, state: inout R.State) {
    let mutation = reactor.transform(mutation: mutation)
    state = reactor.transform(state: reactor.reduce(state: state, mutation: mutation))
    broadcast.send(state)
  }

  private func perform(_ effect: Effect<R.Mutation>, cancelIDs: [CancelID], state: inout R.State) {
    switch effect.operation {
    case .none:
      break
    case .mutation(let mutation):
      apply(mutation, state: &state)
    case .concat(let effects):
      for (index, effect) in effects.enumerated() {
        guard effect.isSynchronous else {
          // From the first asynchronous step on, order needs a task: it runs the rest in turn.
          start(.concat(Array(effects[index...])), cancelIDs: cancelIDs)
          return
        }
        perform(effect, cancelIDs: cancelIDs, state: &state)
      }
    case .merge(let effects):
      for effect in effects { perform(effect, cancelIDs: cancelIDs, state: &state) }
    case .run:
      start(effect, cancelIDs: cancelIDs)
    case .cancellable(let inner, let id, let cancelInFlight):
      if cancelInFlight { cancel(id) }
      perform(inner, cancelIDs: cancelIDs + [id], state: &state)
    case .cancel(let id):
      cancel(id)
    }
  }

  // MARK: - Tasks

  private func cancel(_ id: CancelID, sparing task: Machine.TaskID? = nil) {
    let handles = machine.withLock { $0.cancel(id, sparing: task) }
    // Outside the lock: cancellation handlers run synchronously and may call back into us.
    for handle in handles { handle.cancel() }
  }

  private func start(_ effect: Effect<R.Mutation>, cancelIDs: [CancelID]) {
    // Every identifier the task's effect carries is registered now, on the serial path, not when
    // the task gets to it: a `.cancel(id:)` or a newer effect processed next must find it, and an
    // older task must never cancel a newer one by reaching its `cancellable` late.
    let inner = effect.cancellations
    for (cancelID, cancelInFlight) in inner where cancelInFlight { cancel(cancelID) }
    let allIDs = cancelIDs + inner.map(\.id)
    guard let id = machine.withLock({ $0.registerTask(cancelIDs: allIDs) }) else { return }
    let context = TaskContext(storage: self, id: id)
    let handle = Task {
      await context.run(effect)
      context.storage?.finish(id)
    }
    if !machine.withLock({ $0.attach(handle, to: id) }) { handle.cancel() }
  }

  fileprivate func finish(_ task: Machine.TaskID) {
    machine.withLock { $0.finish(task) }
  }

  /// What one effect task knows of its store: a weak reference, so it never keeps the store alive.
  private struct TaskContext: Sendable {
    weak let storage: ReactorStorage?
    let id: Machine.TaskID

    var send: Send<R.Mutation> {
      Send(
        { [self] mutation in storage?.deliver(mutation, from: id) },
        isCancelled: { [self] in storage?.isLive(id) != true }
      )
    }

    func run(_ effect: Effect<R.Mutation>) async {
      switch effect.operation {
      case .none:
        break
      case .mutation(let mutation):
        send(mutation)
      case .concat(let effects):
        for effect in effects {
          if send.isCancelled { return }
          await run(effect)
        }
      case .merge(let effects):
        await withTaskGroup(of: Void.self) { group in
          for effect in effects { group.addTask { await run(effect) } }
        }
      case .run(let work):
        await work(send)
      case .cancellable(let inner, _, _):
        // Registered, and in-flight work cancelled, when the task was started.
        await run(inner)
      case .cancel(let cancelID):
        storage?.cancel(cancelID, sparing: id)
      }
    }
  }
}
