import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import WebApp

/// `/docs` serves the DocC archive `scripts/build-docs` makes, when there is one (issue 25).
@Suite(.timeLimit(.minutes(1)))
struct DocsControllerTests {
  /// A folder laid out as DocC's static hosting lays out an archive.
  private func makeArchive() throws -> URL {
    let archive = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID().uuidString)")
    let page = archive.appendingPathComponent("documentation/octoreactcore")
    try FileManager.default.createDirectory(at: page, withIntermediateDirectories: true)
    try Data("<title>OctoreactCore</title>".utf8).write(to: page.appendingPathComponent("index.html"))
    try Data("{}".utf8).write(to: archive.appendingPathComponent("theme-settings.json"))
    return archive
  }

  private func application(archive: String) -> some ApplicationProtocol {
    let router = Router(context: AppRequestContext.self)
    DocsController(archive: archive, logger: Logger(label: "test")).addRoutes(to: router)
    return Application(router: router)
  }

  @Test func aPageOfTheArchiveIsServedByItsFoldersIndex() async throws {
    let archive = try makeArchive()
    defer { try? FileManager.default.removeItem(at: archive) }
    try await application(archive: archive.path).test(.router) { client in
      let page = try await client.execute(uri: "/docs/documentation/octoreactcore/", method: .get)
      #expect(page.status == .ok)
      #expect(String(buffer: page.body) == "<title>OctoreactCore</title>")
      let withoutSlash = try await client.execute(uri: "/docs/documentation/octoreactcore", method: .get)
      #expect(withoutSlash.status == .movedPermanently)
      #expect(withoutSlash.headers[.location] == "/docs/documentation/octoreactcore/")
      let root = try await client.execute(uri: "/docs", method: .get)
      #expect(root.headers[.location] == "/docs/documentation/")
      let file = try await client.execute(uri: "/docs/theme-settings.json", method: .get)
      #expect(file.status == .ok && String(buffer: file.body) == "{}")
    }
  }

  @Test func nothingOutsideTheArchiveIsServed() async throws {
    let archive = try makeArchive()
    defer { try? FileManager.default.removeItem(at: archive) }
    try await application(archive: archive.path).test(.router) { client in
      for path in ["/docs/../Package.swift", "/docs/%2e%2e/%2e%2e/etc/passwd", "/docs/nothing-here.html"] {
        let response = try await client.execute(uri: path, method: .get)
        #expect([.notFound, .badRequest].contains(response.status), "\(path)")
        #expect(!String(buffer: response.body).contains("swift-tools-version"), "\(path)")
      }
    }
  }

  @Test func withoutAnArchiveThereIsNoDocsRoute() async throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-docs-\(UUID().uuidString)")
    try await application(archive: missing.path).test(.router) { client in
      let root = try await client.execute(uri: "/docs", method: .get)
      #expect(root.status == .notFound)
      let page = try await client.execute(uri: "/docs/documentation/", method: .get)
      #expect(page.status == .notFound)
    }
  }
}
