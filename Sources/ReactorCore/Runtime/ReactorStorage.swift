public import Synchronization

/// Runs a reactor for a ``ReactorStore``: the serial path that processes actions and mutations,
/// and the tasks of its asynchronous effects.
///
/// **Serial path.** The `serial` lock guards the state and is held by the one thread processing
/// work, across `mutate` and `reduce`: that is what makes synchronous mutations land before `send`
/// returns, for concurrent senders too (they wait for the lock, then process their own action). A
/// `send` from user code running on that thread would wait for itself, so `drainer` records the
/// thread holding the lock, and such a send is queued (``ReentrantQueue``) and processed next.
///
/// **Tasks.** Asynchronous effects run in tasks registered in a ``TaskRegistry``. A task's mutation
/// is applied only if the task is still registered, checked with the serial lock held: a cancelled
/// task (cancellation happens on the serial path) can never deliver afterwards. Tasks hold this
/// storage weakly: when the store is released, nothing keeps it alive.
///
/// The serial path is `@inlinable` so that it is compiled for the app's reactor: unspecialized,
/// every action would look up generic metadata at run time, which cost more than the work itself.
@usableFromInline
final class ReactorStorage<R: Reactor>: Sendable {
  @usableFromInline typealias Work = ReentrantQueue<R.Action, R.Mutation>.Work

  @usableFromInline let reactor: R
  @usableFromInline let broadcast: Broadcast<R.State>
  @usableFromInline let serial: Mutex<R.State>
  /// The `raw` identity of the thread holding `serial`, or 0. Each thread compares it with its own
  /// identity only, which no other thread ever stores, so relaxed ordering is enough.
  @usableFromInline let drainer = Atomic<UInt>(0)
  @usableFromInline let reentrant = ReentrantQueue<R.Action, R.Mutation>()
  @usableFromInline let tasks = TaskRegistry()
  @usableFromInline let starts = Mutex(PendingStarts())

  /// Effects registered on the serial path whose tasks are not made yet (see ``start(_:cancelIDs:)``).
  @usableFromInline
  struct PendingStarts: Sendable {
    /// Registered effects whose tasks the starter has not made yet.
    @usableFromInline var effects: [(effect: Effect<R.Mutation>, id: TaskID)] = []
    /// True from the moment a starter task is created until it has found nothing to start
    /// ``starterPatience`` times in a row.
    @usableFromInline var isStarterRunning = false
    /// The length at which effects cancelled while waiting are dropped: a starter kept waiting by
    /// a busy machine would otherwise hold every replaced check until it runs.
    @usableFromInline var pruneAt = 16

    @inlinable init() {}

    /// Drops the effects cancelled while waiting, once the list has doubled since the last time
    /// (amortized: the list stays within twice the effects still live).
    @inlinable
    mutating func prune(keeping isLive: (TaskID) -> Bool) {
      guard effects.count >= pruneAt else { return }
      effects.removeAll { !isLive($0.id) }
      pruneAt = max(16, effects.count * 2)
    }
  }

  /// How many times in a row the starter yields and finds nothing before it ends. Creating a task
  /// wakes a sleeping thread, which costs the sending thread more than an action (a system call
  /// in this VM); a starter that lingers for a few yields takes the next keystroke's effect too.
  @usableFromInline static var starterPatience: Int { 4 }

  @inlinable
  init(reactor: R) {
    self.reactor = reactor
    let initialState = reactor.transform(state: reactor.initialState)
    self.broadcast = Broadcast(initialState)
    self.serial = Mutex(initialState)
  }

  // MARK: - Entry points

  @inlinable
  func send(_ action: R.Action) {
    let thread = ThreadIdentity.current
    if drainer.load(ordering: .relaxed) == thread {
      reentrant.append(.action(action))
      return
    }
    drain(on: thread) { state in process(action, state: &state) }
  }

  /// Applies a mutation sent by a task, unless the task was cancelled: checked again when it is
  /// applied, because an action processed in the meantime may have cancelled it.
  ///
  /// The mutation is queued, and handed over to the thread holding the serial lock if there is
  /// one: waiting for the lock would spin against a holder that takes it again for every action it
  /// is sent (a core spent spinning, measured in `BENCHMARKS.md`). The holder applies it, in order,
  /// before it lets go. Otherwise this thread takes the lock and applies it.
  @inlinable
  func deliver(_ mutation: R.Mutation, from task: TaskID) {
    let thread = ThreadIdentity.current
    if drainer.load(ordering: .relaxed) == thread {
      if tasks.isLive(task) { reentrant.append(.mutation(mutation, from: task)) }
      return
    }
    guard tasks.isLive(task) else { return }
    if !reentrant.handOver(.mutation(mutation, from: task)) { drain(on: thread) { _ in } }
  }

  /// Takes an ended task out of the task table, after the mutations it handed over or queued:
  /// they are applied only while their task is in the table.
  @inlinable
  func finish(_ task: TaskID) {
    let thread = ThreadIdentity.current
    if drainer.load(ordering: .relaxed) == thread {
      reentrant.append(.finish(task))
    } else if !reentrant.handOver(.finish(task)) {
      drain(on: thread) { _ in }
    }
  }

  /// Attaches a synchronous observer on the serial path: no change falls between its first state
  /// and the next, and a send from its first call is queued like any re-entrant send.
  @inlinable
  func observe(_ observer: @escaping @Sendable (R.State) -> Void) -> BroadcastObservation {
    let thread = ThreadIdentity.current
    if drainer.load(ordering: .relaxed) == thread { return broadcast.observe(observer) }
    return drain(on: thread) { _ in broadcast.observe(observer) }
  }

  /// Takes the serial lock on `thread`, does `work`, then what it queued re-entrantly and what
  /// other threads handed over meanwhile.
  @inlinable
  func drain<Result>(on thread: UInt, _ work: (inout R.State) -> Result) -> Result {
    serial.withLock { state in
      drainer.store(thread, ordering: .relaxed)
      defer { drainer.store(0, ordering: .relaxed) }
      reentrant.open()
      let result = work(&state)
      repeat { drainReentrant(state: &state) } while !reentrant.close()
      return result
    }
  }

  @usableFromInline
  func shutDown() {
    tasks.shutDown()
    broadcast.finish()
  }

  // MARK: - The serial path (serial lock held)

  @inlinable
  func drainReentrant(state: inout R.State) {
    while let work = reentrant.next() {
      switch work {
      case .action(let action):
        process(action, state: &state)
      case .mutation(let mutation, let task):
        // The task may have been cancelled since its mutation was queued.
        if tasks.isLive(task) { apply(mutation, state: &state) }
      case .finish(let task):
        tasks.finish(task)
      }
    }
  }

  @inlinable
  func process(_ action: R.Action, state: inout R.State) {
    let action = reactor.transform(action: action)
    perform(reactor.mutate(action: action, state: state), cancelIDs: [], state: &state)
  }

  @inlinable
  func apply(_ mutation: R.Mutation, state: inout R.State) {
    let mutation = reactor.transform(mutation: mutation)
    state = reactor.transform(state: reactor.reduce(state: consume state, mutation: mutation))
    broadcast.send(state)
  }

  @inlinable
  func perform(_ effect: Effect<R.Mutation>, cancelIDs: [CancelID], state: inout R.State) {
    switch effect.operation {
    case .none:
      break
    case .mutation(let mutation):
      apply(mutation, state: &state)
    case .concat(let effects):
      for index in effects.indices {
        guard effects[index].isSynchronous else {
          // From the first asynchronous step on, order needs a task: it runs the rest in turn.
          let rest = index == effects.count - 1 ? effects[index] : .concat(Array(effects[index...]))
          start(rest, cancelIDs: cancelIDs)
          return
        }
        perform(effects[index], cancelIDs: cancelIDs, state: &state)
      }
    case .merge(let effects):
      for effect in effects { perform(effect, cancelIDs: cancelIDs, state: &state) }
    case .run, .task:
      start(effect, cancelIDs: cancelIDs)
    case .cancellable(let inner, let id, let cancelInFlight):
      if cancelInFlight { tasks.cancel(id) }
      var innerIDs = cancelIDs
      innerIDs.append(id)
      perform(inner, cancelIDs: innerIDs, state: &state)
    case .cancel(let id):
      tasks.cancel(id)
    }
  }

  /// Starts a task for an asynchronous effect.
  ///
  /// Every identifier the effect carries is registered now, on the serial path, not when the task
  /// gets to it: a `.cancel(id:)` or a newer effect processed next must find it, and an older task
  /// must never cancel a newer one by reaching its `cancellable` late.
  @inlinable
  func start(_ effect: Effect<R.Mutation>, cancelIDs: [CancelID]) {
    var allIDs = cancelIDs
    effect.forEachCancellation { id, cancelInFlight in
      if cancelInFlight { tasks.cancel(id) }
      allIDs.append(id)
    }
    guard let id = tasks.register(cancelIDs: allIDs) else { return }
    // The task is made by a starter task, for all effects registered since it was scheduled: an
    // effect cancelled before then (a newer username replaced the check) never costs a task. Fast
    // typing otherwise made a task per keystroke that only woke up to find itself cancelled.
    let needsStarter = starts.withLock { starts in
      starts.prune(keeping: tasks.isLive)
      starts.effects.append((effect, id))
      defer { starts.isStarterRunning = true }
      return !starts.isStarterRunning
    }
    if needsStarter { Task { await self.startPendingEffects() } }
  }

  /// Makes a task for every pending effect that is still live, until nothing has come for
  /// ``starterPatience`` yields.
  @inlinable
  func startPendingEffects() async {
    var idleRounds = 0
    while true {
      let pending = starts.withLock { starts -> [(effect: Effect<R.Mutation>, id: TaskID)]? in
        if starts.effects.isEmpty {
          idleRounds += 1
          if idleRounds > Self.starterPatience { starts.isStarterRunning = false }
          return idleRounds > Self.starterPatience ? nil : []
        }
        idleRounds = 0
        defer { starts.effects.removeAll(keepingCapacity: starts.effects.capacity <= 64) }
        return starts.effects
      }
      guard let pending else { return }
      for (effect, id) in pending where tasks.isLive(id) {
        let task = EffectTask(storage: self, id: id)
        tasks.attach(Task { await task.run(effect) }, to: id)
      }
      await Task.yield()
    }
  }
}
