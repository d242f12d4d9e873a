import ArgumentParser
import Foundation
import RepositoryIndex

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `octoreact index …`: manage the local repository index that search reads.
struct IndexCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "index",
    abstract: "Manage the local repository index (SQLite full-text search).",
    subcommands: [Import.self, Sync.self]
  )

  /// `octoreact index import FILE [--index PATH]`.
  struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Import repositories into the index.",
      discussion: """
        FILE is one of: a list of owner/name lines or github.com addresses (blank lines and # comments \
        ignored), a GitHub search response or JSON array of repository objects, or JSON Lines (one \
        repository object per line). The format is detected. Repositories already in the index are \
        updated, so importing a file twice changes nothing. Lines that cannot be imported are skipped \
        and listed.
        """
    )

    /// Issues printed before "… and N more".
    static let maximumIssuesShown = 20

    @Argument(help: ArgumentHelp("The file to import.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The index database file; created with its folder if needed.", valueName: "path"))
    var index: String = DataDirectory.defaultIndexPath

    func run() async throws {
      let repositories = try DatabaseOption.openIndex(at: index)
      defer { try? repositories.close() }

      let progress = ProgressLine(isEnabled: isatty(STDERR_FILENO) == 1)
      let report: ImportReport
      do {
        report = try await repositories.importRepositories(from: URL(fileURLWithPath: file)) { progress.show($0) }
      } catch {
        progress.clear()
        Self.printError("error: \(error)")
        throw ExitCode.failure
      }
      progress.clear()

      for issue in report.issues.prefix(Self.maximumIssuesShown) {
        Self.printError("\(file):\(issue.line): \(Self.printable(issue.message))")
      }
      if report.skipped > Self.maximumIssuesShown {
        Self.printError("… and \(Self.grouped(report.skipped - Self.maximumIssuesShown)) more")
      }
      print(Self.summary(of: report))
      if report.imported == 0 {
        Self.printError("error: nothing could be imported from “\(file)” (read as \(report.format))")
        throw ExitCode.failure
      }
    }

    /// `Imported 1,000 repositories (990 new, 10 updated, 0 unchanged), skipped 3 lines in 9.1 s`.
    static func summary(of report: ImportReport) -> String {
      let seconds = Double(report.duration.components.seconds) + Double(report.duration.components.attoseconds) / 1e18
      let noun = report.imported == 1 ? "repository" : "repositories"
      var text =
        "Imported \(grouped(report.imported)) \(noun) (\(grouped(report.inserted)) new, "
        + "\(grouped(report.updated)) updated, \(grouped(report.unchanged)) unchanged)"
      if report.skipped > 0 {
        text += ", skipped \(grouped(report.skipped)) \(report.skipped == 1 ? "line" : "lines")"
      }
      return text + " in " + String(format: "%.1f s", seconds)
    }

    /// `1234567` → `1,234,567`, whatever the locale.
    static func grouped(_ number: Int) -> String {
      let digits = String(number.magnitude)
      var result = ""
      for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
        result.append(digit)
      }
      return number < 0 ? "-" + result : result
    }

    /// The longest issue message printed, in characters: a skipped line may be up to 1 MiB.
    static let maximumMessageLength = 300

    /// `message` safe for a terminal: control characters (an escape sequence in a line of the file) shown
    /// as `\u{1B}`, and cut after ``maximumMessageLength`` characters.
    static func printable(_ message: String) -> String {
      var result = ""
      for (offset, character) in message.enumerated() {
        guard offset < maximumMessageLength else { return result + "…" }
        let scalars = character.unicodeScalars
        if scalars.contains(where: { $0.properties.generalCategory == .control }) {
          result += scalars.map { "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
        } else {
          result.append(character)
        }
      }
      return result
    }

    static func printError(_ line: String) {
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  }
}

/// The progress line an import redraws on a terminal's standard error (see ``ImportProgressText``).
private final class ProgressLine: Sendable {
  private let isEnabled: Bool
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant

  init(isEnabled: Bool) {
    self.isEnabled = isEnabled
    start = clock.now
  }

  func show(_ progress: ImportProgress) {
    guard isEnabled else { return }
    let text = ImportProgressText.line(for: progress, elapsed: clock.now - start)
    FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
  }

  func clear() {
    guard isEnabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
