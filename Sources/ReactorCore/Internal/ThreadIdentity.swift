#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity of the calling OS thread, used to tell a re-entrant `send` from a concurrent one.
///
/// A re-entrant send comes from the thread that is processing the store's queue (from inside
/// `mutate`, `reduce` or a transform hook); it must be queued, not wait for itself. Never zero, so
/// zero can mean "no thread".
@usableFromInline
struct ThreadIdentity: Equatable, Sendable {
  @usableFromInline let raw: UInt

  @usableFromInline
  static var current: ThreadIdentity {
    #if canImport(Darwin)
      ThreadIdentity(raw: UInt(bitPattern: pthread_self()))
    #else
      ThreadIdentity(raw: UInt(pthread_self()))
    #endif
  }
}
