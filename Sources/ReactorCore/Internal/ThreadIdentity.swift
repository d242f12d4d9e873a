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
/// `mutate`, `reduce` or a transform hook); it must be queued, not wait for itself.
@usableFromInline
enum ThreadIdentity {
  /// The calling thread's identity; never zero, so zero can mean "no thread".
  @usableFromInline
  static var current: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}
