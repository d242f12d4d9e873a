import ArgumentParser
import Foundation
import ScreenRecordings
import SearchFeature
import SignupFeature

/// `octoreact replay FILE…`: replays recordings that the inspector's "Download recording" saved (a live page
/// opened with `?inspect`), each on a new screen in virtual time, and says whether the screen still shows
/// what it showed then. A mismatch or an unreadable file is one line on standard error and exit status 1.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay recorded sessions of a live page and check that the states still match.",
    discussion: """
      A recording holds what the user did, every answer the screen got from outside and every state it \
      showed. The replay sends the same inputs at the same (virtual) times, answers the same requests with the \
      recorded answers and compares the states; it needs no server. To keep a session as a test, put its file \
      in Tests/ScreenRecordingsTests/Recordings.
      """
  )

  @Argument(help: ArgumentHelp("Recording files (JSON).", valueName: "file"))
  var files: [String]

  @Option(help: "Replay on this engine instead of the recorded one (a Signup recording replays on any).")
  var engine: String?

  func run() async throws {
    var failed = 0
    for file in files {
      do {
        let summary = try await replay(Data(contentsOf: URL(fileURLWithPath: file)))
        print("\(file): \(summary): states match")
      } catch {
        failed += 1
        FileHandle.standardError.write(Data("\(file): \(Self.describe(error))\n".utf8))
      }
    }
    if failed > 0 { throw ExitCode.failure }
  }

  /// Replays one recording of either screen; a summary of what was replayed.
  private func replay(_ json: Data) async throws -> String {
    let screen: ScreenKind
    do {
      screen = try JSONDecoder().decode(Header.self, from: json).screen
    } catch {
      throw RecordingError.unreadable(String(describing: error))
    }
    switch screen {
    case .signup:
      let recording = try SignupRecording(json: json)
      try await recording.replay(on: try engine.map { try Self.engine(SignupArchitecture.self, named: $0) })
      return "signup on \(engine ?? recording.engine), \(recording.inputs.count) inputs"
    case .search:
      let recording = try SearchRecording(json: json)
      try await recording.replay(on: try engine.map { try Self.engine(SearchArchitecture.self, named: $0) })
      return "search on \(engine ?? recording.engine), \(recording.inputs.count) inputs"
    }
  }

  private static func engine<Engine: RawRepresentable<String> & CaseIterable>(
    _: Engine.Type, named name: String
  ) throws -> Engine {
    guard let engine = Engine(rawValue: name) else {
      let names = Engine.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("unknown engine \(name) for this recording: use \(names)")
    }
    return engine
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case let mismatch as ReplayMismatch: "the replay differs: \(mismatch)"
    case let error as CocoaError where error.code == .fileReadNoSuchFile: "no such file"
    default: "\(error)"
    }
  }

  /// The field that says which screen a recording is of.
  private struct Header: Decodable {
    let screen: ScreenKind
  }
}
