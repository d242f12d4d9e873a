/// The home page: what Octoreact is, and links to its screens.
struct HomePage: Sendable {
  var html: String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <link rel="icon" href="data:,">
    <title>Octoreact</title>
    <link rel="stylesheet" href="/assets/style.css">
    </head>
    <body>
    <main>
    <h1>Octoreact</h1>
    <p>The GitHub Signup and Search examples of RxSwift and ReactorKit, as Swift reactors running on this
    server and bound to the page over a WebSocket.</p>
    <ul>
    <li><a href="/signup">Sign up</a> (<a href="/signup?engine=mvvm">MVVM</a>,
    <a href="/signup?engine=driver">Driver</a>, <a href="/signup?lang=zh-Hans">简体中文</a>)</li>
    </ul>
    <p>API: <code>GET /users/{username}</code>, <code>POST /users</code>.</p>
    </main>
    </body>
    </html>
    """
  }
}
