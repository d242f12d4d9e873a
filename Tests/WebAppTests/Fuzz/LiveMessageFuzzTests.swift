import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOCore
import PropertyBased
import Testing
@testable import WebApp

/// The live endpoints under arbitrary messages: each one is taken or refused with its specific error, and
/// the socket keeps serving (a probe sent after it is answered).
///
/// **Bounds:** 150 cases per endpoint, each on its own socket to one real server on loopback (so a
/// limit on refused messages per connection never closes the socket under test).
@Suite(.timeLimit(.minutes(2)))
struct LiveMessageFuzzTests {
  enum Frame: Sendable, CustomStringConvertible {
    case text(String)
    case binary([UInt8])
    var description: String {
      switch self {
      case .text(let text): "text \(text.prefix(200).debugDescription) (\(text.utf8.count) bytes)"
      case .binary(let bytes): "binary (\(bytes.count) bytes)"
      }
    }
  }

  static func frame(using rng: inout FuzzInput.RNG, types: [String]) -> Frame {
    switch Int.random(in: 0..<12, using: &rng) {
    case 0: return .binary(FuzzInput.bytes(using: &rng))
    case 1: return .text(FuzzInput.text(using: &rng, maxLength: 60))
    case 2: return .text(String(repeating: "x", count: Int.random(in: 4_000...8_000, using: &rng)))
    case 3, 4: return .text(FuzzInput.json(using: &rng, keys: ["type", "value"]))
    default:
      // An event as a page sends it, with any type and any value: text of any length, or a wrong type.
      let type =
        Bool.random(using: &rng) ? types.randomElement(using: &rng)! : FuzzInput.text(using: &rng, maxLength: 8)
      let value: String =
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: FuzzInput.quoted(FuzzInput.text(using: &rng, maxLength: 300))
        case 1: FuzzInput.number(using: &rng)
        case 2: ["null", "true", "[]", "{}", "1e400"].randomElement(using: &rng)!
        default: FuzzInput.quoted(FuzzInput.text(using: &rng, maxLength: 20))
        }
      let fields = [#""type":"# + FuzzInput.quoted(type), #""value":"# + value]
      let repeated = Int.random(in: 0..<5, using: &rng) == 0 ? [fields[Int.random(in: 0...1, using: &rng)]] : []
      return .text("{" + (fields + repeated).shuffled(using: &rng).joined(separator: ",") + "}")
    }
  }

  /// The error the server should send for `frame`, judged by the bridge's own decoding; nil when it is taken.
  static func expectedError(
    _ frame: Frame, decode: (String) throws(LiveInputError) -> Void
  ) -> String? {
    guard case .text(let text) = frame else { return LiveInputError.binary.description }
    do throws(LiveInputError) {
      try decode(text)
      return nil
    } catch {
      return error.description
    }
  }

  /// Sends each generated frame, then a probe that is not JSON, on a socket of its own, and checks the
  /// errors received up to the probe's.
  func fuzz(
    _ path: String, types: [String], decode: @escaping @Sendable (String) throws(LiveInputError) -> Void
  ) async throws {
    let app = try await TestApp.withRepositories(["apple/swift", "owner/swift-tool"])
    try await app.application().test(.live) { client in
      await propertyCheck(count: 150, input: FuzzInput.generator { rng in Self.frame(using: &rng, types: types) }) {
        frame in
        let probe = "probe"
        let expected = [Self.expectedError(frame, decode: decode), Self.expectedError(.text(probe), decode: decode)]
          .compactMap(\.self)
        try await client.ws(path) { inbound, outbound, _ in
          switch frame {
          case .text(let text): try await outbound.write(.text(text))
          case .binary(let bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
          }
          try await outbound.write(.text(probe))
          var errors: [String] = []
          for try await message in inbound.messages(maxSize: 1 << 20) {
            guard case .text(let text) = message else { continue }
            let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
            let type = object?["type"] as? String
            #expect(
              ["state", "error", "inspect", "recording"].contains(type), "unexpected message \(text.prefix(200)) for \(frame)")
            guard type == "error" else { continue }
            errors.append(object?["message"] as? String ?? "")
            if errors.count == expected.count { break }
          }
          #expect(errors == expected, "for \(frame)")
        }
      }
    }
  }

  @Test func anyMessageToLiveSignupIsTakenOrRefusedWithItsError() async throws {
    let configuration = TestApp.defaultConfiguration
    try await fuzz(
      "/live/signup",
      types: ["usernameChanged", "passwordChanged", "repeatedPasswordChanged", "signup", "dismissOutcome", "recording"]
    ) { text throws(LiveInputError) in
      let input = try LiveInput(
        text, maxBytes: configuration.maxLiveMessageBytes, maxCharacters: configuration.maxFieldCharacters)
      // A page opened without `?inspect` keeps no recording.
      if input.type == LiveInspector.recordingRequest { throw .notInspected }
      _ = try LiveSignupScreen.action(from: input)
    }
  }

  @Test func anyMessageToAnInspectedLivePageIsTakenOrRefusedWithItsError() async throws {
    let configuration = TestApp.defaultConfiguration
    try await fuzz("/live/search?inspect", types: ["query", "loadNextPage", "retry", "recording"]) {
      text throws(LiveInputError) in
      let input = try LiveInput(
        text, maxBytes: configuration.maxLiveMessageBytes, maxCharacters: configuration.maxFieldCharacters)
      // The first recording a session asks for is answered with it, not with an error.
      if input.type == LiveInspector.recordingRequest { return }
      _ = try LiveSearchScreen.action(from: input)
    }
  }

  @Test func anyMessageToLiveSearchIsTakenOrRefusedWithItsError() async throws {
    let configuration = TestApp.defaultConfiguration
    try await fuzz("/live/search", types: ["query", "loadNextPage", "retry"]) { text throws(LiveInputError) in
      _ = try LiveSearchScreen.action(
        from: LiveInput(
          text, maxBytes: configuration.maxLiveMessageBytes, maxCharacters: configuration.maxFieldCharacters))
    }
  }
}
