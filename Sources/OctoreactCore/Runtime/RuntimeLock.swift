#if !ThreadSanitizer
public import Synchronization

/// The lock of every runtime component: the standard library's `Mutex`, behind a name of our own.
///
/// The name lets a build for ThreadSanitizer swap the lock. On Linux the sanitizer does not see
/// `Mutex`'s synchronization (its futex calls are in the uninstrumented standard library), so it
/// reports every access the lock guards as a race. `scripts/race-check` builds with the
/// `ThreadSanitizer` trait, where this is a lock on `pthread_mutex_t`, which the sanitizer
/// intercepts: a report is then a real race. Inlined, this wrapper is `Mutex` itself.
@usableFromInline
package struct RuntimeLock<Value>: ~Copyable, Sendable {
  @usableFromInline let mutex: Mutex<Value>

  package init(_ value: sending Value) { mutex = Mutex(value) }

  /// Runs `body` with the value, holding the lock; `body` must not call user code (see
  /// `docs/runtime-guarantees.md`, "Locks: ownership and order").
  @inlinable
  package borrowing func withLock<Result, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    try mutex.withLock(body)
  }
}
#else
#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// The lock of every runtime component, in a build for ThreadSanitizer (`scripts/race-check`): a
/// `pthread_mutex_t`, whose locking the sanitizer intercepts.
///
/// `@unchecked Sendable`: `value` is read and written only inside ``withLock(_:)``, between
/// `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex`.
@usableFromInline
package final class RuntimeLock<Value>: @unchecked Sendable {
  @usableFromInline var value: Value
  @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  @usableFromInline
  package init(_ value: sending Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  @inlinable
  package func withLock<Result, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
#endif
