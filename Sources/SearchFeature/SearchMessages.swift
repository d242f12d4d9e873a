public import AccountRules
public import Foundation
public import SearchSyntax

/// Every text the Search screen shows, in one language.
///
/// English is the default; Simplified Chinese follows the wording of the Signup screen's messages
/// ("服务器发生错误！"). Texts that depend on values are functions of them, so every front end (the
/// web page, the command line) words a result count or a rate limit the same way.
///
/// For example:
///
/// ```swift
/// let messages = SearchMessages(.english)
/// messages.resultCount(1234)                                   // "1,234 repositories"
/// messages.failure(.rateLimited(resetsAt: now + 42), now: now) // "… Try again in 42 seconds."
/// ```
public struct SearchMessages: Sendable, Hashable {
  public let language: Language
  /// Who answers the searches, named in the texts that speak of it ("GitHub's rate limit…").
  public let service: SearchService

  public init(_ language: Language = .english, service: SearchService = .github) {
    self.language = language
    self.service = service
  }

  /// The text for GitHub or for this server, in the language.
  private func pick(github: (String, String), thisServer: (String, String)) -> String {
    let texts = service == .github ? github : thisServer
    return language.pick(texts.0, texts.1)
  }

  // MARK: - Field and list

  /// The search field's label.
  public var label: String { language.pick("Search repositories", "搜索仓库") }
  /// The search field's placeholder.
  public var placeholder: String { language.pick("Repository name or keywords", "仓库名称或关键词") }
  /// Shown instead of the list while the query is blank.
  public var startHint: String {
    pick(
      github: ("Type a name or keywords to search GitHub repositories.", "输入名称或关键词搜索 GitHub 仓库。"),
      thisServer: ("Type a name or keywords to search the repositories this server knows.", "输入名称或关键词搜索本服务器收录的仓库。")
    )
  }
  /// Shown while a page is loading.
  public var loading: String { language.pick("Loading…", "正在加载…") }
  /// The label of a button that loads the next page, for keyboards and screen readers.
  public var loadMore: String { language.pick("Load more", "加载更多") }
  /// The label of the button that repeats a failed request.
  public var retry: String { language.pick("Retry", "重试") }

  /// Shown instead of the list when a search found nothing.
  public func noResults(for query: String) -> String {
    language.pick("No repositories match “\(query)”", "没有与“\(query)”匹配的仓库")
  }

  /// How many repositories match: "1 repository", "1,234 repositories".
  public func resultCount(_ count: Int) -> String {
    let number = Self.grouped(count)
    return language.pick(count == 1 ? "1 repository" : "\(number) repositories", "\(number) 个仓库")
  }

  /// The line above the list: how many repositories match and, when the search said so, that the results
  /// may be incomplete.
  public func summary(resultCount count: Int, incomplete: Bool) -> String {
    guard incomplete else { return resultCount(count) }
    return language.pick("\(resultCount(count)). \(incompleteResults)", "\(resultCount(count))。\(incompleteResults)")
  }

  /// The line above the list for `state`: a hint before the first search, "Loading…", what matched and,
  /// when field qualifiers found fewer than the words, why (the index knows those repositories by name only).
  public func summary(of state: SearchReactor.State) -> String {
    guard let terms = state.searchTerms else { return startHint }
    guard let totalCount = state.totalCount else { return state.isLoading ? loading : "" }
    let summary =
      totalCount == 0 && state.repos.isEmpty
      ? noResults(for: terms) : self.summary(resultCount: totalCount, incomplete: state.incompleteResults)
    guard let leftOut = state.unfilterableMatches else { return summary }
    return language.pick("\(summary). ", "\(summary)。") + unfilterableMatches(leftOut)
  }

  /// Shown under the count when GitHub said the results may be incomplete.
  public var incompleteResults: String {
    pick(
      github: (
        "GitHub stopped searching before it looked at everything: results may be incomplete.",
        "GitHub 搜索超时，结果可能不完整。"
      ),
      thisServer: ("The search stopped before it looked at everything: results may be incomplete.", "搜索超时，结果可能不完整。")
    )
  }

  // MARK: - Failures

  /// What a failure means for the user; a rate limit counts the seconds from `now` to its reset.
  public func failure(_ failure: SearchFailure, now: Date) -> String {
    switch failure {
    case .unavailable:
      return serverError
    case .invalidQuery(let message):
      return invalidQuery(message)
    case .unsupportedQuery(let error):
      return unsupportedQuery(error)
    case .rateLimited(let resetsAt):
      // `exactly`: a reset too far away for an Int (a hostile header) reads as unknown, instead of trapping.
      let seconds = resetsAt.flatMap { Int(exactly: $0.timeIntervalSince(now).rounded(.up)) }
      return rateLimited(secondsRemaining: seconds)
    case .queryLength(let maximum):
      return language.pick(
        "The search must be 1 to \(Self.grouped(maximum)) characters long.",
        "搜索内容应为 1 到 \(Self.grouped(maximum)) 个字符。")
    case .beyondResultLimit(let limit):
      return language.pick(
        "Only the first \(Self.grouped(limit)) search results are available.",
        "只能查看前 \(Self.grouped(limit)) 条搜索结果。")
    }
  }

  /// The request got no usable answer.
  public var serverError: String { language.pick("Error contacting server", "服务器发生错误！") }

  /// GitHub refused the query, with its own explanation.
  public func invalidQuery(_ message: String) -> String {
    pick(
      github: ("GitHub cannot run this search: \(message)", "GitHub 无法执行此搜索：\(message)"),
      thisServer: ("This search cannot run: \(message)", "无法执行此搜索：\(message)")
    )
  }

  /// The query cannot be run as written: what is wrong, and what would be right.
  public func unsupportedQuery(_ error: SearchSyntaxError) -> String {
    let qualifiers = RepositoryQuery.supportedQualifiers
    switch error.kind {
    case .unsupportedQualifier(let name):
      return language.pick(
        "The search cannot use “\(name):”. Qualifiers it knows: \(qualifiers).",
        "搜索不支持“\(name):”。可用的限定符：\(qualifiers)。")
    case .invalidValue(let qualifier, let value, let expected):
      return language.pick(
        "“\(qualifier):\(value)” is not valid: \(qualifier): takes \(expected).",
        "“\(qualifier):\(value)”无效：\(qualifier): 的取值应为\(Self.chineseExpectation(qualifier))。")
    case .numberOutOfRange(let qualifier, let value):
      return language.pick(
        "“\(qualifier):\(value)” is not valid: numbers must be between 0 and 1,000,000,000.",
        "“\(qualifier):\(value)”无效：数字应在 0 到 1,000,000,000 之间。")
    case .emptyRange(let qualifier, let value):
      return language.pick("“\(qualifier):\(value)” matches no number.", "“\(qualifier):\(value)”不包含任何数字。")
    case .unsupportedSort(let value):
      return language.pick(
        "Sorting by “\(value)” is not supported: use stars, forks or updated.",
        "不支持按“\(value)”排序：可用 stars、forks 或 updated。")
    case .unsupportedOrder(let value):
      return language.pick(
        "The order “\(value)” is not supported: use asc or desc.", "不支持排序方向“\(value)”：可用 asc 或 desc。")
    }
  }

  /// What a qualifier takes, in Chinese (``SearchSyntaxError`` words it in English).
  private static func chineseExpectation(_ qualifier: String) -> String {
    switch qualifier {
    case "user", "org": "用户名或组织名"
    case "language": "语言名称，例如 swift"
    case "topic": "主题：小写字母、数字和连字符"
    case "stars", "forks": "数字或范围：>N、>=N、<N、<=N、N..M 或 N"
    case "fork": "true 或 only"
    case "archived": "true 或 false"
    case "in": "name、description 或 topics"
    default: "受支持的值"
    }
  }

  /// ``rateLimited(secondsRemaining:)`` with `{seconds}` where a page counting down by itself writes the
  /// seconds left (both languages write them as digits, once), or nil if a language ever does not.
  public var rateLimitedCountdown: String? {
    let template = rateLimited(secondsRemaining: 2).replacingOccurrences(of: "2", with: "{seconds}")
    return template.contains("{seconds}") ? template : nil
  }

  /// The rate limit is exhausted; `secondsRemaining` is `nil` when the reset time is unknown, and
  /// is shown as at least 1.
  public func rateLimited(secondsRemaining: Int?) -> String {
    guard let secondsRemaining else {
      return pick(
        github: ("GitHub's rate limit is exhausted. Try again later.", "GitHub 的请求次数已用完，请稍后再试。"),
        thisServer: ("This server's rate limit is exhausted. Try again later.", "本服务器的请求次数已用完，请稍后再试。")
      )
    }
    let seconds = max(1, secondsRemaining)
    let unit = seconds == 1 ? "second" : "seconds"
    return pick(
      github: (
        "GitHub's rate limit is exhausted. Try again in \(seconds) \(unit).",
        "GitHub 的请求次数已用完，请在 \(seconds) 秒后再试。"
      ),
      thisServer: (
        "This server's rate limit is exhausted. Try again in \(seconds) \(unit).",
        "本服务器的请求次数已用完，请在 \(seconds) 秒后再试。"
      )
    )
  }

  /// `1234567` as `1,234,567`: the same in both languages and independent of the machine's locale.
  private static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var groups: [Substring] = []
    var end = digits.endIndex
    while end > digits.startIndex {
      let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
      groups.insert(digits[start..<end], at: 0)
      end = start
    }
    return (number < 0 ? "-" : "") + groups.joined(separator: ",")
  }
}

// MARK: - Result rows and paging

extension SearchMessages {
  /// A result's stars: "1 star", "1,234 stars", or "Stars unknown" when the server has no figure
  /// (a repository known only by name), never "0 stars".
  public func stars(_ count: Int?) -> String {
    guard let count else { return language.pick("Stars unknown", "星标数未知") }
    let number = Self.grouped(count)
    return language.pick(count == 1 ? "1 star" : "\(number) stars", "\(number) 个星标")
  }

  /// When a result last changed: "Updated on 2024-05-01", the day in UTC (the same for every reader,
  /// as the API's `updated_at`).
  public func updated(_ date: Date) -> String {
    let day = ISO8601DateFormatter.string(from: date, timeZone: .gmt, formatOptions: [.withFullDate])
    return language.pick("Updated on \(day)", "更新于 \(day)")
  }

  /// Announced when a next page was added to the list: how many came, how many are shown, of how many.
  public func appended(_ count: Int, shown: Int, of total: Int) -> String {
    let added = Self.grouped(count)
    let shownNumber = Self.grouped(shown)
    let totalNumber = Self.grouped(total)
    let more = count == 1 ? "1 more repository" : "\(added) more repositories"
    return language.pick(
      "\(more) loaded: \(shownNumber) of \(totalNumber) shown.",
      "又加载了 \(added) 个仓库，已显示 \(shownNumber) 个（共 \(totalNumber) 个）。"
    )
  }
}

// MARK: - Repositories known only by name

extension SearchMessages {
  /// Why a query with field qualifiers found fewer repositories than its words: "12 repositories match
  /// “swift” but this index has no language or stars for them: fill it with `octoreact index sync
  /// --github` to filter on those."
  public func unfilterableMatches(_ matches: UnfilterableMatches) -> String {
    let number = Self.grouped(matches.count)
    let one = matches.count == 1
    let englishFields = Self.list(matches.qualifiers.map(Self.englishField), separator: ", ", last: " or ")
    let chineseFields = Self.list(matches.qualifiers.map(Self.chineseField), separator: "、", last: "或")
    let command = "`octoreact index sync --github`"
    let english =
      matches.words.isEmpty
      ? (one ? "1 repository in this index has" : "\(number) repositories in this index have")
        + " no \(englishFields): fill it with \(command) to filter on those."
      : (one ? "1 repository matches" : "\(number) repositories match")
        + " “\(matches.words)” but this index has no \(englishFields) for \(one ? "it" : "them"): fill it with"
        + " \(command) to filter on those."
    let chinese =
      matches.words.isEmpty
      ? "此索引中有 \(number) 个仓库没有\(chineseFields)信息：请用 \(command) 补全索引后再按这些条件筛选。"
      : "有 \(number) 个仓库与“\(matches.words)”匹配，但此索引没有它们的\(chineseFields)信息：请用 \(command) 补全索引后再按这些条件筛选。"
    return language.pick(english, chinese)
  }

  /// The field a qualifier filters on, in English ("stars" for `stars:`).
  private static func englishField(_ qualifier: String) -> String {
    switch qualifier {
    case "fork": "fork flag"
    case "archived": "archived flag"
    case "topic": "topics"
    default: qualifier
    }
  }

  /// The field a qualifier filters on, in Chinese ("星标数" for `stars:`).
  private static func chineseField(_ qualifier: String) -> String {
    switch qualifier {
    case "language": "语言"
    case "stars": "星标数"
    case "forks": "复刻数"
    case "fork": "是否复刻"
    case "archived": "是否归档"
    case "topic": "主题"
    default: qualifier
    }
  }

  /// The items joined by `separator`, the last two by `last`: "a, b or c", "甲、乙或丙".
  private static func list(_ items: [String], separator: String, last: String) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: separator) + last + items[items.count - 1]
  }
}
