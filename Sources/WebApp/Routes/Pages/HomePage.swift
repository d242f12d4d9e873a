/// The home page: what Octoreact is, and links to its screens.
struct HomePage: Sendable {
  var html: String {
    HTML.document(
      lang: "en",
      title: "Octoreact",
      body: """
        <main>
        <h1>Octoreact</h1>
        <p>The GitHub Signup and Search examples of RxSwift and ReactorKit, as Swift reactors running on this
        server and bound to the page over a WebSocket.</p>
        <ul>
        <li><a href="/signup">Sign up</a> (<a href="/signup?engine=mvvm">MVVM</a>,
        <a href="/signup?engine=driver">Driver</a>, <a href="/signup?lang=zh-Hans">简体中文</a>)</li>
        <li><a href="/search">Search repositories</a> (<a href="/search?lang=zh-Hans">简体中文</a>)</li>
        </ul>
        <p>API: <code>GET /users/{username}</code>, <code>POST /users</code>,
        <code>GET /search/repositories?q=…&amp;page=…&amp;per_page=…</code>.</p>
        </main>
        """
    )
  }
}
