import AccountRules
import Foundation
import SearchFeature
import SearchSyntax
import Testing

/// The Search screen's messages for a query the search cannot run, in both languages.
struct SearchMessagesSyntaxTests {
  static let errors: [SearchSyntaxError] = [
    SearchSyntaxError(.unsupportedQualifier("size")),
    SearchSyntaxError(.invalidValue(qualifier: "stars", value: "lots", expected: "a number or a range")),
    SearchSyntaxError(.numberOutOfRange(qualifier: "stars", value: ">99999999999")),
    SearchSyntaxError(.emptyRange(qualifier: "stars", value: "5..2")),
    SearchSyntaxError(.unsupportedSort("size")),
    SearchSyntaxError(.unsupportedOrder("up")),
  ]

  @Test func anUnsupportedQualifierIsNamedInBothLanguages() {
    let error = SearchSyntaxError(.unsupportedQualifier("size"))
    #expect(
      SearchMessages(.english).failure(.unsupportedQuery(error), now: .now)
        == "The search cannot use “size:”. Qualifiers it knows: \(RepositoryQuery.supportedQualifiers).")
    #expect(
      SearchMessages(.simplifiedChinese).failure(.unsupportedQuery(error), now: .now)
        == "搜索不支持“size:”。可用的限定符：\(RepositoryQuery.supportedQualifiers)。")
  }

  @Test func aBadValueSaysWhatTheQualifierTakesInChinese() {
    let message = SearchMessages(.simplifiedChinese).unsupportedQuery(
      SearchSyntaxError(.invalidValue(qualifier: "stars", value: "lots", expected: "a number or a range")))
    #expect(message == "“stars:lots”无效：stars: 的取值应为数字或范围：>N、>=N、<N、<=N、N..M 或 N。")
  }

  @Test(arguments: errors)
  func everyProblemReadsDifferentlyInEachLanguageAndQuotesTheQuery(_ error: SearchSyntaxError) {
    let english = SearchMessages(.english).unsupportedQuery(error)
    let chinese = SearchMessages(.simplifiedChinese).unsupportedQuery(error)
    #expect(!english.isEmpty && english != chinese)
    // Chinese text takes full-width punctuation; the query's own characters stay as typed.
    #expect(!chinese.contains(". ") && !chinese.hasSuffix("."))
    #expect(!english.contains("GitHub"), "the local server's refusal is not GitHub's")
  }
}
