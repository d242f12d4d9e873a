/// The requests of one feedback loop that have an effect running, each with the generation of its
/// effect: the pure rule of `react(request:effects:)` and `react(requests:effects:)`.
///
/// Each new state gives the loop's wanted requests. ``update(to:)`` compares them with the running
/// ones and says what to do: cancel the effects of the requests no longer wanted, start one for each
/// request that appeared. A request still wanted keeps its effect (RxFeedback's rule), so a changed
/// single request is a cancellation and a start. Every start gets a new generation; an event an effect
/// sends is applied only while its generation is live (``isLive(_:)``), which is how a cancelled
/// effect never delivers, even if its work ignores cancellation.
///
/// A plain value, no lock and no task: the system keeps it in its state and tests drive it alone.
struct RequestTable<Request: Hashable & Sendable>: Sendable {
  /// What ``update(to:)`` asks the runtime to do, cancellations first.
  struct Changes: Sendable, Equatable {
    /// The generations of the effects to cancel, oldest first.
    var cancelled: [UInt64] = []
    /// The requests whose effect to start, in the order they were wanted, with their new generation.
    var started: [Start] = []

    var isEmpty: Bool { cancelled.isEmpty && started.isEmpty }
  }

  struct Start: Sendable, Equatable {
    let request: Request
    let generation: UInt64
  }

  /// The running requests and the generation of each one's effect.
  private(set) var running: [Request: UInt64] = [:]
  private var lastGeneration: UInt64 = 0

  /// Makes `wanted` the running requests; returns the effects to cancel and to start.
  mutating func update(to wanted: [Request]) -> Changes {
    // The usual case, on every event: nothing wanted and nothing running, or the one request unchanged.
    if wanted.isEmpty && running.isEmpty { return Changes() }
    if wanted.count == 1, running.count == 1, running[wanted[0]] != nil { return Changes() }

    var changes = Changes()
    let wantedSet = Set(wanted)
    for (request, generation) in running where !wantedSet.contains(request) {
      changes.cancelled.append(generation)
    }
    changes.cancelled.sort()
    if !changes.cancelled.isEmpty { running = running.filter { wantedSet.contains($0.key) } }
    for request in wanted where running[request] == nil {
      lastGeneration += 1
      running[request] = lastGeneration
      changes.started.append(Start(request: request, generation: lastGeneration))
    }
    return changes
  }

  /// True while the effect of `generation` is running for a request still wanted.
  func isLive(_ generation: UInt64) -> Bool { running.values.contains(generation) }
}
