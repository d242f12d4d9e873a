import AccountRules
import Foundation
import Hummingbird
import SearchFeature
import SearchSyntax
import SignupFeature
import Testing
@testable import WebApp

/// The two languages' catalogues have the same keys, and Chinese texts use Chinese punctuation (issue 13,
/// item 7): read from every catalogue's source, and checked again on the texts as the server renders them.
@Suite
struct CatalogueTests {
  // MARK: - From the source: every `pick(english, chinese)` of every catalogue

  @Test func theCataloguesAreFound() throws {
    let names = try CatalogueSource.catalogueFiles().map(\.lastPathComponent)
    for expected in [
      "SignupMessages.swift", "SearchMessages.swift", "PageText.swift", "ErrorPage.swift", "LiveInputError.swift",
      "AccountPage.swift", "HomePage.swift",
    ] {
      #expect(names.contains(expected), "\(expected)")
    }
  }

  /// Every English text has a Chinese one beside it and the reverse: each `pick` has exactly an English and
  /// a Chinese side, the English without Chinese characters and the Chinese with them.
  @Test func everyEnglishKeyHasAChineseTextAndTheReverse() throws {
    for file in try CatalogueSource.catalogueFiles() {
      let picks = CatalogueSource.picks(in: try String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
      #expect(!picks.isEmpty, "\(file.lastPathComponent)")
      for pick in picks {
        #expect(!pick.english.isEmpty && !pick.chinese.isEmpty, "\(pick)")
        #expect(pick.english.allSatisfy { !$0.hasHan }, "\(pick): \(pick.english)")
        #expect(pick.chinese.joined().isChinese, "\(pick): \(pick.chinese)")
      }
    }
  }

  @Test func chineseLiteralsUseFullWidthPunctuation() throws {
    for file in try CatalogueSource.catalogueFiles() {
      for pick in CatalogueSource.picks(in: try String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
      {
        for literal in pick.chinese {
          #expect(literal.halfWidthPunctuationNextToHan.isEmpty, "\(pick): \(literal.halfWidthPunctuationNextToHan)")
        }
      }
    }
  }

  /// The lexer reads what the catalogues write: plain pairs, labelled tuples, ternaries, interpolations with
  /// quotes of their own, and multi-line literals.
  @Test func theSourceReaderSplitsEachCallIntoItsTwoLanguages() {
    let source = #"""
      func pick(_ a: String, _ b: String) -> String { a }
      var a: String { pick("Hello, \(name(", ")).", "你好，\(name)。") }
      var b: String { pick(github: ("On GitHub", "在 GitHub 上"), thisServer: ("Here (local)", "本地")) }
      var c: String { pick(count == 1 ? "1 thing" : "\(count) things", "\(count) 个") }
      var d: String {
        pick(
          """
          Two \
          lines
          """,
          "两行",
        )
      }
      """#
    let picks = CatalogueSource.picks(in: source, file: "Example.swift")
    #expect(
      picks.map(\.english) == [
        ["Hello, {}."], ["On GitHub"], ["Here (local)"], ["1 thing", "{} things"], ["Two lines"],
      ])
    #expect(picks.map(\.chinese) == [["你好，{}。"], ["在 GitHub 上"], ["本地"], ["{} 个"], ["两行"]])
    #expect(picks.map(\.line) == [2, 3, 3, 4, 6])
    #expect("注册成功!(octocat)".halfWidthPunctuationNextToHan == ["册成功!(oc"])
    #expect("密码最多 72 个字节 (UTF-8)".halfWidthPunctuationNextToHan == ["字节 (UTF"])
    #expect("“stars:x”无效：stars: 的取值".halfWidthPunctuationNextToHan.isEmpty)  // code before a space
    #expect("注册成功！（octocat）".halfWidthPunctuationNextToHan.isEmpty)
  }

  // MARK: - As rendered: every key of every catalogue, in both languages

  /// One text of a catalogue, rendered in a language.
  struct Key: Sendable, CustomTestStringConvertible {
    let name: String
    let render: @Sendable (_ chinese: Bool) -> String
    var testDescription: String { name }
  }

  static let now = Date(timeIntervalSince1970: 1_700_000_000)

  static var keys: [Key] {
    var keys: [Key] = []
    func add(_ name: String, _ render: @escaping @Sendable (_ chinese: Bool) -> String) {
      keys.append(Key(name: name, render: render))
    }
    @Sendable func signup(_ chinese: Bool) -> SignupMessages { SignupMessages(chinese ? .simplifiedChinese : .english) }
    add("SignupMessages.validating") { signup($0).validating }
    add("SignupMessages.usernameAvailable") { signup($0).usernameAvailable }
    add("SignupMessages.usernameTaken") { signup($0).usernameTaken }
    add("SignupMessages.usernameReserved") { signup($0).usernameReserved }
    add("SignupMessages.serverError") { signup($0).serverError }
    add("SignupMessages.passwordAcceptable") { signup($0).passwordAcceptable }
    add("SignupMessages.passwordRepeated") { signup($0).passwordRepeated }
    add("SignupMessages.passwordDifferent") { signup($0).passwordDifferent }
    add("SignupMessages.rateLimited(5)") { signup($0).rateLimited(retryAfter: .seconds(5)) }
    add("SignupMessages.rateLimited(nil)") { signup($0).rateLimited(retryAfter: nil) }
    add("SignupMessages.serverBusy(5)") { signup($0).serverBusy(retryAfter: .seconds(5)) }
    add("SignupMessages.serverBusy(nil)") { signup($0).serverBusy(retryAfter: nil) }
    add("SignupMessages.passwordTooShort") { signup($0).passwordTooShort(minimum: 5) }
    add("SignupMessages.passwordTooLong") { signup($0).passwordTooLong(maximumBytes: 72) }
    for violation in [
      UsernameRules.Violation.invalidCharacter("_"), .leadingHyphen, .trailingHyphen, .consecutiveHyphens,
      .tooLong(maximum: 39),
    ] {
      add("SignupMessages.username(\(violation))") { signup($0).username(violation) }
    }
    for outcome in [
      SignupOutcome.created(username: "octocat"), .refused, .failed, .rateLimited(retryAfter: .seconds(3)),
      .rateLimited(retryAfter: nil), .serverBusy(retryAfter: .seconds(3)), .serverBusy(retryAfter: nil),
    ] {
      add("SignupMessages.signup(\(outcome))") { signup($0).signup(outcome) }
    }
    add("SignupMessages.ok") { signup($0).ok }

    for service in [SearchService.github, .thisServer] {
      @Sendable func search(_ chinese: Bool) -> SearchMessages {
        SearchMessages(chinese ? .simplifiedChinese : .english, service: service)
      }
      add("SearchMessages(\(service)).label") { search($0).label }
      add("SearchMessages(\(service)).placeholder") { search($0).placeholder }
      add("SearchMessages(\(service)).startHint") { search($0).startHint }
      add("SearchMessages(\(service)).loading") { search($0).loading }
      add("SearchMessages(\(service)).loadMore") { search($0).loadMore }
      add("SearchMessages(\(service)).retry") { search($0).retry }
      add("SearchMessages(\(service)).noResults") { search($0).noResults(for: "swift") }
      add("SearchMessages(\(service)).resultCount(1)") { search($0).resultCount(1) }
      add("SearchMessages(\(service)).resultCount(1234)") { search($0).resultCount(1234) }
      add("SearchMessages(\(service)).incompleteResults") { search($0).incompleteResults }
      add("SearchMessages(\(service)).summary(12)") { search($0).summary(resultCount: 12, incomplete: false) }
      add("SearchMessages(\(service)).summary(12, incomplete)") {
        search($0).summary(resultCount: 12, incomplete: true)
      }
      add("SearchMessages(\(service)).serverError") { search($0).serverError }
      add("SearchMessages(\(service)).invalidQuery") { search($0).invalidQuery("Validation Failed") }
      add("SearchMessages(\(service)).rateLimited(1)") { search($0).rateLimited(secondsRemaining: 1) }
      add("SearchMessages(\(service)).rateLimited(42)") { search($0).rateLimited(secondsRemaining: 42) }
      add("SearchMessages(\(service)).rateLimited(nil)") { search($0).rateLimited(secondsRemaining: nil) }
      for failure in [
        SearchFailure.unavailable, .rateLimited(resetsAt: now + 9), .invalidQuery(message: "Validation Failed"),
        .queryLength(maximum: 256), .beyondResultLimit(limit: 1000),
      ] {
        add("SearchMessages(\(service)).failure(\(failure))") { search($0).failure(failure, now: now) }
      }
    }
    for query in ["size:1", "stars:lots", "stars:>2000000000", "stars:5..1"] {
      add("SearchMessages.unsupportedQuery(\(query))") { chinese in
        do throws(SearchSyntaxError) {
          _ = try RepositoryQuery.parse(query)
          return "parsed"
        } catch {
          return SearchMessages(chinese ? .simplifiedChinese : .english).unsupportedQuery(error)
        }
      }
    }

    @Sendable func page(_ chinese: Bool) -> PageText { PageText(language: chinese ? .simplifiedChinese : .english) }
    add("PageText.signupTitle") { page($0).signupTitle }
    add("PageText.username") { page($0).username }
    add("PageText.password") { page($0).password }
    add("PageText.repeatPassword") { page($0).repeatPassword }
    add("PageText.signUp") { page($0).signUp }
    add("PageText.signingUp") { page($0).signingUp }
    add("PageText.networkActivity") { page($0).networkActivity }
    add("PageText.signingUpDialog") { page($0).signingUpDialog }
    add("PageText.ok") { page($0).ok }
    add("PageText.connecting") { page($0).connecting }
    add("PageText.connected") { page($0).connected }
    add("PageText.reconnecting") { page($0).reconnecting }
    add("PageText.engine") { page($0).engine }
    add("PageText.searchTitle") { page($0).searchTitle }
    add("PageText.results") { page($0).results }

    for problem in [
      ErrorPage.Problem.pageNotFound(path: "/nowhere"),
      .unknownEngine("elm", screen: LiveSignupScreen.name, engines: LiveSignupScreen.engines),
      .repositoryNotFound(fullName: "apple/nothing"), .invalidPercentEncoding,
      .rateLimited(status: .forbidden, retryAfterSeconds: 1), .rateLimited(status: .forbidden, retryAfterSeconds: 30),
      .internalError,
    ] {
      @Sendable func error(_ chinese: Bool) -> ErrorPage {
        ErrorPage(problem: problem, language: chinese ? .simplifiedChinese : .english)
      }
      add("ErrorPage(\(problem)).title") { error($0).title }
      add("ErrorPage(\(problem)).explanation") { error($0).explanation }
    }

    for input in [
      LiveInputError.tooLarge(limit: 4096), .binary, .notJSON,
      .unknownType(allowed: ["query", "loadNextPage", "retry"]),
      .missingValue, .textTooLong(limit: 256), .duplicateKey("value"), .duplicateKey(nil),
      .tooManyRefusals(limit: WindowLimit(20, per: .seconds(60))),
    ] {
      add("LiveInputError.\(input)") { input.message($0 ? .simplifiedChinese : .english) }
    }
    return keys
  }

  @Test(arguments: keys)
  func everyKeyHasTwoDifferentTextsEachInItsLanguage(_ key: Key) {
    let english = key.render(false)
    let chinese = key.render(true)
    #expect(!english.isEmpty && !english.hasHan, "\(english)")
    #expect(chinese.hasHan, "\(chinese)")
    #expect(english != chinese)
  }

  /// Whole Chinese pages, their text without markup: what a page joins around its links is punctuated too
  /// (before, the home page read "注册 (MVVM, Driver)").
  @Test func chinesePagesUseFullWidthPunctuationAroundTheirMarkup() {
    let pages = [
      HomePage(language: .simplifiedChinese).html,
      ErrorPage(problem: .accountNotFound(login: "nobody"), language: .simplifiedChinese).html,
      ErrorPage(
        problem: .unknownEngine("elm", screen: LiveSignupScreen.name, engines: LiveSignupScreen.engines),
        language: .simplifiedChinese
      ).html,
      ErrorPage(problem: .pageNotFound(path: "/nowhere"), language: .simplifiedChinese).html,
    ]
    for page in pages {
      let text = page.replacing(/<[^>]*>/, with: "")
      #expect(text.halfWidthPunctuationNextToHan.isEmpty, "\(text.halfWidthPunctuationNextToHan)")
    }
  }

  @Test(arguments: keys)
  func renderedChineseTextsUseFullWidthPunctuation(_ key: Key) {
    let chinese = key.render(true)
    #expect(chinese.halfWidthPunctuationNextToHan.isEmpty, "\(chinese)")
  }
}
