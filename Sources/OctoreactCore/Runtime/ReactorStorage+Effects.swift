
/// The effects of an action: the synchronous ones applied on the drain, the asynchronous ones
/// registered as tasks and handed to the starter (see ``EffectStarterStateMachine``).
extension ReactorStorage {
  /// Applies `effect`'s synchronous mutations now and starts its asynchronous parts as tasks, under
  /// the cancellation identifiers of the `cancellable`s around it (`cancelIDs`).
  @inlinable
  func perform(_ effect: Effect<R.Mutation>, cancelIDs: [CancelID], state: inout R.State) {
    switch effect.operation {
    case .none:
      break
    case .mutation(let mutation):
      apply(mutation, from: nil, state: &state)
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
      if cancelInFlight { cancelTasks(id) }
      var innerIDs = cancelIDs
      innerIDs.append(id)
      perform(inner, cancelIDs: innerIDs, state: &state)
    case .cancel(let id):
      cancelTasks(id)
    }
  }

  /// Cancels the tasks under `id`, on the drain, and reports them to the event hook, if any.
  @inlinable
  func cancelTasks(_ id: CancelID) {
    guard let hook else {
      tasks.cancel(id)
      return
    }
    hook.effectsCancelled(tasks.cancel(id, reporting: true))
  }

  /// Cancels the tasks under `id` but `task`, for a `.cancel(id:)` that `task` reached after an
  /// asynchronous step (off the drain): the report goes through the queue, so that the hook hears it
  /// from the drainer, in order.
  @inlinable
  func cancelTasks(_ id: CancelID, from task: TaskID) {
    guard hook != nil else {
      tasks.cancel(id, sparing: task)
      return
    }
    let cancelled = tasks.cancel(id, sparing: task, reporting: true)
    if !cancelled.isEmpty { run(.reportCancelled(cancelled)) }
  }

  /// Registers a task for an asynchronous effect and hands it to the starter.
  ///
  /// Every identifier the effect carries is registered now, on the drain, not when the task gets to
  /// it: a `.cancel(id:)` or a newer effect processed next must find it, and an older task must never
  /// cancel a newer one by reaching its `cancellable` late.
  @inlinable
  func start(_ effect: Effect<R.Mutation>, cancelIDs: [CancelID]) {
    var allIDs = cancelIDs
    effect.forEachCancellation { id, cancelInFlight in
      if cancelInFlight { cancelTasks(id) }
      allIDs.append(id)
    }
    guard let id = tasks.register(cancelIDs: allIDs) else { return }
    if let hook { hook.effectStarted(id, cancelIDs: allIDs) }
    let action = starter.withLock { $0.append(effect, id: id, keeping: tasks.isLive) }
    if action == .makeStarter { Task { await self.startPendingEffects() } }
  }

  /// Makes a task for every pending effect still live, batch after batch, until none is pending.
  @inlinable
  func startPendingEffects() async {
    while case .start(let batch) = starter.withLock({ $0.nextBatch() }) {
      for (effect, id) in batch where tasks.markStarted(id) {
        let task = EffectTask(storage: self, id: id)
        tasks.attach(Task { await task.run(effect) }, to: id)
      }
    }
  }
}
