/// One task started by a store for an asynchronous effect: it carries out the effect and is the
/// receiver of its ``Send``.
///
/// It holds the store's storage weakly, so running work never keeps a released store alive.
@usableFromInline
final class EffectTask<R: Reactor>: MutationReceiver {
  @usableFromInline weak let storage: ReactorStorage<R>?
  @usableFromInline let id: TaskID

  @inlinable
  init(storage: ReactorStorage<R>, id: TaskID) {
    self.storage = storage
    self.id = id
  }

  @inlinable
  func receive(_ mutation: R.Mutation) { storage?.deliver(mutation, from: id) }

  @inlinable
  var isCancelled: Bool { storage?.tasks.isLive(id) != true }

  /// Carries out `effect`, then leaves the store's task table.
  @inlinable
  func run(_ effect: Effect<R.Mutation>) async {
    // Often cancelled before it first runs (a newer action replaced it): then no work at all.
    guard !isCancelled else {
      storage?.finish(id)
      return
    }
    if case .task(let work) = effect.operation {
      // One mutation, then the end: both go through the store's queue as one item.
      let mutation = await work()
      storage?.deliverLast(mutation, from: id)
      return
    }
    await perform(effect, send: Send(self))
    storage?.finish(id)
  }

  @inlinable
  func perform(_ effect: Effect<R.Mutation>, send: Send<R.Mutation>) async {
    switch effect.operation {
    case .none:
      break
    case .mutation(let mutation):
      send(mutation)
    case .concat(let effects):
      for effect in effects {
        if isCancelled { return }
        await perform(effect, send: send)
      }
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects { group.addTask { await self.perform(effect, send: send) } }
      }
    case .run(let work):
      await work(send)
    case .task(let work):
      send(await work())
    case .cancellable(let inner, _, _):
      // Registered, and in-flight work cancelled, when the task was started.
      await perform(inner, send: send)
    case .cancel(let cancelID):
      storage?.cancelTasks(cancelID, from: id)
    }
  }
}
