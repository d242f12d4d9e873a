/// What ``Reactor/mutate(action:state:)`` returns: the mutations an action causes, now and later.
///
/// An effect is a value describing work; the ``ReactorStore`` carries it out. Synchronous parts
/// (``just(_:)``, ``concat(_:)-(Effect...)`` of synchronous parts) are applied before `send` returns.
/// Asynchronous parts (``run(_:)``, ``task(_:)``) run as tasks that the store owns: they are cancelled
/// when the store is released, and, when marked ``cancellable(id:cancelInFlight:)``, when a later
/// effect cancels their identifier. A cancelled task never delivers a mutation afterwards, even if
/// its work ignores cancellation.
///
/// For example, the username check of the Signup screen, where a newer name cancels the older
/// check (ReactorKit's `take(until: action.filter(isUsernameChanged))`):
///
/// ```swift
/// case .usernameChanged(let name):
///   return .concat(
///     .just(.setUsername(name)),
///     .run { send in
///       for await result in validation.validateUsername(name) { send(.setUsernameResult(result)) }
///     }
///     .cancellable(id: CancelID.usernameCheck, cancelInFlight: true)
///   )
/// ```
public struct Effect<Mutation: Sendable>: Sendable {
  @usableFromInline
  enum Operation: Sendable {
    case none
    case mutation(Mutation)
    case concat([Effect])
    case merge([Effect])
    case run(@Sendable (Send<Mutation>) async -> Void)
    /// ``task(_:)``'s work, kept apart from `run` so that it needs no second closure around it.
    case task(@Sendable () async -> Mutation)
    indirect case cancellable(Effect, id: CancelID, cancelInFlight: Bool)
    case cancel(CancelID)
  }

  @usableFromInline
  let operation: Operation

  @inlinable
  init(_ operation: Operation) { self.operation = operation }

  /// No mutation.
  @inlinable
  public static var none: Effect { Effect(.none) }

  /// One mutation, applied at once.
  @inlinable
  public static func just(_ mutation: Mutation) -> Effect { Effect(.mutation(mutation)) }

  /// The effects one after another: each starts when the previous one has finished.
  ///
  /// Leading synchronous effects are applied at once; from the first asynchronous one on, the rest
  /// runs in a single task, in order.
  @inlinable
  public static func concat(_ effects: Effect...) -> Effect { Effect(.concat(effects)) }

  /// The effects one after another (array form of ``concat(_:)-(Effect...)``).
  @inlinable
  public static func concat(_ effects: [Effect]) -> Effect { Effect(.concat(effects)) }

  /// The effects side by side: synchronous ones are applied at once, asynchronous ones run concurrently.
  @inlinable
  public static func merge(_ effects: Effect...) -> Effect { Effect(.merge(effects)) }

  /// Asynchronous work that emits any number of mutations through `send`.
  ///
  /// The work runs in a task owned by the store. It should return promptly when cancelled; if it
  /// does not, whatever it sends after cancellation is dropped.
  @inlinable
  public static func run(_ work: @escaping @Sendable (Send<Mutation>) async -> Void) -> Effect {
    Effect(.run(work))
  }

  /// Asynchronous work that may fail: its error becomes a mutation, so it reaches the state.
  ///
  /// A `CancellationError` thrown after the effect was cancelled is not reported: nobody is
  /// waiting for that answer any more.
  @inlinable
  public static func run(
    _ work: @escaping @Sendable (Send<Mutation>) async throws -> Void,
    catch handler: @escaping @Sendable (any Error) -> Mutation
  ) -> Effect {
    Effect(
      .run { send in
        do {
          try await work(send)
        } catch {
          if error is CancellationError, Task.isCancelled { return }
          send(handler(error))
        }
      }
    )
  }

  /// Asynchronous work that produces exactly one mutation.
  @inlinable
  public static func task(_ work: @escaping @Sendable () async -> Mutation) -> Effect {
    Effect(.task(work))
  }
}

// MARK: - Transforming

extension Effect {
  /// The same effect with every mutation transformed.
  public func map<Other: Sendable>(_ transform: @escaping @Sendable (Mutation) -> Other) -> Effect<Other> {
    switch operation {
    case .none: .none
    case .mutation(let mutation): .just(transform(mutation))
    case .concat(let effects): .concat(effects.map { $0.map(transform) })
    case .merge(let effects): Effect<Other>(.merge(effects.map { $0.map(transform) }))
    case .run(let work): .run { send in await work(Send({ send(transform($0)) }, isCancelled: { send.isCancelled })) }
    case .task(let work): .task { transform(await work()) }
    case .cancellable(let effect, let id, let cancelInFlight):
      Effect<Other>(.cancellable(effect.map(transform), id: id, cancelInFlight: cancelInFlight))
    case .cancel(let id): Effect<Other>(.cancel(id))
    }
  }

  /// Calls `body` with each cancellation identifier in this effect that is known without running
  /// any work, and whether it cancels work in flight.
  @inlinable
  func forEachCancellation(_ body: (CancelID, _ cancelInFlight: Bool) -> Void) {
    switch operation {
    case .cancellable(let inner, let id, let cancelInFlight):
      body(id, cancelInFlight)
      inner.forEachCancellation(body)
    case .concat(let effects), .merge(let effects):
      for effect in effects { effect.forEachCancellation(body) }
    case .none, .mutation, .run, .task, .cancel:
      break
    }
  }

  /// True when carrying out the effect needs no task.
  @inlinable
  var isSynchronous: Bool {
    switch operation {
    case .none, .mutation, .cancel: true
    case .run, .task: false
    case .concat(let effects), .merge(let effects): effects.allSatisfy(\.isSynchronous)
    case .cancellable(let effect, _, _): effect.isSynchronous
    }
  }
}
