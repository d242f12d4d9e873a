import AccountRules
import SignupFeature

/// The home page: what Octoreact is, and links to its screens, in the visitor's language (`?lang=`,
/// else `Accept-Language`); every link keeps that language.
struct HomePage: Sendable {
  let language: Language

  var html: String {
    let lang = language.rawValue
    let pick = language.pick
    let other: (tag: String, name: String) = language == .english ? ("zh-Hans", "简体中文") : ("en", "English")
    return HTML.document(
      lang: lang,
      title: "Octoreact",
      body: """
        <main>
        <h1>Octoreact</h1>
        <p>\(pick(
          """
          The GitHub Signup and Search examples of RxSwift and ReactorKit, as Swift reactors running on this \
          server and bound to the page over a WebSocket.
          """,
          "RxSwift 与 ReactorKit 的 GitHub 注册与搜索示例：Swift reactor 运行在本服务器上，通过 WebSocket 与页面绑定。"
        ))</p>
        <ul>
        <li><a href="/signup?lang=\(lang)">\(pick("Sign up", "注册"))</a>\(pick(" (", "（"))\
        <a href="/signup?engine=mvvm&amp;lang=\(lang)">MVVM</a>\(pick(", ", "、"))\
        <a href="/signup?engine=driver&amp;lang=\(lang)">Driver</a>\(pick(", ", "、"))\
        <a href="/signup?engine=feedback&amp;lang=\(lang)">\(pick("feedback loops", "反馈循环"))</a>\(pick(")", "）"))</li>
        <li><a href="/search?lang=\(lang)">\(pick("Search repositories", "搜索仓库"))</a>\(pick(" (", "（"))\
        <a href="/search?engine=feedback&amp;lang=\(lang)">\(pick("feedback loops", "反馈循环"))</a>\(pick(")", "）"))</li>
        </ul>
        <p><a href="/?lang=\(other.tag)" hreflang="\(other.tag)" lang="\(other.tag)">\(other.name)</a></p>
        <p>API: <code>GET /users/{username}</code>, <code>POST /users</code>,
        <code>GET /search/repositories?q=…&amp;page=…&amp;per_page=…</code>.</p>
        </main>
        """
    )
  }
}
