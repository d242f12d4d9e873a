import AccountRules
import Hummingbird
import SearchFeature
import SignupFeature

/// What a page request asks for: its language and, for a live screen, its engine.
struct PageRequest: Sendable {
  let language: Language
  /// One of the screen's engines (`?engine=`), its first one when the request names none.
  let engine: String

  /// Reads `?lang=`, else `Accept-Language`; and `?engine=`, one of `engines` of the screen `screen`
  /// (`signup` or `search`; by default the Signup screen's).
  ///
  /// - Throws: ``ErrorPage`` (`400`, in the request's language, naming the engines) for an unknown engine.
  init(
    _ request: Request, screen: String = "signup", engines: [String] = SignupArchitecture.allCases.map(\.rawValue)
  ) throws(ErrorPage) {
    language = Self.language(of: request)
    let engine = request.uri.queryParameters["engine"].map(String.init) ?? engines[0]
    guard engines.contains(engine) else {
      throw ErrorPage(problem: .unknownEngine(engine, screen: screen, engines: engines), language: language)
    }
    self.engine = engine
  }

  /// The Signup architecture the request names (for a request read with the Signup screen's engines).
  var architecture: SignupArchitecture { SignupArchitecture(rawValue: engine) ?? .reactor }

  /// The language a page request asks for: `?lang=`, else `Accept-Language`, else English.
  static func language(of request: Request) -> Language {
    if let lang = request.uri.queryParameters["lang"] { return Language(languageTag: String(lang)) }
    return language(acceptLanguage: request.headers[.acceptLanguage] ?? "")
  }

  /// The first language of an `Accept-Language` header the screen speaks; English otherwise.
  static func language(acceptLanguage: String) -> Language {
    for entry in acceptLanguage.split(separator: ",") {
      let tag = entry.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      if tag.lowercased().hasPrefix("en") { return .english }
      if tag.lowercased().hasPrefix("zh") { return Language(languageTag: tag) }
    }
    return .english
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}

extension Set where Element == Character {
  fileprivate static let whitespaces: Set<Character> = [" ", "\t"]
}
