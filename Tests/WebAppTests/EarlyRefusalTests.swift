import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

/// On a real server, over raw sockets: a body where none belongs is refused at its head, a connection
/// whose client says so is closed after the answer, and probes do not hold a connection.
///
/// The default deadlines stand (a 30 s body timeout, a 60 s idle one): a server that waited for the body
/// or kept the connection would answer 408 or hit the safety bound, not what is asserted.
@Suite(.timeLimit(.minutes(1)))
struct EarlyRefusalTests {
  /// A real server with `limits` (the defaults unless told), as the connection guard's own tests start one.
  func withServer(
    _ limits: ConnectionLimits = ConnectionLimits(), _ body: @escaping @Sendable (_ port: Int) async throws -> Void
  ) async throws {
    try await ConnectionGuardTests().withServer(limits, body)
  }

  static let refusedHeads: [(name: String, head: String)] = [
    ("GET with a 100 GB body", "GET /users/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000000000\r\n\r\n"),
    ("HEAD with a body", "HEAD /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\n"),
    ("chunked GET", "GET /search/repositories?q=a HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"),
    ("POST /users declaring 1 TB", "POST /users HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000000000000\r\n\r\n"),
  ]

  @Test(arguments: Self.refusedHeads.indices)
  func aBodyWhereNoneBelongsIsRefusedAtItsHeadAndClosed(_ index: Int) async throws {
    let head = Self.refusedHeads[index].head
    try await withServer { port in
      let reply = try await RawConnection.with(port: port) { connection in
        try await connection.send(head)
        return await connection.readToEnd()
      }
      #expect(reply.statuses == [413], "\(Self.refusedHeads[index].name)")
      #expect(reply.text.lowercased().contains("connection: close"))
      #expect(reply.closedByServer)
    }
  }

  @Test func aRefusedHeadBehindAPipelinedRequestIsAnsweredAfterIt() async throws {
    try await withServer { port in
      let reply = try await RawConnection.with(port: port) { connection in
        try await connection.send(
          "GET /users/nobody HTTP/1.1\r\nHost: localhost\r\n\r\n"
            + "GET /users/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 99999999\r\n\r\n")
        return await connection.readToEnd()
      }
      #expect(reply.statuses == [404, 413])
      #expect(reply.closedByServer)
    }
  }

  @Test func anHTTP10RequestWithoutKeepAliveIsClosedAfterItsAnswer() async throws {
    try await withServer { port in
      let reply = try await RawConnection.with(port: port) { connection in
        try await connection.send("GET /users/nobody HTTP/1.0\r\nHost: localhost\r\n\r\n")
        return await connection.readToEnd()
      }
      #expect(reply.statuses == [404])
      #expect(reply.text.lowercased().contains("connection: close"))
      #expect(reply.closedByServer)
    }
  }

  @Test func aRequestAskingForCloseIsClosedAfterItsAnswer() async throws {
    try await withServer { port in
      let reply = try await RawConnection.with(port: port) { connection in
        try await connection.send("GET /users/nobody HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        return await connection.readToEnd()
      }
      #expect(reply.statuses == [404])
      #expect(reply.closedByServer)
    }
  }

  /// Probes every 100 ms for 4 s do not keep a connection past its 500 ms idle timeout, which runs from the
  /// opening: the server closes it while they still come, so most are never answered (were the deadline
  /// renewed by each, all 40 would be).
  @Test func probesDoNotHoldAConnection() async throws {
    try await withServer(ConnectionLimits(idleTimeout: .milliseconds(500))) { port in
      let reply = try await RawConnection.with(port: port) { connection in
        for path in Array(repeating: ["/healthz", "/readyz", "/metrics", "/healthz"], count: 10).joined() {
          try? await connection.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
          try? await Task.sleep(for: .milliseconds(100))
        }
        return await connection.readToEnd()
      }
      #expect(reply.closedByServer)
      #expect(reply.statuses.count < 40)
      #expect(reply.statuses.allSatisfy { $0 == 200 })
    }
  }

  @Test func aKeepAliveRequestKeepsItsConnection() async throws {
    try await withServer { port in
      let statuses = try await RawConnection.with(port: port) { connection in
        try await connection.send("GET /users/nobody HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(await connection.read(until: "\r\n\r\n"))
        try await connection.send("GET /users/nobody2 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        return await connection.readToEnd().statuses
      }
      #expect(statuses == [404, 404])
    }
  }
}
