import ArgumentParser

/// A first word that is not a subcommand, caught before parsing with a suggestion for the one meant.
///
/// `serve` is the default subcommand, so swift-argument-parser reads `octoreact serch swift` as `serve` with
/// two unexpected arguments and prints serve's usage. Neither `serve` nor any command with subcommands takes
/// a positional argument, so a word where a subcommand may stand can only be a mistyped one: this finds it
/// and says which subcommand is closest (by edit distance, at most 2, or as a prefix).
enum UnknownSubcommand {
  /// The error for `arguments` (without the program name) under `root`, or nil when they name known
  /// subcommands (or none); `help` and options are left to the parser.
  static func message(for arguments: [String], root: any ParsableCommand.Type) -> String? {
    var command = root
    var path = [root._commandName]
    for word in arguments {
      let subcommands = command.configuration.subcommands
      guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { return nil }
      if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
        command = next
        path.append(next._commandName)
        continue
      }
      let candidates = subcommands.map { $0._commandName }
      let commandPath = path.joined(separator: " ")
      if let suggestion = closest(to: word, among: candidates) {
        return "unknown command '\(word)' for '\(commandPath)': did you mean '\(suggestion)'?"
      }
      return "unknown command '\(word)' for '\(commandPath)': the commands are \(candidates.joined(separator: ", "))"
    }
    return nil
  }

  /// The candidate nearest to `word`: the only one it is a prefix of, or the nearest within 2 edits.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    let prefixed = candidates.filter { $0.hasPrefix(lowered) }
    if prefixed.count == 1 { return prefixed[0] }
    let ranked = candidates.map { (name: $0, distance: editDistance(lowered, $0)) }
      .filter { $0.distance <= 2 }
      .min { $0.distance < $1.distance }
    return ranked?.name
  }

  /// The Levenshtein distance between `a` and `b` (insertions, deletions, substitutions), over characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  private static func names(of command: any ParsableCommand.Type) -> [String] {
    [command._commandName] + (command.configuration.aliases)
  }
}
