/// An identifier that groups in-flight effects so a later action can cancel them.
///
/// Any `Hashable & Sendable` value works; an enum per reactor reads best:
/// `enum CancelID { case usernameCheck }`.
///
/// The value is kept as an existential with its hash computed once: lookups compare hashes, and
/// only equal hashes compare the values (a cast to the value's own type, then `==`).
public struct CancelID: Hashable, Sendable {
  @usableFromInline let base: any Hashable & Sendable
  @usableFromInline let hash: Int

  @usableFromInline
  init(_ base: some Hashable & Sendable) {
    self.base = base
    self.hash = base.hashValue
  }

  /// True when both identify the same work: equal values of the same type.
  public static func == (lhs: CancelID, rhs: CancelID) -> Bool {
    lhs.hash == rhs.hash && lhs.base.isEqual(to: rhs.base)
  }

  /// The value the identifier was made from (`CancelID.usernameCheck` of
  /// `.cancellable(id: CancelID.usernameCheck)`): how an inspector names a store's work.
  public var value: any Hashable & Sendable { base }

  /// Feeds the identifier's hash, computed once when it was made.
  public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension Hashable {
  /// True when `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: any Hashable & Sendable) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

extension Effect {
  /// Marks the asynchronous parts of this effect as cancellable under `id`.
  ///
  /// With `cancelInFlight`, starting this effect first cancels whatever still runs under `id`: the
  /// "latest wins" rule of search-as-you-type (ReactorKit's `take(until:)` on the next action of the
  /// same kind, Rx's `flatMapLatest`).
  ///
  /// **Guarantee.** Once cancelled, the work's later `send` calls are dropped by the store, checked
  /// when the store reaches the mutation in its queue: a stale answer cannot land, even one sent
  /// just before the cancellation.
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
