import AccountRules
import Hummingbird
import SearchFeature

/// The Search page (`/search`), which `search.js` binds to the screen over `/live/search`. "Load more" is
/// there for keyboard and screen-reader users; an append is announced in `#announcement`.
extension LiveSearchScreen {
  static func firstPaint(of request: Request, _ page: PageRequest, configuration: AppConfiguration) -> String {
    // The server's limit, so the page never sends text it would refuse.
    let maxCharacters = configuration.maxFieldCharacters
    // `/search?q=swift`, searched for once connected; a longer query is cut to what the search box holds.
    let query = String((request.formQueryParameters["q"] ?? "").prefix(maxCharacters))
    let text = PageText(language: page.language)
    let messages = SearchMessages(page.language, service: configuration.searchService)
    let content = """
      <form id="search-form" role="search">
      <label for="query">\(HTML.escape(messages.label))</label>
      <input id="query" name="q" type="search" maxlength="\(maxCharacters)" autocomplete="off" spellcheck="false" \
      autocapitalize="off" placeholder="\(HTML.escape(messages.placeholder))" aria-describedby="summary" value="\(HTML.escape(query))">
      </form>
      <p id="summary" class="summary" role="status" aria-live="polite">\(HTML.escape(messages.startHint))</p>
      <div id="failure" class="failure" role="alert" hidden>
      <p id="failure-message"></p>
      <button id="retry" type="button">\(HTML.escape(messages.retry))</button>
      </div>
      <ul id="results" class="results" aria-label="\(HTML.escape(text.results))" aria-busy="false"></ul>
      <p id="loading" class="activity" role="status" aria-live="polite" hidden>\
      <span class="spinner" aria-hidden="true"></span>\(HTML.escape(messages.loading))</p>
      <p class="more"><button id="load-more" class="secondary" type="button" aria-controls="results" hidden>\
      \(HTML.escape(messages.loadMore))</button></p>
      <p id="announcement" class="visually-hidden" role="status" aria-live="polite"></p>
      """
    return HTML.document(
      lang: page.language.rawValue, title: "\(text.searchTitle) · Octoreact", script: "/assets/search.js",
      body: HTML.liveScreen(
        LiveSearchScreen.self, title: text.searchTitle, attributes: #" class="wide""#, content: content, for: page))
  }
}
