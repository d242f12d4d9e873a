public import Foundation

/// A recorded session of one screen: what the user did, what the outside world answered, and what
/// the screen showed, each with its time in milliseconds since the session began.
///
/// One JSON document (``encoded()``, ``init(json:)``), for example:
///
/// ```json
/// { "formatVersion": 1, "screen": "signup", "engine": "reactor", "language": "en",
///   "inputs":  [ { "at": 0, "event": "usernameChanged", "text": "octo" } ],
///   "answers": [ { "at": 200, "requestedAt": 0, "request": "usernameAvailable", "username": "octo",
///                  "available": true } ],
///   "states":  [ { "at": 0, "username": { "empty": {} }, "isSignupEnabled": false, … }, … ] }
/// ```
///
/// Passwords never appear: a recorder replaces each by a placeholder of the same length that keeps
/// equality (``PasswordMask``). A recording replays as a test: ``SignupRecording/replay(on:)``,
/// ``SearchRecording/replay(on:)``.
public struct ScreenRecording<Screen: RecordableScreen>: Sendable, Equatable, Codable {
  /// The version of the format this module writes and reads.
  public static var currentFormatVersion: Int { 1 }

  public var formatVersion: Int
  public var screen: ScreenKind
  /// The engine that ran the screen: a `SignupArchitecture` or `SearchArchitecture` raw value.
  public var engine: String
  /// The language of the screen's messages (a `Language` raw value).
  public var language: String
  /// False when the recorder reached its limit and stopped adding entries.
  public var isComplete: Bool
  public var inputs: [Timed<Screen.Input>]
  public var answers: [Timed<Screen.Answer>]
  public var states: [Timed<Screen.State>]

  public init(
    engine: String, language: String = "en", isComplete: Bool = true, inputs: [Timed<Screen.Input>] = [],
    answers: [Timed<Screen.Answer>] = [], states: [Timed<Screen.State>] = []
  ) {
    formatVersion = Self.currentFormatVersion
    screen = Screen.kind
    self.engine = engine
    self.language = language
    self.isComplete = isComplete
    self.inputs = inputs
    self.answers = answers
    self.states = states
  }

  /// Reads a recording, refusing one of another format version or another screen with a clear error.
  public init(json: Data) throws(RecordingError) {
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: json)
    } catch {
      throw .unreadable(String(describing: error))
    }
    guard header.formatVersion == Self.currentFormatVersion else {
      throw .unsupportedFormatVersion(header.formatVersion, supported: Self.currentFormatVersion)
    }
    guard header.screen == Screen.kind.rawValue else { throw .wrongScreen(header.screen, expected: Screen.kind) }
    do {
      self = try JSONDecoder().decode(Self.self, from: json)
    } catch {
      throw .unreadable(String(describing: error))
    }
  }

  /// The JSON document, keys sorted so that two recordings of the same session are the same bytes.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// The engine to replay on: `engine`, or the recorded one when `nil`; refuses an incomplete
  /// recording or an engine name this screen does not have.
  func engineToReplay<Engine: RawRepresentable<String>>(_ engine: Engine?) throws(RecordingError) -> Engine {
    guard isComplete else { throw .incomplete }
    guard let engine = engine ?? Engine(rawValue: self.engine) else { throw .unknownEngine(self.engine) }
    return engine
  }

  /// The fields read first, to refuse a document this type cannot read before decoding the rest.
  private struct Header: Decodable {
    let formatVersion: Int
    let screen: String
  }
}

/// The screens a recording can be of.
public enum ScreenKind: String, Sendable, Codable, CaseIterable {
  case signup
  case search
}

/// What a screen's recordings hold: its inputs, the answers it gets from outside, its states.
public protocol RecordableScreen: Sendable {
  associatedtype Input: Sendable & Equatable & Codable
  associatedtype Answer: Sendable & Equatable & Codable
  associatedtype State: Sendable & Equatable & Codable
  static var kind: ScreenKind { get }
}

/// A value and its time in milliseconds since the session began: `{"at": 120, …}`, the value's
/// fields beside `at`.
public struct Timed<Value: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
  /// Milliseconds since the session began, on the screen's clock.
  public var at: Int
  public var value: Value

  public init(at: Int, _ value: Value) {
    self.at = at
    self.value = value
  }

  private enum CodingKeys: String, CodingKey { case at }

  public init(from decoder: any Decoder) throws {
    at = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .at)
    value = try Value(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(at, forKey: .at)
    try value.encode(to: encoder)
  }
}

/// Why a recording could not be read.
public enum RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Not a recording: the decoder's explanation.
  case unreadable(String)
  case unsupportedFormatVersion(Int, supported: Int)
  case wrongScreen(String, expected: ScreenKind)
  /// The recorder stopped at its limit: the session's end is missing, so it cannot be replayed.
  case incomplete
  /// The recording names an engine this screen does not have.
  case unknownEngine(String)

  public var description: String {
    switch self {
    case .unreadable(let reason): "Not a screen recording: \(reason)"
    case .unsupportedFormatVersion(let found, let supported):
      "Recording format version \(found) is not supported (this build reads version \(supported))"
    case .wrongScreen(let found, let expected): "A recording of the \(found) screen, not of the \(expected.rawValue) screen"
    case .incomplete: "The recording is incomplete (the recorder reached its limit): it cannot be replayed"
    case .unknownEngine(let engine): "The recording names an unknown engine: \(engine)"
    }
  }
}
