import Foundation
import Testing

/// The README's Swift examples are the code the other tests in this target compile and run: each
/// README block equals the regions marked `// README: <section>` … `// README: end` in these files,
/// joined by a blank line.
struct ReadmeExamplesTests {
  static let directory = URL(filePath: #filePath).deletingLastPathComponent()
  static let readme = directory.appending(path: "../../README.md").standardized

  @Test(arguments: [
    ("Writing a reactor", "CounterReactorExampleTests.swift"),
    ("Using a reactor from SwiftUI", "SignupViewExampleTests.swift"),
  ])
  func theReadmeBlockIsTheTestedCode(section: String, file: String) throws {
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    let source = try String(contentsOf: Self.directory.appending(path: file), encoding: .utf8)
    let block = try #require(Self.swiftBlock(under: section, in: readme), "no Swift block under \"\(section)\"")
    #expect(Self.markedRegions(section, in: source).joined(separator: "\n\n") == block)
  }

  /// The first fenced Swift block after the heading `## section`.
  static func swiftBlock(under section: String, in markdown: String) -> String? {
    guard let heading = markdown.range(of: "\n## \(section)\n"),
      let open = markdown.range(of: "```swift\n", range: heading.upperBound..<markdown.endIndex),
      let close = markdown.range(of: "\n```\n", range: open.upperBound..<markdown.endIndex)
    else { return nil }
    return String(markdown[open.upperBound..<close.lowerBound])
  }

  /// Each region between `// README: section` and `// README: end`, without its common indentation.
  static func markedRegions(_ section: String, in source: String) -> [String] {
    var regions: [String] = []
    var current: [Substring]?
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let marker = line.trimmingCharacters(in: .whitespaces)
      if marker == "// README: \(section)" {
        current = []
      } else if marker == "// README: end", let lines = current {
        regions.append(dedented(lines))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return regions
  }

  static func dedented(_ lines: [Substring]) -> String {
    let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { $0.dropFirst(min(indent, $0.count)) }.joined(separator: "\n")
  }
}
