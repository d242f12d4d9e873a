/// The marker a store's drainer sets around the rest of its drain once its queue has reached the
/// limit: every call made from inside that drain (the reactor's `mutate` and `reduce`, observers,
/// cancellation handlers, and any `send` they make to this or another store) sees it.
///
/// **Why a task-local value.** A sender that finds a store's queue over its limit waits, unless it
/// is itself processing a store: a drainer that waited could wait for itself (a re-entrant send) or
/// for a thread that waits for it (two stores feeding each other). A task-local value is the
/// language's scoped context: it is bound for the extent of a call, in a task or on a plain thread,
/// and nothing compares threads. Binding one costs about 100 ns, so a drain binds it only when its
/// queue has reached the limit (see ``SerialQueueStateMachine``), never on the per-action path.
@usableFromInline
enum DrainContext {
  @TaskLocal private static var isBound = false

  /// True inside ``run(_:)``, at any depth of calls.
  @usableFromInline
  static var isActive: Bool { isBound }

  /// Runs `body` in the drain context.
  @usableFromInline
  static func run(_ body: () -> Void) {
    $isBound.withValue(true, operation: body)
  }
}
