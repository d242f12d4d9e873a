import Foundation
import ScreenRecordings
import SearchFeature
import SignupFeature
import Testing

/// Every recording in `Recordings/` replayed as a test: dropping a file there adds one. Signup
/// recordings are replayed on every engine, Search recordings on both.
@Suite(.timeLimit(.minutes(1)))
struct RecordingFolderTests {
  static let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Recordings")

  /// The recordings' file names, for the tests' arguments.
  static var files: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }

  @Test(arguments: files)
  func recordingReplaysOnEveryEngine(file: String) async throws {
    let json = try Data(contentsOf: Self.folder.appending(path: file))
    if file.hasPrefix("signup") {
      let recording = try SignupRecording(json: json)
      for engine in SignupArchitecture.allCases {
        try await recording.replay(on: engine)
      }
    } else {
      let recording = try SearchRecording(json: json)
      for engine in SearchArchitecture.allCases {
        try await recording.replay(on: engine)
      }
    }
  }

  @Test func theFolderHoldsTwoSessionsOfEachScreen() {
    #expect(Self.files.count { $0.hasPrefix("signup") } >= 2)
    #expect(Self.files.count { $0.hasPrefix("search") } >= 2)
  }
}
