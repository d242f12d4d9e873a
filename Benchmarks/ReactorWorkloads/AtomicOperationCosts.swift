import Synchronization

/// What this machine charges for the atomic operations a `send` is made of, in nanoseconds each:
/// the floor under workload (a), whose time is almost all synchronization.
///
/// A `send` with one synchronous observer on an idle store takes the store's lock three times (to
/// start draining, to publish the state, to stop: `docs/runtime-guarantees.md` says why each one must
/// be there) and retains and releases its observer once; workload (a)'s observer adds one atomic
/// increment. On a VM where a lock and unlock costs 18 ns, those alone take about 80 ns an action,
/// whatever the runtime does around them. Measured single-threaded, uncontended, in a loop: the
/// cheapest these operations get.
package enum AtomicOperationCosts {
  package struct Figures: Sendable {
    /// A `Mutex` lock and unlock, with nothing in between.
    package var lockAndUnlock: Double
    /// One relaxed `Atomic<Int>` add.
    package var atomicAdd: Double
    /// One strong retain and one release.
    package var retainAndRelease: Double
  }

  /// Times each operation `iterations` times; the figures are nanoseconds per operation.
  package static func measure(iterations: Int = 20_000_000) -> Figures {
    let mutex = Mutex(0)
    let counter = Atomic(0)
    let object = Counted()
    return Figures(
      lockAndUnlock: nanoseconds(per: iterations) { lockLoop(mutex, iterations) },
      atomicAdd: nanoseconds(per: iterations) { addLoop(counter, iterations) },
      retainAndRelease: nanoseconds(per: iterations) { retainLoop(object, iterations) }
    )
  }

  private final class Counted: Sendable {
    let value = 1
  }

  private static func nanoseconds(per iterations: Int, _ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = (ContinuousClock.now - start).components
    return (Double(elapsed.seconds) * 1e9 + Double(elapsed.attoseconds) / 1e9) / Double(iterations)
  }

  // Not inlined, so that the optimizer cannot merge or drop the operations of the loop.
  @inline(never)
  private static func lockLoop(_ mutex: borrowing Mutex<Int>, _ iterations: Int) {
    for _ in 0..<iterations { mutex.withLock { $0 &+= 1 } }
  }

  @inline(never)
  private static func addLoop(_ counter: borrowing Atomic<Int>, _ iterations: Int) {
    for _ in 0..<iterations { counter.add(1, ordering: .relaxed) }
  }

  @inline(never)
  private static func retainLoop(_ object: Counted, _ iterations: Int) {
    // Copying a reference over another in an array retains the new one and releases the old one:
    // real ownership changes, which the optimizer cannot drop (as it drops a retain and release of
    // an object it knows is alive).
    let sources = [object, Counted()]
    var slots = [object, object]
    slots.withUnsafeMutableBufferPointer { slots in
      for index in 0..<iterations { slots[index & 1] = sources[(index >> 1) & 1] }
    }
    precondition(slots.count == 2)
  }
}
