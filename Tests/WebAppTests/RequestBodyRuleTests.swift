import NIOHTTP1
import Testing
@testable import WebApp

/// Which bodies are refused at their head.
struct RequestBodyRuleTests {
  let rule = RequestBodyRule(maxBytes: 16 * 1024)

  func head(_ method: HTTPMethod, _ headers: [(String, String)]) -> HTTPRequestHead {
    HTTPRequestHead(version: .http1_1, method: method, uri: "/users/x", headers: HTTPHeaders(headers))
  }

  @Test(arguments: [HTTPMethod.GET, .HEAD])
  func aGetOrHeadWithABodyIsRefused(_ method: HTTPMethod) {
    #expect(rule.refusal(of: head(method, [("Content-Length", "100000000000")])) == 413)
    #expect(rule.refusal(of: head(method, [("Content-Length", "1")])) == 413)
    #expect(rule.refusal(of: head(method, [("Transfer-Encoding", "chunked")])) == 413)
    #expect(rule.refusal(of: head(method, [("Content-Length", "0")])) == nil)
    #expect(rule.refusal(of: head(method, [])) == nil)
  }

  @Test func aDeclaredBodyOverTheLimitIsRefusedAndOneWithinItIsNot() {
    #expect(rule.refusal(of: head(.POST, [("Content-Length", "1000000000000")])) == 413)
    #expect(rule.refusal(of: head(.POST, [("Content-Length", "16385")])) == 413)
    #expect(rule.refusal(of: head(.POST, [("Content-Length", "16384")])) == nil)
    // Chunked: the route reads it up to its limit.
    #expect(rule.refusal(of: head(.POST, [("Transfer-Encoding", "chunked")])) == nil)
  }
}
