import Testing
@testable import SignupFeature

/// `switchMap`, the view model's latest-wins operator (Rx's `flatMapLatest`).
@Suite(.timeLimit(.minutes(1)))
struct SwitchMapTests {
  /// Inner sequence `n` emits `n * 10 + 0 … n * 10 + 4`.
  static func inner(_ n: Int) -> AsyncStream<Int> {
    AsyncStream { continuation in
      for index in 0..<5 { continuation.yield(n * 10 + index) }
      continuation.finish()
    }
  }

  @Test func emitsOnlyTheLatestInnerSequenceAndEndsAfterIt() async {
    let (source, upstream) = AsyncStream.makeStream(of: Int.self)
    let results = source.switchMap(Self.inner)
    for n in 1...20 { upstream.yield(n) }
    upstream.finish()
    var values: [Int] = []
    for await value in results { values.append(value) }
    // Older sequences may have emitted before a newer one began, never after.
    #expect(values.map { $0 / 10 } == values.map { $0 / 10 }.sorted())
    #expect(Array(values.suffix(5)) == [200, 201, 202, 203, 204])
  }

  /// Ending the iteration of the result ends the inner sequence in flight (through the outer
  /// task: the termination handler itself takes no lock, see the operator's comments).
  @Test func droppingTheResultEndsTheInnerSequenceInFlight() async {
    let (source, upstream) = AsyncStream.makeStream(of: Int.self)
    let (ended, innerEnded) = AsyncStream.makeStream(of: Void.self)
    let (started, innerStarted) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      for await _ in source.switchMap({ _ in
        AsyncStream<Int> { continuation in
          continuation.onTermination = { _ in innerEnded.yield() }
          innerStarted.yield()
        }
      }) {}
    }
    upstream.yield(1)
    var startedIterator = started.makeAsyncIterator()
    await startedIterator.next()
    consumer.cancel()
    var endedIterator = ended.makeAsyncIterator()
    await endedIterator.next()
    await consumer.value
  }
}
