import AccountRules
import AccountStore
import Foundation
import SignupFeature

/// An account's page at `/{login}`, as on GitHub, where the Signup page goes after a signup. Logins and
/// the server's own top-level paths share one namespace, which is why signup refuses reserved names.
struct AccountPage: Sendable {
  let language: Language
  let account: Account

  var html: String {
    let text = PageText(language: language)
    let query = language == .english ? "" : "?lang=\(language.rawValue)"
    let links = """
      <p><a href="/signup\(query)">← \(HTML.escape(text.signupTitle))</a> · \
      <a href="/search\(query)">\(HTML.escape(text.searchTitle))</a></p>
      """
    let created = Timestamp.day(of: account.createdAt)
    let body = """
      <main id="account-page">
      \(links)
      <h1>\(HTML.escape(account.login))</h1>
      <dl class="facts">
      <dt>\(HTML.escape(language.pick("Joined", "加入时间")))</dt>\
      <dd><time datetime="\(Timestamp.string(from: account.createdAt))">\(created)</time></dd>
      </dl>
      </main>
      """
    return HTML.document(lang: language.rawValue, title: "\(account.login) · Octoreact", body: body)
  }
}
