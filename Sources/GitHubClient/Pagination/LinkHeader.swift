import Foundation

/// An HTTP `Link` header (RFC 8288) as a list of links, parsed leniently and formatted canonically.
///
/// Parsing accepts any order and spacing, quoted or bare parameter values, several relation types in one `rel`
/// (`rel="next last"`), commas and semicolons inside `<…>` and quoted strings, and skips values it cannot read
/// instead of failing. Formatting writes `<url>; rel="…"` values joined by `, `, as GitHub does. For example:
///
/// ```swift
/// let header = LinkHeader(parsing: #"<https://api.github.com/search/repositories?q=x&page=2>; rel="next""#)
/// header.target(rel: "next")   // "https://api.github.com/search/repositories?q=x&page=2"
/// header.description           // the same text back
/// ```
public struct LinkHeader: Sendable, Hashable, CustomStringConvertible {
  /// One link: a target URL and its relation types.
  public struct Link: Sendable, Hashable {
    /// The URL between `<` and `>`, as written.
    public var target: String
    /// The relation types of `rel`, lowercased, such as `["next"]`; empty when the link has none.
    public var relations: [String]
    /// The other parameters (`title`, `type`, …) by lowercased name, unquoted; the first of a name wins.
    public var parameters: [String: String]

    /// Creates a link; relation types are lowercased.
    public init(target: String, relations: [String], parameters: [String: String] = [:]) {
      self.target = target
      self.relations = relations.map { $0.lowercased() }
      self.parameters = parameters
    }
  }

  /// The links in the order they were written.
  public var links: [Link]

  /// Creates a header from its links.
  public init(links: [Link]) {
    self.links = links
  }

  /// Parses a header value; several `Link` header lines can be joined with `,` first.
  public init(parsing value: String) {
    var parser = Parser(value)
    self.links = parser.links()
  }

  /// The target of the first link with the relation type `rel` (compared case-insensitively).
  public func target(rel: String) -> String? {
    let rel = rel.lowercased()
    return links.first { $0.relations.contains(rel) }?.target
  }

  /// The header value: `<url>; rel="next", <url>; rel="last"`; other parameters follow `rel`, sorted by name.
  public var description: String {
    links.map { link in
      var text = "<" + link.target.replacingOccurrences(of: ">", with: "%3E") + ">"
      if !link.relations.isEmpty {
        text += "; rel=" + Self.quoted(link.relations.joined(separator: " "))
      }
      for name in link.parameters.keys.sorted() {
        text += "; \(name)=" + Self.quoted(link.parameters[name] ?? "")
      }
      return text
    }
    .joined(separator: ", ")
  }

  private static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}

extension LinkHeader {
  /// A one-pass scanner over a `Link` header value.
  private struct Parser {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
      characters = Array(text)
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    mutating func links() -> [Link] {
      var links: [Link] = []
      while true {
        skip { $0.isWhitespace || $0 == "," }
        guard let character = current else { return links }
        guard character == "<" else {
          skipValue()
          continue
        }
        index += 1
        let start = index
        skip { $0 != ">" }
        guard current == ">" else { return links }  // an unterminated target ends the header
        let target = String(characters[start..<index]).trimmingWhitespace()
        index += 1
        links.append(link(target: target))
      }
    }

    /// Reads the `; name=value` parameters after a target, up to the next `,` between values.
    private mutating func link(target: String) -> Link {
      var relations: [String]?
      var parameters: [String: String] = [:]
      while true {
        skip(\.isWhitespace)
        guard current == ";" else {
          // A `,` or the end closes the value; anything else is malformed and skipped to the next value.
          if current != nil && current != "," { skipValue() }
          break
        }
        index += 1
        skip(\.isWhitespace)
        let name = token().lowercased()
        skip(\.isWhitespace)
        var value = ""
        if current == "=" {
          index += 1
          skip(\.isWhitespace)
          value = current == "\"" ? quotedString() : token()
        }
        guard !name.isEmpty else { continue }
        if name == "rel" {
          if relations == nil {
            relations = value.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
          }
        } else if parameters[name] == nil {
          parameters[name] = value
        }
      }
      return Link(target: target, relations: relations ?? [], parameters: parameters)
    }

    /// A bare token: up to whitespace, `;`, `,` or `=`.
    private mutating func token() -> String {
      let start = index
      skip { !$0.isWhitespace && $0 != ";" && $0 != "," && $0 != "=" }
      return String(characters[start..<index])
    }

    /// A quoted string starting at `"`, with `\` escapes; an unterminated one runs to the end.
    private mutating func quotedString() -> String {
      index += 1
      var text = ""
      while let character = current {
        index += 1
        switch character {
        case "\"": return text
        case "\\":
          if let escaped = current {
            text.append(escaped)
            index += 1
          }
        default: text.append(character)
        }
      }
      return text
    }

    /// Skips to the `,` that ends the current value, stepping over quoted strings and `<…>`.
    private mutating func skipValue() {
      while let character = current, character != "," {
        switch character {
        case "\"": _ = quotedString()
        case "<":
          skip { $0 != ">" }
          if current != nil { index += 1 }
        default: index += 1
        }
      }
    }

    private mutating func skip(_ predicate: (Character) -> Bool) {
      while let character = current, predicate(character) { index += 1 }
    }
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
