import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

/// `GET /search/repositories` with numbers out of any range: GitHub's 422, never a trap.
@Suite(.timeLimit(.minutes(1)))
struct SearchAPIRangeTests {
  /// The request that killed the server: `(page - 1) * perPage` overflowed and trapped (SIGILL).
  @Test(arguments: [
    "page=307445734561825862",
    "page=9223372036854775807",
    "page=9223372036854775807&per_page=100",
    "page=9223372036854775807&per_page=9223372036854775807",
    "page=4611686018427387904&per_page=-9223372036854775808",
    "page=35",
  ])
  func aPageFarBeyondTheThousandthResultIsA422(_ parameters: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/search/repositories?q=swift&\(parameters)", method: .get)
      #expect(response.status == .unprocessableContent)
      #expect(response.json["message"] as? String == "Only the first 1000 search results are available")
    }
  }

  @Test(arguments: [
    "page=-9223372036854775808",
    "page=-1",
    "page=99999999999999999999999",
    "per_page=99999999999999999999999",
    "page=1e3",
    "page=%2B%2B1",
  ])
  func aPageOrPerPageThatIsNoWholeNumberOrBelowOneIsA422(_ parameters: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/search/repositories?q=swift&\(parameters)", method: .get)
      #expect(response.status == .unprocessableContent)
      #expect(response.json["message"] as? String == "Validation Failed")
    }
  }

  @Test(arguments: ["per_page=9223372036854775807", "per_page=-9223372036854775808", "per_page=0"])
  func anyWholePerPageIsClamped(_ parameters: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/search/repositories?q=swift&\(parameters)", method: .get)
      #expect(response.status == .ok)
    }
  }
}
