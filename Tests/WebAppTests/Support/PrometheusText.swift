import Testing

/// A strict reader of Prometheus' text exposition format (0.0.4), for tests: every line is a `# TYPE`,
/// `# HELP`, or a sample of a family declared above it, or the scrape fails the test.
struct PrometheusText: Sendable {
  struct Sample: Equatable, Sendable {
    let name: String
    let labels: [String: String]
    let value: Double
  }

  private(set) var types: [String: String] = [:]
  private(set) var samples: [Sample] = []

  init(_ text: String) throws {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
      if line.hasPrefix("# TYPE ") {
        let parts = line.dropFirst(7).split(separator: " ")
        try #require(parts.count == 2, "bad TYPE line: \(line)")
        try #require(["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[1]), "\(line)")
        try #require(types[String(parts[0])] == nil, "family declared twice: \(line)")
        types[String(parts[0])] = String(parts[1])
      } else if line.hasPrefix("# HELP ") || line == "#" || line.hasPrefix("# ") {
        continue
      } else {
        samples.append(try Self.sample(String(line), types: types))
      }
    }
  }

  /// The value of the one sample named `name` with exactly `labels`; `nil` when there is none.
  func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
    samples.first { $0.name == name && $0.labels == labels }?.value
  }

  /// The values label `label` takes among the samples named `name`.
  func values(of label: String, in name: String) -> Set<String> {
    Set(samples.filter { $0.name == name }.compactMap { $0.labels[label] })
  }

  private static func sample(_ line: String, types: [String: String]) throws -> Sample {
    let nameEnd = line.firstIndex { $0 == "{" || $0 == " " } ?? line.endIndex
    let name = String(line[..<nameEnd])
    try #require(
      name.wholeMatch(of: /[a-zA-Z_:][a-zA-Z0-9_:]*/) != nil, "bad metric name in: \(line)")
    let family = ["_bucket", "_sum", "_count"]
      .first { name.hasSuffix($0) && types[String(name.dropLast($0.count))] == "histogram" }
      .map { String(name.dropLast($0.count)) } ?? name
    try #require(types[family] != nil, "sample before its TYPE: \(line)")
    var rest = line[nameEnd...]
    var labels: [String: String] = [:]
    if rest.first == "{" {
      rest = rest.dropFirst()
      while rest.first != "}" {
        let equals = try #require(rest.firstIndex(of: "="), "bad labels: \(line)")
        let label = String(rest[..<equals])
        try #require(label.wholeMatch(of: /[a-zA-Z_][a-zA-Z0-9_]*/) != nil, "bad label name in: \(line)")
        rest = rest[rest.index(after: equals)...]
        try #require(rest.first == "\"", "unquoted label value: \(line)")
        rest = rest.dropFirst()
        var value = ""
        while true {
          let character = try #require(rest.first, "unterminated label value: \(line)")
          rest = rest.dropFirst()
          if character == "\"" { break }
          if character == "\\" {
            let escaped = try #require(rest.first, "bad escape: \(line)")
            rest = rest.dropFirst()
            switch escaped {
            case "\\": value.append("\\")
            case "\"": value.append("\"")
            case "n": value.append("\n")
            default: Issue.record("bad escape in: \(line)")
            }
          } else {
            value.append(character)
          }
        }
        try #require(labels[label] == nil, "label given twice: \(line)")
        labels[label] = value
        if rest.first == "," { rest = rest.dropFirst() }
      }
      rest = rest.dropFirst()
    }
    try #require(rest.first == " ", "no space before the value: \(line)")
    let text = String(rest.dropFirst())
    let value = try #require(
      text == "+Inf" ? Double.infinity : text == "-Inf" ? -Double.infinity : Double(text), "bad value: \(line)")
    return Sample(name: name, labels: labels, value: value)
  }
}
