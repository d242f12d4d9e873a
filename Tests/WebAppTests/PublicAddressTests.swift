import Testing
@testable import WebApp

/// The public base URL and the origins allowed to open live pages.
struct PublicAddressTests {
  func address(host: String = "127.0.0.1", port: Int = 8080, publicURL: String? = nil, origins: [String] = [])
    -> PublicAddress
  {
    var configuration = AppConfiguration(host: host, port: port)
    configuration.publicBaseURL = publicURL
    configuration.allowedOrigins = origins
    return PublicAddress(configuration, localAddress: LocalAddress(host: host, port: port))
  }

  @Test(arguments: [
    ("127.0.0.1", "http://127.0.0.1:8080"), ("0.0.0.0", "http://localhost:8080"), ("::", "http://localhost:8080"),
    ("::1", "http://[::1]:8080"), ("192.168.1.20", "http://192.168.1.20:8080"),
  ])
  func theDefaultBaseURLIsTheAddressBound(_ host: String, _ baseURL: String) {
    #expect(address(host: host).baseURL == baseURL)
  }

  @Test func theBaseURLFollowsThePortActuallyBound() {
    let local = LocalAddress(host: "127.0.0.1", port: 0)
    let address = PublicAddress(AppConfiguration(port: 0), localAddress: local)
    local.set(host: "127.0.0.1", port: 51_234)
    #expect(address.baseURL == "http://127.0.0.1:51234")
  }

  @Test func aConfiguredBaseURLWinsWithoutItsTrailingSlash() {
    #expect(address(publicURL: "https://octoreact.example/").baseURL == "https://octoreact.example")
  }

  @Test(arguments: [
    ("http://127.0.0.1:8080", true), ("http://localhost:8080", true), ("http://[::1]:8080", true),
    ("HTTP://LOCALHOST:8080", true), ("http://127.0.0.1:8081", false), ("https://127.0.0.1:8080", false),
    ("https://evil.example", false), ("null", false), ("", false), ("file://", false),
  ])
  func byDefaultOnlyThisServersOriginMayOpenLivePages(_ origin: String, _ allowed: Bool) {
    #expect(address().allowsOrigin(origin) == allowed)
  }

  @Test(arguments: [nil, "ws://localhost", "wss://client.example:9000"])
  func aRequestWithoutABrowsersOriginPasses(_ origin: String?) {
    #expect(address().allowsOrigin(origin))
  }

  @Test func configuredOriginsReplaceTheDefault() {
    let address = address(origins: ["https://octoreact.example", "https://app.example:8443"])
    #expect(address.allowsOrigin("https://octoreact.example"))
    #expect(address.allowsOrigin("https://octoreact.example:443"))
    #expect(address.allowsOrigin("https://app.example:8443"))
    #expect(!address.allowsOrigin("http://127.0.0.1:8080"))
  }

  @Test func aPublicURLOfAnotherHostIsTheAllowedOrigin() {
    let address = address(publicURL: "https://octoreact.example")
    #expect(address.allowsOrigin("https://octoreact.example"))
    #expect(!address.allowsOrigin("http://localhost:8080"))
  }

  @Test(arguments: [
    "https://octoreact.example", "https://octoreact.example/", "http://127.0.0.1:8080", "https://example.com/octoreact",
  ])
  func aBaseURLWithAHostAndAPathIsAccepted(_ text: String) {
    #expect(PublicAddress.problem(withBaseURL: text) == nil)
  }

  @Test(arguments: [
    ("https://octoreact.example?x=1", "must not have a query"),
    ("https://octoreact.example/?", "must not have a query"),
    ("https://octoreact.example#top", "must not have a fragment"),
    ("https://octoreact.example/#", "must not have a fragment"),
    ("https://user:secret@octoreact.example", "must not carry a user name or password"),
    ("https://user@octoreact.example", "must not carry a user name or password"),
    ("ftp://octoreact.example", "must be an http:// or https:// URL"), ("octoreact.example", "must be an http://"),
    ("https://", "must be an http://"), ("", "must be an http://"),
  ])
  func aBaseURLThatWouldBreakOrLeakLinksIsRefused(_ text: String, _ problem: String) {
    let found = PublicAddress.problem(withBaseURL: text)
    #expect(found?.hasPrefix(problem) == true, "\(text): \(found ?? "accepted")")
    #expect(found?.contains("secret") != true, "the password is never repeated")
  }
}
