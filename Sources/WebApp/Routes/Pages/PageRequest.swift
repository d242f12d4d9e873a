import AccountRules
import Hummingbird
import SearchFeature
import SignupFeature

/// What a page request asks for: its language and, for a live screen, its engine.
struct PageRequest: Sendable {
  let language: Language
  /// `?engine=`, else the screen's first.
  let engine: String
  /// Whether the page shows the inspector beside its screen (`?inspect`).
  let inspects: Bool

  /// - Throws: ``ErrorPage`` (`400`, naming the engines) for an unknown engine.
  init(
    _ request: Request, screen: String = "signup", engines: [String] = SignupArchitecture.allCases.map(\.rawValue)
  ) throws(ErrorPage) {
    language = Self.language(of: request)
    let engine = request.uri.queryParameters["engine"].map(String.init) ?? engines[0]
    guard engines.contains(engine) else {
      throw ErrorPage(problem: .unknownEngine(engine, screen: screen, engines: engines), language: language)
    }
    self.engine = engine
    inspects = request.uri.queryParameters["inspect"] != nil
  }

  /// `?lang=`, else `Accept-Language`, else English.
  static func language(of request: Request) -> Language {
    if let lang = request.uri.queryParameters["lang"] { return Language(languageTag: String(lang)) }
    for entry in (request.headers[.acceptLanguage] ?? "").split(separator: ",") {
      let tag = entry.split(separator: ";").first.map { String($0.trimmingOptionalWhitespace) } ?? ""
      if tag.lowercased().hasPrefix("en") { return .english }
      if tag.lowercased().hasPrefix("zh") { return Language(languageTag: tag) }
    }
    return .english
  }
}
