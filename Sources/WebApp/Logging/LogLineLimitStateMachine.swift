import Logging

/// Which log lines to write: each log statement (its file and line) may write `limit.count` lines per
/// window, and the lines over that are counted and reported in one summary when the window ends.
///
/// A pure value, held by ``LogLineLimiter``; time is a `Duration` since the limiter's start.
///
/// **Bounded**: at most `maxSites` statements are tracked (they are places in the code, so a few hundred at most); past
/// that, sites whose windows have ended are forgotten, and if none has, new sites share one overflow entry. A flood
/// thus costs at most `limit.count + 1` lines per site and window.
struct LogLineLimitStateMachine: Sendable {
  /// A log statement: where in the code a line comes from.
  struct Site: Sendable, Hashable {
    var file: String
    var line: UInt

    /// The entry sites share when the table is full.
    static let overflow = Site(file: "(other)", line: 0)
  }

  /// A report of suppressed lines, to write as one line.
  struct Summary: Sendable, Equatable {
    var site: Site
    var suppressed: Int
    /// The most severe level among the suppressed lines.
    var level: Logger.Level
  }

  /// What to do with one line.
  enum LineAction: Sendable, Equatable {
    /// Write the line, after the summary of its site's previous window if there is one.
    case write(summaryFirst: Summary?)
    /// Drop the line (it is counted); if `summaryAt` is set, end the window then with a summary.
    case suppress(summaryAt: Duration?)
  }

  private struct Entry: Sendable {
    var counter: FixedWindowCounter
    /// The most severe level suppressed in the current window.
    var level: Logger.Level
  }

  let limit: WindowLimit
  let maxSites: Int
  private var entries: [Site: Entry] = [:]

  init(limit: WindowLimit, maxSites: Int = 1_000) {
    self.limit = limit
    self.maxSites = max(1, maxSites)
  }

  var siteCount: Int { entries.count }

  mutating func line(from site: Site, level: Logger.Level, at now: Duration) -> LineAction {
    let site = admit(site, at: now)
    var entry = entries[site] ?? Entry(counter: FixedWindowCounter(limit), level: .trace)
    let endedLevel = entry.level
    if entry.counter.hasEnded(at: now) { entry.level = .trace }
    let count = entry.counter.count(at: now)
    let action: LineAction
    if count.isAllowed {
      let ended = count.overLimitInEndedWindow
      action = .write(summaryFirst: ended > 0 ? Summary(site: site, suppressed: ended, level: endedLevel) : nil)
    } else {
      entry.level = max(entry.level, level)
      action = .suppress(summaryAt: count.isFirstOverLimit ? entry.counter.windowEnd : nil)
    }
    entries[site] = entry
    return action
  }

  /// The summary of `site`'s window if it has ended by `now` with suppressed lines (the timer's call);
  /// `nil` if the window is still open or a later line already wrote its summary.
  mutating func windowEnded(for site: Site, at now: Duration) -> Summary? {
    guard var entry = entries[site] else { return nil }
    let suppressed = entry.counter.takeOverLimitIfEnded(at: now)
    guard suppressed > 0 else { return nil }
    entries[site] = entry
    return Summary(site: site, suppressed: suppressed, level: entry.level)
  }

  /// `site`, or the overflow site when the table is full of sites still counting.
  private mutating func admit(_ site: Site, at now: Duration) -> Site {
    guard entries[site] == nil, entries.count >= maxSites else { return site }
    // Forget sites whose windows have ended with nothing left to report.
    entries = entries.filter { !$0.value.counter.hasEnded(at: now) || $0.value.counter.overLimit > 0 }
    return entries.count < maxSites ? site : .overflow
  }
}
