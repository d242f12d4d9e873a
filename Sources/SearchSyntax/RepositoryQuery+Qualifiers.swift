extension RepositoryQuery {
  /// Records one `name:value`, checking the value as the qualifier requires.
  mutating func apply(qualifier: Substring, value rawValue: Substring) throws(SearchSyntaxError) {
    let name = qualifier.lowercased()
    // `language:"Jupyter Notebook"`: quotes group words, they are not part of the value.
    let value = Substring(rawValue.replacing("\"", with: ""))
    func invalid(_ expected: String) -> SearchSyntaxError {
      SearchSyntaxError(
        .invalidValue(
          qualifier: SearchSyntaxError.quoted(name), value: SearchSyntaxError.quoted(value), expected: expected))
    }
    switch name {
    case "user", "org":
      guard Self.isLogin(value) else { throw invalid("a user or organization name") }
      owners.append(String(value))
    case "language":
      guard !value.isEmpty, value.count <= 50, value.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) else {
        throw invalid("a language name, such as swift")
      }
      languages.append(value.lowercased())
    case "topic":
      guard Self.isTopic(value) else { throw invalid("a topic: lower-case letters, digits and hyphens") }
      topics.append(value.lowercased())
    case "stars", "forks":
      let range: CountRange
      do throws(CountRange.Problem) {
        range = try CountRange.parse(value)
      } catch {
        let quotedValue = SearchSyntaxError.quoted(value)
        switch error {
        case .malformed: throw invalid("a number or a range: >N, >=N, <N, <=N, N..M or N")
        case .outOfRange: throw SearchSyntaxError(.numberOutOfRange(qualifier: name, value: quotedValue))
        case .empty: throw SearchSyntaxError(.emptyRange(qualifier: name, value: quotedValue))
        }
      }
      if name == "stars" { stars = range } else { forks = range }
    case "fork":
      switch value.lowercased() {
      case "true": fork = .included
      case "only": fork = .only
      default: throw invalid("true or only")
      }
    case "archived":
      switch value.lowercased() {
      case "true": archived = true
      case "false": archived = false
      default: throw invalid("true or false")
      }
    case "in":
      var chosen = fields ?? []
      for part in value.split(separator: ",", omittingEmptySubsequences: false) {
        guard let field = Field(rawValue: part.lowercased()) else { throw invalid("name, description or topics") }
        chosen.insert(field)
      }
      fields = chosen
    default:
      throw SearchSyntaxError(.unsupportedQualifier(SearchSyntaxError.quoted(qualifier)))
    }
  }

  /// A GitHub login as it may exist: 1 to 39 ASCII letters, digits and hyphens.
  private static func isLogin(_ value: Substring) -> Bool {
    (1...39).contains(value.utf8.count)
      && value.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
          true
        default: false
        }
      }
  }

  /// A GitHub topic: 1 to 50 ASCII letters, digits and hyphens (GitHub stores them in lower case).
  private static func isTopic(_ value: Substring) -> Bool {
    (1...50).contains(value.utf8.count)
      && value.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
          true
        default: false
        }
      }
  }
}
