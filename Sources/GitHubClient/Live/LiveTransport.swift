import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// One HTTP exchange of the live client: builds the request, enforces the timeout and body limit, maps failures.
struct LiveTransport: Sendable {
  let configuration: GitHubClientConfiguration
  let httpClient: HTTPClient

  /// A response read in full.
  struct Response: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: ByteBuffer

    /// Every value of the header `name`, joined with `, ` as RFC 9110 allows for list headers; nil when absent.
    func headerValue(_ name: String) -> String? {
      let values = headers[name]
      return values.isEmpty ? nil : values.joined(separator: ", ")
    }
  }

  /// Sends a request to `{base}/{segments…}?{query…}` and reads the whole response within the configured timeout.
  func send(
    _ method: HTTPMethod,
    _ segments: [String],
    query: [(name: String, value: String)] = [],
    json body: [UInt8]? = nil
  ) async throws(GitHubClientError) -> Response {
    let queryString = query.isEmpty ? "" : "?" + QueryString.encode(query)
    let url = PathSegment.url(base: configuration.baseURL, segments: segments) + queryString
    var request = HTTPClientRequest(url: url)
    request.method = method
    request.headers.add(name: "Accept", value: "application/vnd.github+json")
    request.headers.add(name: "X-GitHub-Api-Version", value: "2022-11-28")
    request.headers.add(
      name: "User-Agent", value: configuration.userAgent.isEmpty ? "octoreact" : configuration.userAgent)
    if let token = configuration.token, !token.isEmpty {
      request.headers.add(name: "Authorization", value: "Bearer \(token)")
    }
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(body)
    }

    let logger = configuration.logger
    let path = "/" + segments.map(PathSegment.encode(_:)).joined(separator: "/") + queryString
    let start = ContinuousClock.now
    let deadline = start + configuration.timeout
    do {
      let response = try await httpClient.execute(request, timeout: TimeAmount(configuration.timeout))
      let bytes = try await Self.collect(response.body, upTo: configuration.maxResponseBodySize, deadline: deadline)
      logger.debug(
        "GitHub API response",
        metadata: [
          "method": "\(method.rawValue)", "path": "\(path)", "status": "\(response.status.code)",
          "duration": "\(ContinuousClock.now - start)",
        ]
      )
      return Response(status: Int(response.status.code), headers: response.headers, body: bytes)
    } catch {
      let failure = map(error, url: url)
      logger.debug(
        "GitHub API request failed",
        metadata: ["method": "\(method.rawValue)", "path": "\(path)", "error": "\(failure)"]
      )
      throw failure
    }
  }

  /// Reads the body up to `limit` bytes, failing when `deadline` passes first.
  ///
  /// AsyncHTTPClient's deadline stops at the response head, so a server that stalls mid-body needs this race.
  private static func collect(
    _ body: HTTPClientResponse.Body,
    upTo limit: Int,
    deadline: ContinuousClock.Instant
  ) async throws -> ByteBuffer {
    try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
      group.addTask { try await body.collect(upTo: limit) }
      group.addTask {
        try await Task.sleep(until: deadline, clock: .continuous)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let buffer = first else { throw GitHubClientError.timeout }
      return buffer
    }
  }

  /// Turns whatever the HTTP stack threw for a request to `url` into a ``GitHubClientError`` without the token in it.
  func map(_ error: any Error, url: String) -> GitHubClientError {
    switch error {
    case let error as GitHubClientError:
      return error
    case is NIOTooManyBytesError:
      return .invalidResponse("response body larger than \(configuration.maxResponseBodySize) bytes")
    case is CancellationError:
      return .cancelled
    case let error as HTTPClientError:
      switch error {
      case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout, .getConnectionFromPoolTimeout,
        .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
        return .timeout
      case .cancelled:
        return .cancelled
      case .redirectCycleDetected, .redirectLimitReached:
        return .tooManyRedirects(url: redact(url))
      default:
        return .transport(redact(String(describing: error)))
      }
    case let error as IOError:
      return .transport(redact(error.description))
    default:
      return .transport(redact(Self.shortDescription(of: error)))
    }
  }

  /// Removes the token from a text that may echo request details.
  func redact(_ text: String) -> String {
    guard let token = configuration.token, !token.isEmpty else { return text }
    return text.replacingOccurrences(of: token, with: "<redacted>")
  }

  /// The error's description, cut to 300 characters.
  private static func shortDescription(of error: any Error) -> String {
    let text = String(describing: error)
    return text.count > 300 ? String(text.prefix(300)) + "…" : text
  }
}
