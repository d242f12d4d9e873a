import AccountRules
import Hummingbird

/// What a live screen's page asks for: its language, its engine and whether it is inspected.
struct PageRequest: Sendable {
  let language: Language
  /// `?engine=`, else the screen's first.
  let engine: String
  /// Whether the page shows the inspector beside its screen (`?inspect`).
  let inspects: Bool

  /// - Throws: ``ErrorPage`` (`400`, naming the engines) for an unknown engine.
  init<Screen: LiveScreen>(_ request: Request, for _: Screen.Type) throws(ErrorPage) {
    language = Self.language(of: request)
    let engine = request.uri.queryParameters["engine"].map(String.init) ?? Screen.engines[0]
    guard Screen.engines.contains(engine) else {
      let problem = ErrorPage.Problem.unknownEngine(engine, screen: Screen.name, engines: Screen.engines)
      throw ErrorPage(problem: problem, language: language)
    }
    self.engine = engine
    inspects = request.uri.queryParameters["inspect"] != nil
  }

  /// `?lang=`, else `Accept-Language`, else English: the language of every page.
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
