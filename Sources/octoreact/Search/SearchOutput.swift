import Foundation
import GitHubClient

/// What `octoreact search` prints, as pure functions of the results: a table for a terminal, tab-separated lines for a
/// pipe, or JSON.
///
/// Text from the server (names, descriptions) has its control characters replaced by spaces, so a description
/// cannot move the cursor or inject escape sequences into the user's terminal.
enum SearchOutput {
  /// What the header line says about the pages fetched.
  struct Summary: Equatable {
    /// The search text, for the "no results" line.
    var query: String
    /// How many matches there are in all.
    var totalCount: Int
    /// The first and last page fetched (the same page without `--all`).
    var pages: ClosedRange<Int>
    /// The last page, from the `Link` header, when known.
    var lastPage: Int?
    /// The page to ask for next, when there is one and it was not fetched.
    var nextPage: Int?
    /// Whether any page said its results may be incomplete.
    var incompleteResults: Bool
  }

  // MARK: - Terminal

  /// A header line, one row per repository (full name, stars, description cut to `width` columns), and a hint for
  /// the next page.
  static func table(_ items: [GitHubRepository], summary: Summary, width: Int) -> String {
    if items.isEmpty && summary.totalCount == 0 {
      return "No repositories match \"\(clean(summary.query))\".\n"
    }
    var lines = [header(count: items.count, summary: summary)]
    if !items.isEmpty {
      let names = items.map { clean($0.fullName) }
      // Unknown stars (a repository known only by name) read "?", never "0".
      let stars = items.map { $0.stargazersCount.map(grouped) ?? "?" }
      let nameWidth = min(max(names.map(DisplayWidth.of(_:)).max() ?? 0, 10), max(20, width / 3))
      let starsWidth = max(stars.map(\.count).max() ?? 0, "STARS".count)
      let descriptionWidth = width - nameWidth - starsWidth - 4
      func row(_ name: String, _ stars: String, _ description: String) -> String {
        var line = DisplayWidth.padded(DisplayWidth.truncated(name, to: nameWidth), to: nameWidth)
        line += "  " + String(repeating: " ", count: starsWidth - stars.count) + stars
        if descriptionWidth > 0 && !description.isEmpty {
          line += "  " + DisplayWidth.truncated(description, to: descriptionWidth)
        }
        return line.trailingSpacesRemoved()
      }
      lines.append(row("REPOSITORY", "STARS", "DESCRIPTION"))
      for (index, item) in items.enumerated() {
        lines.append(row(names[index], stars[index], clean(item.description ?? "")))
      }
    }
    if let next = summary.nextPage {
      lines.append("More: --page \(next)" + (summary.lastPage.map { " (of \($0))" } ?? "") + ", or --all.")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `30 of 75 results, page 1 of 3`, or `75 of 75 results, pages 1–3` after `--all`.
  static func header(count: Int, summary: Summary) -> String {
    var text = "\(grouped(count)) of \(grouped(summary.totalCount)) result\(summary.totalCount == 1 ? "" : "s"), "
    if summary.pages.count == 1 {
      text += "page \(summary.pages.lowerBound)" + (summary.lastPage.map { " of \($0)" } ?? "")
    } else {
      text += "pages \(summary.pages.lowerBound)–\(summary.pages.upperBound)"
    }
    if summary.totalCount > RepositorySearchQuery.resultLimit && summary.nextPage == nil && summary.pages.count > 1 {
      text += " (search returns the first \(grouped(RepositorySearchQuery.resultLimit)))"
    }
    if summary.incompleteResults {
      text += " (incomplete: the search timed out)"
    }
    return text
  }

  // MARK: - Pipe

  /// One line per repository: full name, stars (empty when unknown) and description, separated by tabs; nothing
  /// for no results.
  static func plainLines(_ items: [GitHubRepository]) -> String {
    items.map { item in
      let stars = item.stargazersCount.map(String.init) ?? ""
      return "\(clean(item.fullName))\t\(stars)\t\(clean(item.description ?? ""))\n"
    }.joined()
  }

  /// The items as a pretty-printed JSON array in GitHub's shape.
  static func json(_ items: [GitHubRepository]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(items) else { return "[]\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  // MARK: - Helpers

  /// `1234567` as `1,234,567`, whatever the locale, so output is the same everywhere.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return number < 0 ? "-" + text : text
  }

  /// The text on one line: control characters (newlines, tabs, escapes) become spaces, runs of spaces one space.
  static func clean(_ text: String) -> String {
    var result = ""
    var lastWasSpace = false
    for scalar in text.unicodeScalars {
      let isSpace = scalar.properties.generalCategory == .control || scalar.properties.isWhitespace
      if isSpace {
        if !lastWasSpace && !result.isEmpty { result.append(" ") }
      } else {
        result.unicodeScalars.append(scalar)
      }
      lastWasSpace = isSpace
    }
    return result.trailingSpacesRemoved()
  }
}

extension String {
  fileprivate func trailingSpacesRemoved() -> String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
