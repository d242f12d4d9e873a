import AccountRules
import Hummingbird
import Logging

/// A page request that went wrong, answered as an HTML page in the visitor's language with the error's
/// status (the API's paths answer ``APIError`` JSON instead).
///
/// **Contract:** it renders itself, so every handler and middleware answers it alike, security headers included. What a
/// client sent is escaped and cut to ``maxEchoedCharacters``, so it can neither inject markup nor make the page large.
struct ErrorPage: HTTPResponseError, Sendable {
  enum Problem: Sendable, Equatable {
    case pageNotFound(path: String)
    case unknownEngine(String, screen: String, engines: [String])
    case repositoryNotFound(fullName: String)
    case accountNotFound(login: String)
    case invalidPercentEncoding
    /// `403`, or `429` for a secondary limit.
    case rateLimited(status: HTTPResponse.Status, retryAfterSeconds: Int)
    /// Nothing the visitor can fix.
    case internalError
    /// A database cannot be reached now: worth trying again shortly.
    case unavailable
  }

  static let maxEchoedCharacters = 100

  let problem: Problem
  let language: Language
  /// Such as a rate limit's `x-ratelimit-*`.
  var headers = HTTPFields()

  var status: HTTPResponse.Status {
    switch problem {
    case .pageNotFound, .repositoryNotFound, .accountNotFound: .notFound
    case .unknownEngine, .invalidPercentEncoding: .badRequest
    case .rateLimited(let status, _): status
    case .internalError: .internalServerError
    case .unavailable: .serviceUnavailable
    }
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var response = Response.html(html, status: status)
    response.headers.append(contentsOf: headers)
    return request.method == .head ? response.createHeadResponse() : response
  }

  /// Also the heading.
  var title: String {
    switch problem {
    case .pageNotFound: language.pick("Page not found", "页面不存在")
    case .repositoryNotFound: language.pick("Repository not found", "仓库不存在")
    case .accountNotFound: language.pick("Account not found", "账户不存在")
    case .unknownEngine: language.pick("Unknown architecture", "未知的架构")
    case .invalidPercentEncoding: language.pick("Bad address", "地址有误")
    case .rateLimited: language.pick("Too many requests", "请求过于频繁")
    case .internalError: language.pick("Something went wrong", "服务器出错了")
    case .unavailable: language.pick("Service unavailable", "服务暂不可用")
    }
  }

  /// HTML, client text escaped.
  var explanation: String {
    switch problem {
    case .pageNotFound(let path):
      let path = Self.echo(path)
      return language.pick("There is no page at \(path).", "\(path) 处没有页面。")
    case .unknownEngine(let engine, let screen, _):
      let (engine, page) = (Self.echo(engine), "<code>/\(HTML.escape(screen))</code>")
      return language.pick(
        "There is no architecture named “\(engine)”. The page \(page) runs as one of these:",
        "没有名为“\(engine)”的架构。页面 \(page) 可用以下架构之一：")
    case .repositoryNotFound(let fullName):
      let fullName = Self.echo(fullName)
      return language.pick(
        "The repository \(fullName) is not in this server’s index.", "本服务器的索引中没有仓库 \(fullName)。")
    case .accountNotFound(let login):
      let login = Self.echo(login)
      return language.pick("There is no account named \(login).", "没有名为 \(login) 的账户。")
    case .invalidPercentEncoding:
      return language.pick(
        "The address has a % that is not followed by two hexadecimal digits, or does not spell UTF-8 text.",
        "地址中的 % 后面不是两位十六进制数字，或者不是 UTF-8 文本。")
    case .rateLimited(_, let seconds):
      return language.pick(
        "This address has made too many requests. Try again in \(seconds) \(seconds == 1 ? "second" : "seconds").",
        "此地址的请求过于频繁，请在 \(seconds) 秒后重试。")
    case .internalError:
      return language.pick(
        "The server could not answer this request. Try again later.", "服务器无法处理此请求，请稍后再试。")
    case .unavailable:
      return language.pick(
        "The server cannot reach its database right now. Try again in a few seconds.",
        "服务器暂时无法连接数据库，请几秒钟后再试。")
    }
  }

  var html: String {
    let text = PageText(language: language)
    let lang = language.rawValue
    let engines: String
    if case .unknownEngine(_, let screen, let names) = problem {
      let items = names.map {
        "<li><a href=\"/\(screen)?engine=\($0)&amp;lang=\(lang)\"><code>\($0)</code></a></li>"
      }
      engines = "<ul>\n\(items.joined(separator: "\n"))\n</ul>\n"
    } else {
      engines = ""
    }
    let body = """
      <main id="error-page" data-status="\(status.code)">
      <h1>\(HTML.escape(title))</h1>
      <p>\(explanation)</p>
      \(engines)<p><a href="/?lang=\(lang)">← \(HTML.escape(language.pick("Octoreact home", "Octoreact 首页")))</a> · \
      <a href="/signup?lang=\(lang)">\(HTML.escape(text.signupTitle))</a> · \
      <a href="/search?lang=\(lang)">\(HTML.escape(text.searchTitle))</a></p>
      </main>
      """
    return HTML.document(lang: lang, title: "\(title) · Octoreact", body: body)
  }

  private static func echo(_ text: String) -> String {
    let shown = text.count > maxEchoedCharacters ? text.prefix(maxEchoedCharacters) + "…" : Substring(text)
    return "<code>\(HTML.escape(String(shown)))</code>"
  }
}

extension ErrorPage {
  /// The 404 page for a `GET` or `HEAD` no route answered (the router's bodiless `HTTPError(.notFound)`);
  /// `nil` for any other request or error.
  init?(unrouted request: Request, error: any HTTPResponseError) {
    guard request.method == .get || request.method == .head, let error = error as? HTTPError,
      error.status == .notFound, error.body == nil
    else { return nil }
    self.init(problem: .pageNotFound(path: request.uri.path), language: PageRequest.language(of: request))
  }

  /// The page that tells the visitor about `error`: itself when it is one, a `400` for a path parameter
  /// that is not percent-encoded UTF-8, and a `500` (logged by type only) for anything else.
  init(_ error: any Error, request: Request, context: some RequestContext) {
    switch error {
    case let error as ErrorPage:
      self = error
    case let error as APIError where error.message == APIError.invalidPercentEncoding.message:
      self.init(problem: .invalidPercentEncoding, language: PageRequest.language(of: request))
    default:
      context.logger.error("A page failed", metadata: ["error.type": "\(type(of: error))"])
      self.init(problem: .internalError, language: PageRequest.language(of: request))
    }
  }
}
