import SearchSyntax
import Testing

/// The parse of GitHub's repository search syntax: words, each qualifier, and each refusal.
struct RepositoryQueryTests {
  @Test func theHelpsOwnExampleParses() throws {
    let query = try RepositoryQuery.parse("swift language:swift stars:>100")
    #expect(query.text == "swift")
    #expect(query.languages == ["swift"])
    #expect(query.stars == CountRange(lower: 101, upper: nil))
    #expect(query.hasQualifiers)
  }

  @Test func plainTextHasNoQualifiers() throws {
    let query = try RepositoryQuery.parse("  swift   nio  ")
    #expect(query == RepositoryQuery(text: "swift nio"))
    #expect(!query.hasQualifiers)
    #expect(query.fork == .excluded)
  }

  @Test func everyRangeForm() throws {
    let cases: [(String, CountRange)] = [
      (">100", CountRange(lower: 101, upper: nil)),
      (">=100", CountRange(lower: 100, upper: nil)),
      ("<100", CountRange(lower: nil, upper: 99)),
      ("<=100", CountRange(lower: nil, upper: 100)),
      ("10..50", CountRange(lower: 10, upper: 50)),
      ("10..*", CountRange(lower: 10, upper: nil)),
      ("*..50", CountRange(lower: nil, upper: 50)),
      ("42", CountRange(lower: 42, upper: 42)),
      ("0001000000000", CountRange(lower: 1_000_000_000, upper: 1_000_000_000)),
    ]
    for (text, range) in cases {
      #expect(try RepositoryQuery.parse("stars:\(text)").stars == range, "stars:\(text)")
      #expect(try RepositoryQuery.parse("forks:\(text)").forks == range, "forks:\(text)")
    }
  }

  @Test func everyQualifier() throws {
    let query = try RepositoryQuery.parse(
      #"user:apple org:swiftlang language:"Jupyter Notebook" fork:only in:name,topics archived:false topic:Server topic:nio"#)
    #expect(query.text.isEmpty)
    #expect(query.owners == ["apple", "swiftlang"])
    #expect(query.languages == ["jupyter notebook"])
    #expect(query.fork == .only)
    #expect(query.fields == [.name, .topics])
    #expect(query.archived == false)
    #expect(query.topics == ["server", "nio"])
    #expect(try RepositoryQuery.parse("fork:true").fork == .included)
    #expect(try RepositoryQuery.parse("Language:Swift").languages == ["swift"])
  }

  @Test func quotesGroupWordsAndLinksAreText() throws {
    #expect(try RepositoryQuery.parse(#""swift nio" http://example.com"#).text == "swift nio http://example.com")
    #expect(try RepositoryQuery.parse(#"unclosed "quote language:swift"#).languages.isEmpty)
    #expect(try RepositoryQuery.parse("c++ 2:1 ::").text == "c++ 2:1 ::")
  }

  @Test func aHyphenOrNOTExcludesTheWordAfterIt() throws {
    let query = try RepositoryQuery.parse(#"swift -ios NOT vapor -"hello world" NOT "big data" a-b"#)
    #expect(query.text == "swift a-b")
    #expect(query.excluded.words == ["ios", "vapor", "hello world", "big data"])
    #expect(query.hasQualifiers, "an exclusion is not plain text")
    var onlyExcluded = RepositoryQuery()
    onlyExcluded.excluded.words = ["swift"]
    #expect(try RepositoryQuery.parse("-swift") == onlyExcluded)
  }

  @Test func aLoneHyphenAndATrailingNOTAreWords() throws {
    #expect(try RepositoryQuery.parse("a - b") == RepositoryQuery(text: "a - b"))
    #expect(try RepositoryQuery.parse("swift NOT") == RepositoryQuery(text: "swift NOT"))
    #expect(try RepositoryQuery.parse("not swift") == RepositoryQuery(text: "not swift"), "GitHub's NOT is upper case")
  }

  @Test func aNegatedQualifierExcludesWhatItWouldMatch() throws {
    let query = try RepositoryQuery.parse(
      "-language:Swift -user:apple -org:vapor -topic:Server -stars:>100 -forks:0 -archived:true NOT language:c")
    #expect(query.text.isEmpty)
    #expect(query.languages.isEmpty)
    #expect(query.excluded.languages == ["swift", "c"])
    #expect(query.excluded.owners == ["apple", "vapor"])
    #expect(query.excluded.topics == ["server"])
    #expect(query.excluded.stars == [CountRange(lower: 101, upper: nil)])
    #expect(query.excluded.forks == [CountRange(lower: 0, upper: 0)])
    #expect(query.excluded.archived == [true])
    // A negated qualifier's value is checked as the qualifier checks it.
    #expect(throws: SearchSyntaxError.self) { try RepositoryQuery.parse("-stars:lots") }
  }

  @Test func anUnsupportedQualifierIsRefusedByName() {
    #expect(throws: SearchSyntaxError(.unsupportedQualifier("size"))) { try RepositoryQuery.parse("swift size:>10") }
    #expect(throws: SearchSyntaxError(.unsupportedQualifier("-in"))) { try RepositoryQuery.parse("swift -in:name") }
    #expect(throws: SearchSyntaxError(.unsupportedQualifier("-fork"))) { try RepositoryQuery.parse("NOT fork:true") }
    #expect(throws: SearchSyntaxError(.unsupportedQualifier("-size"))) { try RepositoryQuery.parse("-size:>10") }
    let error = #expect(throws: SearchSyntaxError.self) { try RepositoryQuery.parse("is:public") }
    #expect(error?.message == "The qualifier “is:” is not supported. Supported: \(RepositoryQuery.supportedQualifiers).")
    #expect(error?.field == "q")
  }

  @Test func badValuesAreRefusedWithWhatTheQualifierTakes() {
    for text in [
      "stars:lots", "stars:", "stars:>", "stars:1..2..3", "stars:-5", "stars:1e3", "stars:+5", "fork:yes",
      "archived:maybe", "in:readme", "in:name,", "user:", "user:a_b", "topic:swift_ui", "language:",
    ] {
      let error = #expect(throws: SearchSyntaxError.self, "\(text)") { try RepositoryQuery.parse(text) }
      guard case .invalidValue = error?.kind else {
        Issue.record("\(text): \(String(describing: error))")
        continue
      }
    }
  }

  @Test func numbersAreRangeChecked() {
    #expect(throws: SearchSyntaxError(.numberOutOfRange(qualifier: "stars", value: ">1000000001"))) {
      try RepositoryQuery.parse("stars:>1000000001")
    }
    #expect(throws: SearchSyntaxError.self) { try RepositoryQuery.parse("stars:99999999999999999999999999") }
    #expect(throws: SearchSyntaxError(.emptyRange(qualifier: "stars", value: "5..2"))) {
      try RepositoryQuery.parse("stars:5..2")
    }
    #expect(throws: SearchSyntaxError(.emptyRange(qualifier: "forks", value: "<0"))) {
      try RepositoryQuery.parse("forks:<0")
    }
    #expect(throws: SearchSyntaxError(.emptyRange(qualifier: "stars", value: ">1000000000"))) {
      try RepositoryQuery.parse("stars:>1000000000")
    }
  }

  @Test func aLongValueIsQuotedShort() {
    let long = String(repeating: "x", count: 500)
    let error = #expect(throws: SearchSyntaxError.self) { try RepositoryQuery.parse("fork:\(long)") }
    #expect((error?.message.count ?? .max) < 200)
  }
}
