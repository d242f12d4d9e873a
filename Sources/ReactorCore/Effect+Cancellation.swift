/// An identifier that groups in-flight effects so a later action can cancel them.
///
/// Any `Hashable & Sendable` value works; an enum per reactor reads best:
/// `enum CancelID { case usernameCheck }`.
///
/// `@unchecked Sendable` because `AnyHashable` is not `Sendable`; it is safe because the only value
/// ever stored in it is the `Sendable` one given to `init`. Boxing and hashing once here, rather
/// than on every lookup, keeps the task table cheap: most comparisons end at the hash.
public struct CancelID: Hashable, @unchecked Sendable {
  @usableFromInline let base: AnyHashable
  @usableFromInline let hash: Int

  @usableFromInline
  init(_ base: some Hashable & Sendable) {
    self.base = AnyHashable(base)
    self.hash = self.base.hashValue
  }

  public static func == (lhs: CancelID, rhs: CancelID) -> Bool { lhs.hash == rhs.hash && lhs.base == rhs.base }
  public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
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
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    Effect(.cancellable(self, id: CancelID(id), cancelInFlight: cancelInFlight))
  }

  /// Cancels every in-flight effect marked with `id`.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(.cancel(CancelID(id)))
  }
}
