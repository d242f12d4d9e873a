import RepositoryIndex

/// The progress line of `index import`, from how far the import has come and how long it has taken: a pure
/// function, so that every figure is tested without a clock.
///
/// `importing… 42% · 12.3 MB of 29.1 MB · 4.1 MB/s · 4 s left · 120,000 repositories`. The percentage is
/// of bytes read (rounded down, so 100 % only when all is read); the rate and the time left appear once
/// the import has run for a second, so that a first burst does not promise a wrong figure.
enum ImportProgressText {
  /// How long an import runs before its rate is shown.
  static let settling = Duration.seconds(1)

  static func line(for progress: ImportProgress, elapsed: Duration) -> String {
    let repositories = "\(IndexCommand.Import.grouped(progress.repositoriesRead)) "
      + (progress.repositoriesRead == 1 ? "repository" : "repositories")
    switch progress.phase {
    case .indexing:
      return "building the search index (\(repositories))…"
    case .reading:
      var parts: [String] = []
      let read = max(0, progress.bytesRead)
      if progress.totalBytes > 0 {
        let total = progress.totalBytes
        let percent = min(read, total) * 100 / total
        parts.append("importing… \(percent)%")
        parts.append("\(bytes(min(read, total))) of \(bytes(total))")
      } else {
        parts.append("importing… \(bytes(read))")
      }
      let seconds = Self.seconds(elapsed)
      if elapsed >= settling, seconds > 0 {
        let rate = Double(read) / seconds
        parts.append("\(bytes(Int64(rate)))/s")
        if progress.totalBytes > read, rate > 0 {
          parts.append("\(duration(Double(progress.totalBytes - read) / rate)) left")
        }
      }
      parts.append(repositories)
      return parts.joined(separator: " · ")
    }
  }

  /// `512 B`, `12.3 kB`, `4.0 MB`, `1.2 GB`: decimal units, as file managers show sizes.
  static func bytes(_ count: Int64) -> String {
    let units = ["kB", "MB", "GB", "TB"]
    guard count >= 1000 else { return "\(count) B" }
    var value = Double(count) / 1000
    var unit = 0
    while value >= 999.95, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return "\(oneDecimal(value)) \(units[unit])"
  }

  /// `4 s`, `2 min 5 s`, `1 h 3 min`, rounded up to the second.
  static func duration(_ seconds: Double) -> String {
    let total = Int(min(seconds, 359_999).rounded(.up))
    if total < 60 { return "\(total) s" }
    if total < 3600 { return "\(total / 60) min \(total % 60) s" }
    return "\(total / 3600) h \(total % 3600 / 60) min"
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// One digit after the point, whatever the locale.
  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
