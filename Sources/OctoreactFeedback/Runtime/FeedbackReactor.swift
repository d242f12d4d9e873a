public import OctoreactCore

/// A feedback system as a ``Reactor``, so that a ``ReactorStore`` runs it: the store's serial queue,
/// its tasks and its observers are the system's, with the guarantees and tests they already have.
///
/// The store's state is the system's state with the loops' request tables beside it. One event is
/// one action: `mutate` reduces it, lets each loop compare its requests with the new state, and
/// returns the new state (applied at once) with the loops' cancellations and starts. An effect's
/// events come back as actions carrying their loop and generation; `mutate` drops one whose
/// generation is no longer live, and it is the serial queue that makes this exact: the cancellation
/// was applied before any event the effect sent afterwards is reached.
///
/// `@inlinable`, as OctoreactCore's drain is, so that it is compiled for the app's state and event:
/// unspecialized, every event would look up generic metadata at run time.
@usableFromInline
struct FeedbackReactor<SystemState: Sendable, SystemEvent: Sendable>: Reactor {
  @usableFromInline
  enum Action: Sendable {
    /// Starts the effects the initial state asks for.
    case start
    /// An event sent to the system from outside.
    case event(SystemEvent)
    /// An event sent by the effect of `generation` in loop `loop`.
    case effectEvent(SystemEvent, loop: Int, generation: UInt64)
  }

  @usableFromInline
  enum Mutation: Sendable {
    /// The next state, its request tables already updated.
    case replace(State)
  }

  @usableFromInline
  struct State: Sendable {
    @usableFromInline var state: SystemState
    @usableFromInline var loops: [any FeedbackLoop<SystemState, SystemEvent>]

    @inlinable
    init(state: SystemState, loops: [any FeedbackLoop<SystemState, SystemEvent>]) {
      self.state = state
      self.loops = loops
    }
  }

  /// Identifies an effect's task for the store's cancellation.
  @usableFromInline
  struct EffectID: Hashable, Sendable {
    @usableFromInline let loop: Int
    @usableFromInline let generation: UInt64

    @inlinable
    init(loop: Int, generation: UInt64) {
      self.loop = loop
      self.generation = generation
    }
  }

  @usableFromInline let initialState: State
  @usableFromInline let reduce: @Sendable (SystemState, SystemEvent) -> SystemState
  @usableFromInline let system: SystemReference<SystemState, SystemEvent>

  @inlinable
  init(
    initialState: SystemState, reduce: @escaping @Sendable (SystemState, SystemEvent) -> SystemState,
    feedback: [Feedback<SystemState, SystemEvent>], system: SystemReference<SystemState, SystemEvent>
  ) {
    self.initialState = State(state: initialState, loops: feedback.map(\.loop))
    self.reduce = reduce
    self.system = system
  }

  @inlinable
  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .start:
      return reconcile(state)
    case .event(let event):
      var next = state
      next.state = reduce(state.state, event)
      return reconcile(next)
    case .effectEvent(let event, let loop, let generation):
      // Cancelled since it was sent (or before): the request it answers is gone from the state.
      guard state.loops[loop].isLive(generation) else { return .none }
      var next = state
      next.state = reduce(state.state, event)
      return reconcile(next)
    }
  }

  /// `state` with its request tables updated (applied first, so observers see it before any effect
  /// starts), then each loop's cancellations and starts.
  @inlinable
  func reconcile(_ state: State) -> Effect<Mutation> {
    var next = state
    var commands = Effect<Mutation>.none
    for loop in next.loops.indices {
      for command in next.loops[loop].reconcile(with: next.state) {
        switch command {
        case .cancel(let generation):
          commands = .merge(commands, .cancel(id: EffectID(loop: loop, generation: generation)))
        case .start(let generation, let work):
          commands = .merge(commands, run(work, loop: loop, generation: generation))
        }
      }
    }
    return .merge(.just(.replace(next)), commands)
  }

  @inlinable
  func run(
    _ work: @escaping @Sendable (Send<SystemEvent>) async -> Void, loop: Int, generation: UInt64
  ) -> Effect<Mutation> {
    .run { [system] task in
      let send = Send<SystemEvent>(
        { event in
          if !task.isCancelled { system.send(.effectEvent(event, loop: loop, generation: generation)) }
        },
        isCancelled: { task.isCancelled }
      )
      await work(send)
    }
    .cancellable(id: EffectID(loop: loop, generation: generation))
  }

  @inlinable
  func reduce(state: consuming State, mutation: Mutation) -> State {
    switch mutation {
    case .replace(let next): next
    }
  }
}
