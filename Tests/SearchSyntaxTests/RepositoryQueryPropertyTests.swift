import PropertyBased
import SearchSyntax
import Testing

/// Parsing any text never traps: it gives a query or a ``SearchSyntaxError`` whose message is short.
struct RepositoryQueryPropertyTests {
  /// Pieces that meet every branch of the parser: qualifiers, range operators, quotes, huge numbers,
  /// white space of several kinds, control and non-ASCII characters.
  static let fragments = [
    "swift", "language:", "stars:", "forks:", "fork:", "in:", "archived:", "topic:", "user:", "org:", "size:",
    "-", ">", ">=", "<", "<=", "..", "*", "0", "7", "100", "999999999999999999999999", "1000000000", "true",
    "only", "false", "name", ",", "description", "topics", "\"", " ", "\t", "\u{3000}", "\n", ":", "//", "é",
    "语言", "\u{0}", "\u{1F600}", "a-b", "_", "NOT", "NOT ", "-language:", "-stars:", "-in:",
  ]

  @Test func anyTextParsesOrIsRefusedWithoutTrapping() async {
    await propertyCheck(count: 2_000, input: Gen.int(in: 0...(Self.fragments.count - 1)).array(of: 0...24)) {
      indices in
      let text = indices.map { Self.fragments[$0] }.joined()
      do throws(SearchSyntaxError) {
        let query = try RepositoryQuery.parse(text)
        if let stars = query.stars { #expect(stars.lower.map { $0 <= CountRange.maximum } ?? true) }
        #expect(query.text.count <= text.count)
      } catch {
        #expect(error.message.count < 300, "\(text.debugDescription)")
      }
    }
  }
}
