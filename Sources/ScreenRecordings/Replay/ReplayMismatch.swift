import Foundation

/// The first place where a replay parted from its recording: the time, the state's field, what
/// the recording shows and what the replay got; or a request the recording has no answer for.
public struct ReplayMismatch: Error, Sendable, Equatable, CustomStringConvertible {
  /// Milliseconds since the session began.
  public var at: Int
  /// The state's field (its JSON key), or `request` for a request the recording never answered.
  public var field: String
  /// The recorded value, as JSON.
  public var expected: String
  /// The replayed value, as JSON.
  public var got: String

  public init(at: Int, field: String, expected: String, got: String) {
    self.at = at
    self.field = field
    self.expected = expected
    self.got = got
  }

  public var description: String { "At \(at) ms, \(field): expected \(expected), got \(got)" }

  /// The first field (in key order) in which `got` differs from `expected`.
  static func firstDifference<State: Encodable>(at time: Int, expected: State, got: State) -> ReplayMismatch {
    let expectedFields = fields(of: expected)
    let gotFields = fields(of: got)
    for key in Set(expectedFields.keys).union(gotFields.keys).sorted() where expectedFields[key] != gotFields[key] {
      return ReplayMismatch(at: time, field: key, expected: expectedFields[key] ?? "absent", got: gotFields[key] ?? "absent")
    }
    // Equal as JSON but not as values (a field the encoding leaves out): the whole states.
    return ReplayMismatch(at: time, field: "state", expected: "\(expected)", got: "\(got)")
  }

  /// Each top-level field of `state`'s JSON object, as compact JSON with sorted keys.
  static func fields<State: Encodable>(of state: State) -> [String: String] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(state),
      let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
    else { return [:] }
    var fields: [String: String] = [:]
    for (key, value) in object {
      let json = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
      fields[key] = json.flatMap { String(data: $0, encoding: .utf8) } ?? "\(value)"
    }
    return fields
  }
}
