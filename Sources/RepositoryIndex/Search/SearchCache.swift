internal import Synchronization

/// The totals and first results of recent searches, keyed by query, least recently used out.
///
/// A common word matches a hundred thousand repositories: counting them costs milliseconds that
/// the next page, or the next user typing the same word, need not pay again. Every write empties
/// the cache; a search that read the index before a write stores nothing after it (the
/// generation check), so a stale result is never served.
final class SearchCache: Sendable {
  struct Entry: Sendable {
    var totalCount: Int
    /// The first results in order: all of them, or at least the first `ranked.count`.
    var ranked: [IndexedRepository]
  }

  /// Results kept per query; deeper pages are computed each time.
  static let maximumRankedCount = 120

  private struct State {
    var generation: UInt64 = 0
    var tick: UInt64 = 0
    var entries: [String: (entry: Entry, lastUse: UInt64)] = [:]
    var hasForksOrTopics: Bool?
  }

  private let capacity: Int
  private let state = Mutex(State())

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// Changes with every write; pass it back to ``store(_:for:generation:)``.
  var generation: UInt64 { state.withLock { $0.generation } }

  func entry(for key: String) -> Entry? {
    state.withLock { state in
      guard let found = state.entries[key] else { return nil }
      state.tick += 1
      state.entries[key]?.lastUse = state.tick
      return found.entry
    }
  }

  /// Stores `entry` unless the index changed since `generation` was read.
  func store(_ entry: Entry, for key: String, generation: UInt64) {
    var entry = entry
    if entry.ranked.count > Self.maximumRankedCount {
      entry.ranked.removeSubrange(Self.maximumRankedCount...)
    }
    state.withLock { state in
      guard state.generation == generation else { return }
      if state.entries.count >= capacity, state.entries[key] == nil,
        let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
      {
        state.entries[oldest] = nil
      }
      state.tick += 1
      state.entries[key] = (entry, state.tick)
    }
  }

  func removeAll() {
    state.withLock { state in
      state.generation += 1
      state.entries.removeAll()
      state.hasForksOrTopics = nil
    }
  }

  /// Whether the index has forks or topics, if read since the last write and still at `generation`.
  func hasForksOrTopics(generation: UInt64) -> Bool? {
    state.withLock { $0.generation == generation ? $0.hasForksOrTopics : nil }
  }

  /// Keeps whether the index has forks or topics, unless it changed since `generation` was read.
  func storeHasForksOrTopics(_ known: Bool, generation: UInt64) {
    state.withLock { state in
      if state.generation == generation { state.hasForksOrTopics = known }
    }
  }
}
