import AccountRules

/// Escapes text for HTML element content and attribute values, and frames a page's body.
enum HTML {
  /// A whole page around `body`, with the head every page shares and the page's script, a module (so it
  /// may import the shared `live-socket.js`, and runs once the document is parsed).
  static func document(lang: String, title: String, script: String? = nil, body: String) -> String {
    """
    <!doctype html>
    <html lang="\(lang)">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <link rel="icon" href="data:,">
    <title>\(escape(title))</title>
    <link rel="stylesheet" href="/assets/style.css">
    \(script.map { "<script type=\"module\" src=\"\($0)\"></script>\n" } ?? "")</head>
    <body>
    \(body)
    </body>
    </html>
    """
  }

  /// The `main` of `Screen`'s page, which `live-socket.js` binds to `/live/<name>` in the page's engine and
  /// language: its heading, the connection's status, `content`, and a link to each engine (the current one
  /// marked); with the inspector's panel beside it when the request asks for one.
  static func liveScreen<Screen: LiveScreen>(
    _: Screen.Type, title: String, attributes: String = "", content: String, for request: PageRequest
  ) -> String {
    let text = PageText(language: request.language)
    let inspect = request.inspects ? "&amp;inspect" : ""
    let links = Screen.engines.map { engine in
      let current = engine == request.engine ? #" aria-current="page""# : ""
      return #"<a href="?engine=\#(engine)&amp;lang=\#(request.language.rawValue)\#(inspect)"\#(current)>\#(engine)</a>"#
    }
    let main = """
      <main id="\(Screen.name)-screen" data-live="/live/\(Screen.name)" data-engine="\(request.engine)" \
      data-lang="\(request.language.rawValue)"\(attributes)>
      <h1>\(escape(title))</h1>
      \(text.connectionStatus)
      \(content)
      <p class="engine">\(escape(text.engine)): \(links.joined(separator: " · "))</p>
      </main>
      """
    guard request.inspects else { return main }
    return #"<div class="inspecting">\#n\#(main)\#n\#(inspectorPanel(text))\#n</div>"#
  }

  /// The inspector's panel beside a live screen (`?inspect`), which `inspector.js` fills with the session's
  /// streams as the server sends them: a marble timeline, hidden from assistive technology, and the same
  /// events as a table, which is what a screen reader or a keyboard reads.
  private static func inspectorPanel(_ text: PageText) -> String {
    let pick = text.language.pick
    return """
      <aside id="inspector" class="inspector" aria-labelledby="inspector-title" \
      data-pause="\(escape(pick("Pause", "暂停")))" data-resume="\(escape(pick("Resume", "继续")))" \
      data-started="\(escape(pick("started", "开始")))" data-finished="\(escape(pick("finished", "完成")))" \
      data-cancelled="\(escape(pick("cancelled", "已取消")))">
      <h2 id="inspector-title">\(escape(pick("Inspector", "检查器")))</h2>
      <p class="inspector-controls"><button id="inspector-pause" class="secondary" type="button" aria-pressed="false">\
      \(escape(pick("Pause", "暂停")))</button> <button id="inspector-download" class="secondary" type="button">\
      \(escape(pick("Download recording", "下载录制")))</button></p>
      <div id="inspector-lanes" class="lanes" aria-hidden="true"></div>
      <details><summary>\(escape(pick("Events as a table", "以表格显示事件")))</summary>
      <table class="inspector-table"><caption>\(escape(pick("The session's events, oldest first", "会话的事件，最早的在前")))</caption>
      <thead><tr><th scope="col">ms</th><th scope="col">\(escape(pick("Stream", "流")))</th>\
      <th scope="col">\(escape(pick("Event", "事件")))</th></tr></thead>
      <tbody id="inspector-rows"></tbody></table>
      </details>
      </aside>
      """
  }

  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
