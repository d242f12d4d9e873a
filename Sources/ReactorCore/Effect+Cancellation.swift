/// An identifier that groups in-flight effects so a later action can cancel them.
///
/// Any `Hashable & Sendable` value works; an enum per reactor reads best:
/// `enum CancelID { case usernameCheck }`.
public struct CancelID: Hashable, Sendable {
  private let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) { self.base = base }

  public static func == (lhs: CancelID, rhs: CancelID) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }
  public func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
}

extension Effect {
  /// Marks the asynchronous parts of this effect as cancellable under `id`.
  ///
  /// With `cancelInFlight`, starting this effect first cancels whatever still runs under `id`: the
  /// "latest wins" rule of search-as-you-type (ReactorKit's `take(until:)` on the next action of the
  /// same kind, Rx's `flatMapLatest`).
  ///
  /// **Guarantee.** Once cancelled, the work's later `send` calls are dropped by the store, checked
  /// under the store's lock at the moment the mutation would be applied: a stale answer cannot land.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    Effect(.cancellable(self, id: CancelID(id), cancelInFlight: cancelInFlight))
  }

  /// Cancels every in-flight effect marked with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(.cancel(CancelID(id)))
  }
}
