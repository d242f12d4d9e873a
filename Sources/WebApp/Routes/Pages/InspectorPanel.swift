import AccountRules

/// The inspector's panel beside a live screen (`?inspect`), which `inspector.js` fills with the session's
/// streams as the server sends them: a marble timeline, hidden from assistive technology, and the same
/// events as a table, which is what a screen reader or a keyboard reads.
struct InspectorPanel: Sendable {
  let text: PageText

  var html: String {
    let pick = text.language.pick
    return """
      <aside id="inspector" class="inspector" aria-labelledby="inspector-title" \
      data-pause="\(HTML.escape(pick("Pause", "暂停")))" data-resume="\(HTML.escape(pick("Resume", "继续")))" \
      data-started="\(HTML.escape(pick("started", "开始")))" data-finished="\(HTML.escape(pick("finished", "完成")))" \
      data-cancelled="\(HTML.escape(pick("cancelled", "已取消")))">
      <h2 id="inspector-title">\(HTML.escape(pick("Inspector", "检查器")))</h2>
      <p class="inspector-controls"><button id="inspector-pause" class="secondary" type="button" aria-pressed="false">\
      \(HTML.escape(pick("Pause", "暂停")))</button> <button id="inspector-download" class="secondary" type="button">\
      \(HTML.escape(pick("Download recording", "下载录制")))</button></p>
      <div id="inspector-lanes" class="lanes" aria-hidden="true"></div>
      <details><summary>\(HTML.escape(pick("Events as a table", "以表格显示事件")))</summary>
      <table class="inspector-table"><caption>\(HTML.escape(pick("The session's events, oldest first", "会话的事件，最早的在前")))</caption>
      <thead><tr><th scope="col">ms</th><th scope="col">\(HTML.escape(pick("Stream", "流")))</th>\
      <th scope="col">\(HTML.escape(pick("Event", "事件")))</th></tr></thead>
      <tbody id="inspector-rows"></tbody></table>
      </details>
      </aside>
      """
  }
}
