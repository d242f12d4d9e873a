public import Dispatch

/// Runs a reactor for a ``ReactorStore``: the serial queue that processes actions, mutations and
/// observer registrations one at a time, the published state, and the tasks of its effects.
///
/// **Serial queue with hand-over.** Every piece of work (an action, a task's mutation, a task's end,
/// an observer to add, a state set by a stub) goes through one ``SerialQueueStateMachine``. The
/// caller that finds nobody processing becomes the drainer: it processes its own work at once, then
/// whatever others queued meanwhile, in order, and only then returns. A caller that finds a drain
/// under way (another thread's, or its own from inside `mutate`, `reduce`, a hook or an observer)
/// queues its work and returns at once: no thread identity, so two stores feeding each other from
/// two threads cannot deadlock.
///
/// **Back-pressure.** A thread that sends faster than the drainer processes would otherwise grow the
/// queue without bound (every `send` returning at once). Once the queue holds `queueLimit` items the
/// drainer runs the rest of its drain in the ``DrainContext``; a sender outside any drain context
/// that then finds the queue over the limit waits on a semaphore until the drainer has brought it
/// down to half (the machine's rule, see ``SerialQueueStateMachine``). Nothing called from a drain
/// ever waits, so a waiter always waits for a thread that keeps going.
///
/// **One lock, never held around user code.** `core` guards the queue machine, the published state
/// and the observer list. It is held only for a machine transition or to read or write those
/// values; `mutate`, `reduce`, the transform hooks, effects, cancellation handlers and observers run
/// after it is released. The drainer keeps its working copy of the state, publishes each new state
/// under the lock (so ``currentState`` works anywhere), then calls the observers: only the drainer
/// calls them, so they are called one at a time, in order.
///
/// **Tasks.** Asynchronous effects run in tasks registered in a ``TaskRegistry``. A task's mutation
/// is queued, and applied only if the task is still live when the drainer reaches it: a task
/// cancelled meanwhile (cancellation happens on the drain) never delivers. Tasks hold this storage
/// weakly: when the store is released, nothing keeps it alive.
///
/// The drain is `@inlinable` so that it is compiled for the app's reactor: unspecialized, every
/// action would look up generic metadata at run time, which costs more than the work itself.
@usableFromInline
final class ReactorStorage<R: Reactor>: Sendable {
  @usableFromInline
  enum Work: Sendable {
    case action(R.Action)
    case mutation(R.Mutation, from: TaskID)
    /// The task has ended: it leaves the task table after the mutations it queued.
    case finish(TaskID)
    /// A task's only mutation, then its end (a `.task` effect): one item instead of two.
    case lastMutation(R.Mutation, from: TaskID)
    case observe(StateObserver<R.State>)
    /// A state set by a stub (``ReactorStub``). Boxed: a state is often many times the size of an
    /// action, and every queued item takes the size of the largest case.
    indirect case replaceState(R.State)
    /// Tasks a task cancelled (a `.cancel(id:)` after an asynchronous step), to report to the event
    /// hook from the drain, in order with everything else: queued only by a store that has one.
    case reportCancelled([TaskID])
  }

  /// What `core` guards.
  @usableFromInline
  struct Core {
    @usableFromInline var queue: SerialQueueStateMachine<Work, DispatchSemaphore>
    /// The latest state: what ``currentState`` reads and a new drainer starts from.
    @usableFromInline var state: R.State
    @usableFromInline var observers: [StateObserver<R.State>] = []
    @usableFromInline var isShutDown = false

    init(state: R.State, queueLimit: Int) {
      self.state = state
      queue = SerialQueueStateMachine(limit: queueLimit)
    }
  }

  @usableFromInline let reactor: R
  @usableFromInline let core: RuntimeLock<Core>
  @usableFromInline let tasks = TaskRegistry()
  @usableFromInline let starter = RuntimeLock(EffectStarterStateMachine<Effect<R.Mutation>>())
  /// Where the drainer reports each step, when the store's owner asked for it (``ReactorEvent``).
  @usableFromInline let hook: EventHook<R>?

  /// `queueLimit`: the number of waiting items from which senders outside any drain wait
  /// (see ``SerialQueueStateMachine``). A count, not a time: 1024 keeps a flooded store's queue to
  /// a few hundred kilobytes while a flooding sender is woken once per 512 items.
  init(reactor: R, queueLimit: Int = 1024, hook: EventHook<R>? = nil) {
    self.reactor = reactor
    self.hook = hook
    core = RuntimeLock(Core(state: reactor.transform(state: reactor.initialState), queueLimit: queueLimit))
  }

  // MARK: - Entry points (any thread)

  @inlinable
  var currentState: R.State { core.withLock { $0.state } }

  @inlinable
  func send(_ action: R.Action) {
    guard var state = enqueue(.action(action)) else { return }
    process(action, state: &state)
    drain(from: state)
  }

  /// Queues a mutation sent by a task. It is applied when the drainer reaches it, unless the task was
  /// cancelled by then. When nobody drains, this thread does, so it is applied before this returns.
  @inlinable
  func deliver(_ mutation: R.Mutation, from task: TaskID) {
    run(.mutation(mutation, from: task))
  }

  /// Queues the only mutation of a task that ends with it: applied like ``deliver(_:from:)``, then
  /// the task leaves the table, in one pass through the queue.
  @inlinable
  func deliverLast(_ mutation: R.Mutation, from task: TaskID) {
    run(.lastMutation(mutation, from: task))
  }

  /// Takes an ended task out of the task table, after the mutations it queued: they are applied
  /// only while their task is in the table.
  @inlinable
  func finish(_ task: TaskID) { run(.finish(task)) }

  /// Adds an observer through the queue, so that no change falls between its first state and the next.
  func addObserver(_ observer: StateObserver<R.State>) { run(.observe(observer)) }

  func replaceState(_ state: R.State) { run(.replaceState(state)) }

  /// The number of items waiting in the queue (for tests and diagnostics).
  var pendingCount: Int { core.withLock { $0.queue.pendingCount } }

  /// The observers still attached (for tests and diagnostics).
  var observerCount: Int { core.withLock { $0.observers.count { $0.isAlive } } }

  @usableFromInline
  func shutDown() {
    tasks.shutDown()
    let observers = core.withLock { core in
      core.isShutDown = true
      defer { core.observers = [] }
      return core.observers
    }
    for observer in observers { observer.finish() }
  }

  // MARK: - The drain

  /// Queues `work`; returns the state to start from when the caller is now the drainer. When the
  /// queue is over its limit and the caller is not processing any store, blocks until the drainer
  /// has brought it down (see ``SerialQueueStateMachine``); the work is then still queued.
  @inlinable
  func enqueue(_ work: Work) -> R.State? {
    let semaphore: DispatchSemaphore
    switch core.withLock({ core -> Enqueued in
      switch core.queue.enqueue(work, callerIsInDrainContext: DrainContext.isActive) {
      case .startDraining: return .drain(core.state)
      case .handedOver: return .queued
      case .wait:
        let semaphore = DispatchSemaphore(value: 0)
        core.queue.addWaiter(semaphore)
        return .wait(semaphore)
      }
    }) {
    case .drain(let state): return state
    case .queued: return nil
    case .wait(let waiter): semaphore = waiter
    }
    semaphore.wait()
    return nil
  }

  @usableFromInline
  enum Enqueued {
    case drain(R.State)
    case queued
    case wait(DispatchSemaphore)
  }

  /// Queues `work`, and drains when nobody else does.
  @inlinable
  func run(_ work: Work) {
    guard var state = enqueue(work) else { return }
    handle(work, state: &state)
    drain(from: state)
  }

  /// Processes what was queued meanwhile, until the queue is empty: then this thread stops draining.
  /// Once the queue has reached its limit, the rest of the drain runs in the drain context, so that
  /// senders outside it wait and nothing called from it does.
  @inlinable
  func drain(from state: consuming R.State) {
    var state = state
    while true {
      let (action, wake) = core.withLock { $0.queue.next() }
      if !wake.isEmpty { for waiter in wake { waiter.signal() } }
      switch action {
      case .process(let work):
        handle(work, state: &state)
      case .processInDrainContext(let work):
        DrainContext.run {
          handle(work, state: &state)
          drain(from: state)
        }
        return
      case .stopDraining:
        return
      }
    }
  }

  @inlinable
  func handle(_ work: Work, state: inout R.State) {
    switch work {
    case .action(let action):
      process(action, state: &state)
    case .mutation(let mutation, let task):
      // The task may have been cancelled since its mutation was queued.
      if tasks.isLive(task) { apply(mutation, from: task, state: &state) }
    case .finish(let task):
      finishTask(task)
    case .lastMutation(let mutation, let task):
      if tasks.isLive(task) { apply(mutation, from: task, state: &state) }
      finishTask(task)
    case .observe(let observer):
      let isAttached = core.withLock { core in
        guard !core.isShutDown else { return false }
        core.observers.append(observer)
        return true
      }
      if isAttached {
        if !observer.deliver(state) { pruneObservers() }
      } else {
        _ = observer.deliver(state)
        observer.finish()
      }
    case .replaceState(let newState):
      state = newState
      publish(state)
    case .reportCancelled(let cancelled):
      hook?.effectsCancelled(cancelled)
    }
  }

  @inlinable
  func finishTask(_ task: TaskID) {
    if tasks.finish(task), let hook { hook.sink(.effectFinished(EffectID(task))) }
  }

  @inlinable
  func process(_ action: R.Action, state: inout R.State) {
    let action = reactor.transform(action: action)
    if let hook { hook.actionReceived(action) }
    perform(reactor.mutate(action: action, state: state), cancelIDs: [], state: &state)
  }

  /// Reduces `mutation`, sent by the task `effect` or, when `nil`, by the current action's
  /// synchronous effects.
  @inlinable
  func apply(_ mutation: R.Mutation, from effect: TaskID?, state: inout R.State) {
    let mutation = reactor.transform(mutation: mutation)
    if let hook { hook.sink(.mutation(mutation, effect: effect.map(EffectID.init))) }
    state = reactor.transform(state: reactor.reduce(state: consume state, mutation: mutation))
    publish(state)
  }

  /// Makes `state` the current state, then hands it to every observer, outside the lock.
  ///
  /// Copying an observer out of the list, or the list itself, is a reference count change (an
  /// atomic operation) on the path of every action: a store with one observer (the usual renderer)
  /// copies only that observer, and the observers of a longer list are read in place from the copy
  /// of the list (which keeps them alive).
  @inlinable
  func publish(_ state: R.State) {
    let (single, all) = core.withLock { core -> (StateObserver<R.State>?, [StateObserver<R.State>]) in
      core.state = state
      switch core.observers.count {
      case 0: return (nil, [])
      case 1: return (core.observers[0], [])
      default: return (nil, core.observers)
      }
    }
    if let hook { hook.sink(.state(state)) }
    if let single {
      if !single.deliver(state) { pruneObservers() }
      return
    }
    if all.isEmpty { return }
    let isAnyGone = all.withUnsafeBufferPointer { observers in
      var isAnyGone = false
      for index in observers.indices where !observers[index].deliver(state) { isAnyGone = true }
      return isAnyGone
    }
    if isAnyGone { pruneObservers() }
  }

  @usableFromInline
  func pruneObservers() {
    core.withLock { $0.observers.removeAll { !$0.isAlive } }
  }
}
